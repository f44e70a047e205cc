import Foundation
import LarderNet
import Testing
import TestSupport

/// `--header` and `--cookies`: read strictly, and sent to the sites they name, to no other.
@Suite(.serialized) struct SessionHeadersTests {
    @Test func aHeaderNamesItsHost() async throws {
        let header = try SessionHeaders.header(parsing: "Example.org  Cookie: consent=yes; lang=de")
        #expect(header == .init(host: "example.org", name: "Cookie", value: "consent=yes; lang=de"))
        #expect(try SessionHeaders.header(parsing: "127.0.0.1 X-Token: a:b").value == "a:b")
        // Without a host, or with a header where the host should be: said, and the value not repeated.
        for text in ["Cookie: secret=1", "Referer: https://example.org/", "Cookie:secret=1"] {
            #expect {
                _ = try SessionHeaders.header(parsing: text)
            } throws: { error in
                let message = String(describing: error)
                return message.contains("host") && !message.contains("secret") && !message.contains("//example.org")
            }
        }
        #expect(throws: HeaderProblem.self) { try SessionHeaders.header(parsing: "example.org Host: other.org") }
        #expect(throws: HeaderProblem.self) { try SessionHeaders.header(parsing: "example.org Bad Name: x") }
        #expect(throws: HeaderProblem.self) { try SessionHeaders.header(parsing: "example.org X-A: one\r\nX-B: two") }
        #expect(throws: HeaderProblem.self) { try SessionHeaders.header(parsing: "example.org") }
    }

    @Test func headersGoToTheirHostAndItsSubdomainsOnly() async throws {
        let session = SessionHeaders(headers: [try SessionHeaders.header(parsing: "example.org Authorization: Bearer t")])
        #expect(session.fields(for: URL(string: "https://example.org/a")!) == ["Authorization": "Bearer t"])
        #expect(session.fields(for: URL(string: "https://www.example.org/a")!) == ["Authorization": "Bearer t"])
        #expect(session.fields(for: URL(string: "https://badexample.org/a")!).isEmpty)
        #expect(session.fields(for: URL(string: "https://example.org.evil.net/a")!).isEmpty)
    }

    @Test func aNetscapeCookieFileIsReadAsBrowsersWriteIt() async throws {
        let file = """
            # Netscape HTTP Cookie File
            # https://curl.se/docs/http-cookies.html
            .example.org\tTRUE\t/\tFALSE\t0\tconsent\tyes
            #HttpOnly_shop.example.org\tFALSE\t/cart\tTRUE\t4102444800\tsession\tabc123
            old.example.org\tFALSE\t/\tFALSE\t1000\texpired\tgone
            example.org\tFALSE\t/\tFALSE\t0\tempty\t

            """
        let jar = try CookieJar(netscapeFile: Data(file.utf8))
        #expect(jar.cookies.count == 4)
        #expect(jar.header(for: URL(string: "http://www.example.org/recipes")!) == "consent=yes")
        #expect(jar.header(for: URL(string: "http://example.org/")!) == "consent=yes; empty=")
        // Secure, its host only, within its path.
        #expect(jar.header(for: URL(string: "https://shop.example.org/cart/1")!) == "session=abc123; consent=yes")
        #expect(jar.header(for: URL(string: "http://shop.example.org/cart/1")!) == "consent=yes")
        #expect(jar.header(for: URL(string: "https://shop.example.org/cartoon")!) == "consent=yes")
        #expect(jar.header(for: URL(string: "https://a.shop.example.org/cart")!) == "consent=yes")
        // Expired.
        #expect(jar.header(for: URL(string: "http://old.example.org/")!) == "consent=yes")
        #expect(jar.header(for: URL(string: "http://other.net/")!) == nil)
    }

    @Test func aBrokenCookieLineIsNamed() {
        #expect {
            _ = try CookieJar(netscapeFile: Data("# ok\nexample.org TRUE / FALSE 0 name value\n".utf8))
        } throws: { error in
            String(describing: error) == "line 2 is not a Netscape cookie: it has 1 field where a cookie line has 7, separated by tabs"
        }
        #expect(throws: CookieFileProblem.self) {
            _ = try CookieJar(netscapeFile: Data("example.org\tFALSE\t/\tFALSE\tsoon\tname\tvalue\n".utf8))
        }
    }

    /// On the wire: a header and a cookie for one loopback host reach it, on each hop of a
    /// redirect within it, and never the other host, not even when a redirect leads there.
    @Test func onTheWireOnlyTheNamedHostGetsThem() async throws {
        let server = try await LocalServer(hosts: 2)
        let jar = try CookieJar(netscapeFile: Data("127.0.0.1\tFALSE\t/\tFALSE\t0\tconsent\tyes\n".utf8))
        var settings = FetchSettings()
        settings.session = SessionHeaders(headers: [try SessionHeaders.header(parsing: "127.0.0.1 X-Session: s3cret")], cookies: jar)
        let fetcher = Fetcher(settings: settings)
        _ = try await fetcher.fetch(server.url("/recipe/mine"))
        _ = try await fetcher.fetch(server.url("/recipe/theirs", host: "127.0.0.2"))
        let elsewhere = server.url("/recipe/redirected", host: "127.0.0.2").absoluteString
        _ = try await fetcher.fetch(server.url("/fault/redirect?to=\(elsewhere)"))
        let requests = try server.requests()
        let mine = requests.filter { $0.host == "127.0.0.1" }
        let theirs = requests.filter { $0.host == "127.0.0.2" }
        #expect(mine.count == 2 && theirs.count == 2)
        #expect(mine.allSatisfy { $0.headers["x-session"] == "s3cret" && $0.headers["cookie"] == "consent=yes" })
        #expect(theirs.allSatisfy { $0.headers["x-session"] == nil && $0.headers["cookie"] == nil })
    }
}

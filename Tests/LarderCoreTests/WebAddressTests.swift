import Foundation
import LarderCore
import Testing

/// What counts as a web address, wherever Larder asks (inputs, `scrape`, `--url`, `--mealdb-base`).
struct WebAddressTests {
    @Test(arguments: [
        "https://example.com/recipe", "http://example.com", "HTTP://EXAMPLE.COM/Soup", "Https://example.com:8080/a?b=c#d",
        "http://127.0.0.1:8000/page.html", "http://[::1]/x", "https://xn--bcher-kva.example/kochen",
    ])
    func isAWebAddress(_ text: String) {
        #expect(WebAddress(text) != nil, "\(text)")
        #expect(WebAddress(text)?.description == text)
    }

    @Test(arguments: [
        "file:///etc/passwd", "FILE://localhost/etc/passwd", "//example.com/recipe", "javascript:alert(1)", "data:text/html,<b>x</b>",
        "ftp://example.com/recipe", "www.example.com/recipe", "example.com", "http:recipe", "http://", "https:///path",
        "recipes/soup.json", "/home/me/http://x", "mealdb:search=soup", "", " ",
    ])
    func isNotAWebAddress(_ text: String) {
        #expect(WebAddress(text) == nil, "\(text)")
        #expect(!WebAddress.isWebAddress(text))
    }

    /// A space is not part of an address: surrounding spaces are not trimmed away (an input is
    /// taken as written), and one inside the host makes no host.
    @Test func spacesAreNotTrimmedAway() {
        #expect(WebAddress(" https://example.com/") == nil)
        #expect(WebAddress("https://exa mple.com/") == nil)
    }

    /// One row: the text, the address it is as written (nil: none), and once the spaces and
    /// line breaks around it are taken off (`init(trimming:)`, for a file's field or a page).
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var asWritten: String?
        var trimmed: String?
        var testDescription: String { text.debugDescription }
    }

    static let table: [Case] = [
        Case(text: "HTTP://x", asWritten: "HTTP://x", trimmed: "HTTP://x"),
        Case(text: " https://x ", asWritten: nil, trimmed: "https://x"),
        Case(text: "\thttps://example.org/soup\n", asWritten: nil, trimmed: "https://example.org/soup"),
        Case(text: "https:/x", asWritten: nil, trimmed: nil),
        Case(text: "file:///etc/passwd", asWritten: nil, trimmed: nil),
        Case(text: "javascript:", asWritten: nil, trimmed: nil),
        Case(text: "javascript:alert(1)", asWritten: nil, trimmed: nil),
        Case(text: " javascript:alert(1)", asWritten: nil, trimmed: nil),
        Case(text: "//host/path", asWritten: nil, trimmed: nil),
        Case(text: "https://user:pw@host", asWritten: "https://user:pw@host", trimmed: "https://user:pw@host"),
        Case(text: "https://bücher.example/kochen", asWritten: "https://bücher.example/kochen", trimmed: "https://bücher.example/kochen"),
        Case(text: "http://", asWritten: nil, trimmed: nil),
        Case(text: "https:///a.jpg", asWritten: nil, trimmed: nil),
        Case(text: "http:recipe", asWritten: nil, trimmed: nil),
        Case(text: "ftp://example.com/recipe", asWritten: nil, trimmed: nil),
        Case(text: "httpbin cookbook", asWritten: nil, trimmed: nil),
        Case(text: "https://exa mple.com/", asWritten: nil, trimmed: nil),
        Case(text: "https://example.com/a b.jpg", asWritten: "https://example.com/a b.jpg", trimmed: "https://example.com/a b.jpg"),
    ]

    @Test(arguments: table)
    func tableOfAddresses(_ row: Case) {
        #expect(WebAddress(row.text)?.text == row.asWritten)
        #expect(WebAddress.isWebAddress(row.text) == (row.asWritten != nil))
        #expect(WebAddress(trimming: row.text)?.text == row.trimmed)
    }

    /// The host is what follows the user and password, so `https://bank.example@evil.example`
    /// names evil.example, as a browser reads it.
    @Test func theHostFollowsTheUserAndPassword() {
        #expect(WebAddress("https://user:pw@host/soup")?.url.host == "host")
        #expect(WebAddress("https://bank.example@evil.example/")?.url.host == "evil.example")
    }

    /// A path with a space is an address (Foundation encodes it in `url`); the text is kept as
    /// written, which is what a recipe keeps.
    @Test func theTextIsKeptAsWritten() throws {
        let address = try #require(WebAddress("https://example.com/a b.jpg"))
        #expect(address.url.absoluteString == "https://example.com/a%20b.jpg")
        #expect(address.text == "https://example.com/a b.jpg")
    }

    /// A URL made otherwise (a page's link resolved against the page) is held to the same rule.
    @Test func aURLIsHeldToTheSameRule() throws {
        #expect(WebAddress(try #require(URL(string: "HTTPS://example.com/x"))) != nil)
        #expect(WebAddress(try #require(URL(string: "https:///x"))) == nil)
        #expect(WebAddress(try #require(URL(string: "file:///etc/passwd"))) == nil)
    }

    /// A host written in its own script (IDN) is an address, whether Foundation keeps it as
    /// written or encodes it.
    @Test func aHostInItsOwnScriptIsAnAddress() {
        let address = WebAddress("https://bücher.example/kochen")
        #expect(address != nil)
        #expect(address?.url.host?.isEmpty == false)
    }
}

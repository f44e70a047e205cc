import Foundation
import Testing
import TestSupport

/// `larder import` as a crawler, run as a person runs it against loopback sites: robots.txt,
/// sitemaps over shards, headers and cookies that go nowhere else, updates said as updates,
/// pictures fetched for recipes already imported.
@Suite(.serialized) struct CrawlCommandTests {
    let scratch: ScratchFolder
    let robots: URL
    let site: URL

    init() async throws {
        scratch = try ScratchFolder()
        robots = scratch.path("robots")
        site = scratch.path("site")
        for folder in [robots, site] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    }

    var library: String { scratch.path("library").path }

    func larder(_ arguments: [String]) async throws -> ProgramRun {
        try await LarderCommand.run(["import", "--library", library, "--cache", scratch.path("cache").path] + arguments)
    }

    func entries() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: library).appendingPathComponent("report.json"))
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["entries"] as? [[String: Any]])
    }

    @Test func aPageRobotsTxtForbidsIsSkippedWithItsRuleUnlessRobotsAreIgnored() async throws {
        try Data("User-agent: *\nDisallow: /recipe/private-\n".utf8).write(to: robots.appendingPathComponent("default.txt"))
        let server = try await LocalServer(robots: robots)
        let (open, closed) = (server.url("/recipe/open-stew").absoluteString, server.url("/recipe/private-soup").absoluteString)
        let run = try await larder([open, closed])
        #expect(run.status == 0)
        #expect(run.output.contains("Import: 1 imported, 1 skipped, 0 failed"))
        #expect(run.errors.contains("skipped: \(closed): [read] robots.txt of 127.0.0.1:\(server.port) does not allow Larder to fetch it (Disallow: /recipe/private-)"))
        let skipped = try #require(try entries().first { $0["input"] as? String == closed })
        #expect(skipped["status"] as? String == "skipped")
        #expect((skipped["reason"] as? String)?.contains("Disallow: /recipe/private-") == true)
        // Asked ahead while the new library was made, and once.
        #expect(try server.requests().filter { $0.path == "/robots.txt" }.count == 1)

        let ignoring = try await larder([closed, "--ignore-robots"])
        #expect(ignoring.output.contains("Import: 1 imported, 0 skipped, 0 failed"))
        #expect(ignoring.errors.contains("note: robots.txt was not read (--ignore-robots)"))
        #expect(try server.requests().filter { $0.path == "/recipe/private-soup" }.count == 1)
    }

    @Test func replacingAStoredRecipeIsSaidAsAnUpdate() async throws {
        let server = try await LocalServer()
        let address = server.url("/recipe/lentil-soup").absoluteString
        #expect(try await larder([address]).output.contains("Import: 1 imported, 0 skipped, 0 failed"))
        let again = try await larder([address, server.url("/recipe/new-bread").absoluteString, "--on-duplicate", "update"])
        #expect(again.output.contains("Import: 1 imported, 1 updated, 0 skipped, 0 failed"))
        #expect(try entries().map { $0["status"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == ["imported", "updated"])
        #expect(try await LarderCommand.run(["stats", "--library", library]).output.contains("1 imported, 1 updated, 0 skipped, 0 failed"))
    }

    /// The header and the cookie reach their host; neither is written into the library (its
    /// recipes, report and manifest) nor the HTTP cache.
    @Test func headersAndCookiesAreSentButNeverStored() async throws {
        let server = try await LocalServer(hosts: 2)
        let cookies = scratch.path("cookies.txt")
        try Data("# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tcookie-s3cret\n".utf8).write(to: cookies)
        let run = try await larder([server.url("/recipe/members-pie").absoluteString, server.url("/recipe/public-pie", host: "127.0.0.2").absoluteString,
                              "--header", "127.0.0.1 Authorization: Bearer header-s3cret", "--cookies", cookies.path])
        #expect(run.status == 0)
        let requests = try server.requests()
        #expect(requests.first { $0.host == "127.0.0.1" && $0.path.hasPrefix("/recipe/") }?.headers["cookie"] == "session=cookie-s3cret")
        #expect(requests.first { $0.host == "127.0.0.1" && $0.path.hasPrefix("/recipe/") }?.headers["authorization"] == "Bearer header-s3cret")
        #expect(requests.filter { $0.host == "127.0.0.2" }.allSatisfy { $0.headers["cookie"] == nil && $0.headers["authorization"] == nil })
        for folder in [scratch.path("library"), scratch.path("cache")] {
            let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            var files = 0
            for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files += 1
                let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
                #expect(!text.contains("s3cret"), "\(file.path) holds a secret")
            }
            #expect(files > 1)
        }
        #expect(!run.printed.contains("s3cret"))
    }

    @Test func aHeaderWithoutItsHostOrABrokenCookieFileIsRefused() async throws {
        let noHost = try await larder(["https://example.org/x", "--header", "Cookie: consent=s3cret"])
        #expect(noHost.status == 2)
        #expect(noHost.errors.contains("--header: \"Cookie: …\" does not start with a host"))
        #expect(!noHost.errors.contains("s3cret"))
        let cookies = scratch.path("cookies.txt")
        try Data("example.org TRUE / FALSE 0 name value\n".utf8).write(to: cookies)
        let broken = try await larder(["https://example.org/x", "--cookies", cookies.path])
        #expect(broken.status == 2)
        #expect(broken.errors.contains("--cookies: the cookies file \(cookies.path): line 1 is not a Netscape cookie"))
        let missing = try await larder(["https://example.org/x", "--cookies", scratch.path("none.txt").path])
        #expect(missing.errors.contains("--cookies: cannot read \(scratch.path("none.txt").path)"))
        let stray = try await larder(["https://example.org/x", "--limit", "3"])
        #expect(stray.status == 2)
        #expect(stray.errors.contains("--match and --limit choose among the addresses of sitemaps"))
    }

    /// Two shards given the same sitemaps import every page once between them: each sitemap
    /// goes to the shard of its site.
    @Test func sitemapsAreSplitOverShardsBySite() async throws {
        let server = try await LocalServer(files: site, hosts: 4)
        var specs: [String] = []
        var pages: [String] = []
        for n in 1...4 {
            let host = "127.0.0.\(n)"
            let addresses = (1...3).map { server.url("/recipe/site-\(n)-dish-\($0)", host: host).absoluteString }
            pages += addresses
            try Data(("<urlset>" + addresses.map { "<url><loc>\($0)</loc></url>" }.joined() + "</urlset>").utf8)
                .write(to: site.appendingPathComponent("sitemap-\(n).xml"))
            specs.append("sitemap:" + server.url("/files/sitemap-\(n).xml", host: host).absoluteString)
        }
        var imported: [String] = []
        for shard in ["1/2", "2/2"] {
            let shardLibrary = scratch.path("library-\(shard.prefix(1))").path
            let run = try await LarderCommand.run(["import", "--library", shardLibrary, "--no-cache", "--shard", shard] + specs)
            #expect(run.status == 0)
            let data = try Data(contentsOf: URL(fileURLWithPath: shardLibrary).appendingPathComponent("report.json"))
            let shardEntries = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["entries"] as? [[String: Any]])
            imported += shardEntries.filter { $0["status"] as? String == "imported" }.compactMap { $0["input"] as? String }
        }
        #expect(imported.sorted() == pages.sorted())
    }

    /// Imported without --images, then again with it: the run fetches no page, only the pictures
    /// the stored recipes lack, and stores them.
    @Test func aReRunWithImagesFetchesThePicturesStoredRecipesLack() async throws {
        let server = try await LocalServer()
        let address = server.url("/recipe/photo-cake?image=\(server.url("/image/cake.png").absoluteString)").absoluteString
        #expect(try await larder([address]).status == 0)
        let again = try await larder([address, "--images"])
        #expect(again.status == 0)
        #expect(again.output.contains("Import: 0 imported, 1 skipped, 0 failed"))
        let entry = try #require(try entries().first)
        #expect((entry["reason"] as? String)?.hasPrefix("already imported (as photo-cake") == true)
        #expect((entry["reason"] as? String)?.hasSuffix("; the picture it lacked downloaded") == true)
        let pictures = try FileManager.default.subpathsOfDirectory(atPath: library + "/images").filter { $0.hasSuffix(".png") }
        #expect(pictures.count == 1)
        #expect(try server.requests().filter { $0.path.hasPrefix("/recipe/") }.count == 1)
        // Once stored, a third run has nothing to fetch.
        #expect(try await larder([address, "--images"]).status == 0)
        #expect(try server.requests().filter { $0.path.hasPrefix("/image/") }.count == 1)
    }

    /// Pictures on a host whose name does not resolve (`.invalid` never does): the first fails
    /// with why, the others are not asked again, and every recipe is imported. In the new-user
    /// trial each picture cost a lookup and three retries: 58 s for 20 pages.
    @Test func picturesOnAHostThatDoesNotResolveCostOneLookup() async throws {
        let server = try await LocalServer()
        let pages = (1...20).map { server.url("/recipe/dish-\($0)?image=http://pictures.larder-test.invalid/dish-\($0).jpg").absoluteString }
        let run = try await larder(pages + ["--images", "--no-cache"])
        #expect(run.status == 0)
        #expect(run.output.contains("Import: 20 imported, 0 skipped, 0 failed"))
        let notes = try entries().compactMap { ($0["notes"] as? [String])?.first }
        #expect(notes.count == 20)
        #expect(notes.filter { $0.hasSuffix("the name does not resolve") }.count == 1)
        #expect(notes.filter { $0.hasSuffix("the name did not resolve earlier in this run, so it was not asked again") }.count == 19)
    }
}

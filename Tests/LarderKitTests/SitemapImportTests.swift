import Foundation
import LarderArchive
import LarderCore
import LarderKit
import LarderNet
import Testing
import TestSupport

/// `sitemap:URL` through the import pipeline, against a loopback site whose sitemaps the tests
/// write: indexes nested and gzipped, text sitemaps, broken and huge ones, robots.txt.
@Suite(.serialized) struct SitemapImportTests {
    let scratch: ScratchFolder
    let site: URL
    let robots: URL
    let server: LocalServer

    init() async throws {
        scratch = try ScratchFolder()
        site = scratch.path("site")
        robots = scratch.path("robots")
        for folder in [site, robots] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        server = try await LocalServer(files: site, robots: robots, hosts: 2)
    }

    func page(_ name: String, host: String = "127.0.0.1") -> String { server.url("/recipe/\(name)", host: host).absoluteString }
    func file(_ name: String, host: String = "127.0.0.1") -> String { server.url("/files/\(name)", host: host).absoluteString }

    func urlset(_ addresses: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            + addresses.map { "  <url><loc>\($0.replacingOccurrences(of: "&", with: "&amp;"))</loc><lastmod>2024-01-01</lastmod></url>\n" }.joined()
            + "</urlset>\n"
    }

    func index(_ sitemaps: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            + sitemaps.map { "  <sitemap><loc>\($0)</loc></sitemap>\n" }.joined() + "</sitemapindex>\n"
    }

    func write(_ name: String, _ text: String, gzip: Bool = false) throws {
        let data = Data(text.utf8)
        try (gzip ? try Compressor.gzip(data) : data).write(to: site.appendingPathComponent(name))
    }

    func fetcher() -> Fetcher {
        var settings = FetchSettings()
        settings.retry.baseDelay = 0.01
        settings.retry.maxAttempts = 2
        settings.totalTimeout = 5
        return Fetcher(settings: settings)
    }

    func importing(_ spec: String, match: String? = nil, limit: Int? = nil, library: Library,
                   readsRobots: Bool = true) async throws -> RunReport {
        let fetcher = fetcher()
        let dedupe = try DedupeStage(library: library)
        let source = SitemapSource(spec: try SitemapSpec(parsing: spec), selection: try SitemapSelection(match: match, limit: limit),
                                   fetcher: fetcher, memory: dedupe.libraryMemory,
                                   robots: readsRobots ? RobotsGate(fetcher: fetcher) : nil)
        return try await Pipeline(sources: [source], stages: [NormalizeStage(), dedupe], sink: try LibrarySink(library: library)).run()
    }

    @Test func nestedIndexesGzipAndTextSitemapsImportEveryPage() async throws {
        try write("sitemap.xml", index([file("pages-a.xml"), file("pages-b.xml.gz"), file("nested.xml")]))
        try write("pages-a.xml", urlset([page("apple-pie"), page("beef-stew")]))
        try write("pages-b.xml.gz", urlset([page("carrot-soup"), page("apple-pie")]), gzip: true)
        try write("nested.xml", index([file("pages-c.txt")]))
        try write("pages-c.txt", page("dal-makhani") + "\n\n" + page("egg-curry") + "\n")
        let library = Library(root: scratch.path("library"))
        let report = try await importing("sitemap:" + file("sitemap.xml"), library: library)
        // Entries come as pages finish; each address once, and the note says why there are fewer
        // entries than addresses listed.
        #expect(report.entries.map(\.input).sorted() == [page("apple-pie"), page("beef-stew"), page("carrot-soup"), page("dal-makhani"), page("egg-curry")])
        #expect(report.imported == 5 && report.failed == 0)
        #expect(try library.load(id: library.recipeIDs().first { $0.hasPrefix("dal-makhani") }!).provenance.input == page("dal-makhani"))
        #expect(report.notes.contains("sitemap:\(file("sitemap.xml")): 5 sitemaps read, 6 page addresses listed (5 different)"))
    }

    /// `--match` and `--limit` choose the addresses, in the sitemaps' order; a re-run with a
    /// higher limit skips what is in the library without fetching it and goes on.
    @Test func matchAndLimitAndAReRunGoesOn() async throws {
        let names = ["soup-1", "cake-1", "soup-2", "soup-3", "cake-2", "soup-4"]
        try write("sitemap.xml", urlset(names.map { page($0) } + [file("about.html")]))
        let library = Library(root: scratch.path("library"))
        let first = try await importing("sitemap:" + file("sitemap.xml"), match: "/recipe/soup-", limit: 2, library: library)
        #expect(first.entries.map(\.input).sorted() == [page("soup-1"), page("soup-2")])
        #expect(first.notes.contains { $0.hasSuffix("1 sitemap read, 7 page addresses listed, 4 matching --match /recipe/soup-, the first 2 taken (--limit 2)") })
        let second = try await importing("sitemap:" + file("sitemap.xml"), match: "/recipe/soup-", limit: 3, library: library)
        #expect(second.entries.filter { $0.status == .skipped }.count == 2)
        #expect(second.entries.filter { $0.status == .imported }.map(\.input) == [page("soup-3")])
        #expect(second.entries.first?.reason?.hasPrefix("already imported") == true)
        let fetched = try server.requests().map(\.path).filter { $0.hasPrefix("/recipe/") }
        #expect(fetched.sorted() == ["/recipe/soup-1", "/recipe/soup-2", "/recipe/soup-3"])
        let none = try await importing("sitemap:" + file("sitemap.xml"), match: "/nothing-like-this/", library: library)
        #expect(none.entries.map(\.reason) == ["no address of the sitemap matches --match /nothing-like-this/"])
    }

    /// A sitemap that breaks off keeps what came before the break and fails by its own address;
    /// one that is missing fails alone; the others are read.
    @Test func brokenAndMissingSitemapsFailAlone() async throws {
        try write("sitemap.xml", index([file("broken.xml"), file("missing.xml"), file("page.html"), file("good.xml")]))
        let broken = urlset([page("before-1"), page("before-2"), page("after")])
        try write("broken.xml", String(broken.prefix(upTo: broken.range(of: page("after"))!.lowerBound)) + "<url><loc>ht")
        try write("page.html", "<!doctype html><html><body>Not a sitemap</body></html>")
        try write("good.xml", urlset([page("good-one")]))
        let library = Library(root: scratch.path("library"))
        let report = try await importing("sitemap:" + file("sitemap.xml"), library: library)
        let byInput = Dictionary(report.entries.map { ($0.input, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(report.imported == 3)
        #expect(byInput[page("before-2")]?.status == .imported)
        let brokenEntry = try #require(byInput["sitemap:" + file("broken.xml")])
        #expect(brokenEntry.status == .failed)
        #expect(brokenEntry.reason?.contains("breaks off after 2 addresses: not well-formed XML at line") == true)
        #expect(byInput["sitemap:" + file("missing.xml")]?.reason?.contains("404 Not Found") == true)
        #expect(byInput["sitemap:" + file("page.html")]?.reason == "the sitemap cannot be read: it is a web page, not a sitemap")
        #expect(byInput[page("good-one")]?.status == .imported)
    }

    /// A sitemap past the protocol's 50,000 addresses is read to 50,000 and said to be cut
    /// short; a gzip bomb stops at 50 MB unpacked; an index that lists itself is read once.
    @Test func hugeSitemapsAreBounded() async throws {
        try write("sitemap.xml", index([file("huge.xml.gz"), file("bomb.xml.gz"), file("sitemap.xml")]))
        try write("huge.xml.gz", urlset((0..<60_000).map { page("huge-\($0)") }), gzip: true)
        var bomb = Data("<?xml version=\"1.0\"?><urlset><url><loc>".utf8)
        bomb.append(Data(repeating: UInt8(ascii: "a"), count: 60 * 1024 * 1024))
        try Compressor.gzip(bomb).write(to: site.appendingPathComponent("bomb.xml.gz"))
        let library = Library(root: scratch.path("library"))
        let report = try await importing("sitemap:" + file("sitemap.xml"), limit: 2, library: library)
        // The first two addresses, fetched side by side: the report lists them as they finished.
        #expect(report.entries.filter { $0.status == .imported }.map(\.input).sorted() == [page("huge-0"), page("huge-1")])
        // The limit ends the walk: the bomb after it is never fetched.
        #expect(try server.requests().contains { $0.path == "/files/bomb.xml.gz" } == false)
        let unlimited = try await importing("sitemap:" + file("sitemap.xml"), match: "huge-1$", library: library)
        #expect(unlimited.notes.contains { $0.contains("huge.xml.gz lists more than 50000 addresses, the most a sitemap may, and the rest were not read") })
        #expect(unlimited.entries.map(\.input).contains(page("huge-1")))
        let bombEntry = try #require(unlimited.entries.first { $0.input == "sitemap:" + file("bomb.xml.gz") })
        #expect(bombEntry.status == .failed)
        #expect(bombEntry.reason?.contains("expands past the limit") == true)
    }

    /// Pages robots.txt forbids are in the report, skipped with the rule; a site's address finds
    /// its sitemaps through robots.txt; --ignore-robots fetches them all.
    @Test func robotsTxtGovernsTheSitemapsPages() async throws {
        try Data("User-agent: *\nDisallow: /recipe/members-\nSitemap: \(file("sitemap.xml"))\n".utf8)
            .write(to: robots.appendingPathComponent("127.0.0.1.txt"))
        try write("sitemap.xml", urlset([page("open-pie"), page("members-only-cake")]))
        let library = Library(root: scratch.path("library"))
        let report = try await importing("sitemap:" + server.url("/").absoluteString, library: library)
        let refused = try #require(report.entries.first { $0.input == page("members-only-cake") })
        #expect(refused.status == .skipped)
        #expect(refused.reason == "robots.txt of 127.0.0.1:\(server.port) does not allow Larder to fetch it (Disallow: /recipe/members-)")
        #expect(report.entries.first { $0.input == page("open-pie") }?.status == .imported)
        #expect(report.notes.contains { $0.contains("the site's robots.txt names the sitemap: \(file("sitemap.xml"))") })
        #expect(try server.requests().contains { $0.path == "/recipe/members-only-cake" } == false)
        let ignoring = try await importing("sitemap:" + file("sitemap.xml"), library: library, readsRobots: false)
        #expect(ignoring.entries.first { $0.input == page("members-only-cake") }?.status == .imported)
    }
}

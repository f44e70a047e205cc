import Foundation
import LarderCore
import LarderKit
import LarderNet
import Testing
import TestSupport

/// TheMealDB and web addresses imported through the pipeline, from a loopback server that
/// serves `Tests/Fixtures/mealdb-api` in the API's URL layout (Tools/local-server.py).
@Suite(.serialized) struct RemoteImportTests {
    let server: LocalServer
    let scratch: ScratchFolder

    init() async throws {
        server = try await LocalServer(mealdbFolder: Fixtures.url("mealdb-api"))
        scratch = try ScratchFolder()
    }

    func fetcher(cache: HTTPCache? = nil, offline: Bool = false) -> Fetcher {
        var settings = FetchSettings()
        settings.retry.baseDelay = 0.05
        settings.totalTimeout = 5
        return Fetcher(settings: settings, cache: cache, offline: offline)
    }

    func client(_ fetcher: Fetcher) -> MealDBClient {
        MealDBClient(baseURL: server.url("/api/json/v1/1/"), fetcher: fetcher)
    }

    func run(_ sources: [RecipeSource], library: Library) async throws -> RunReport {
        try await Pipeline(sources: sources, stages: [NormalizeStage(), try DedupeStage(library: library)],
                           sink: try LibrarySink(library: library)).run()
    }

    func mealdb(_ spec: String, library: Library, fetcher: Fetcher? = nil) async throws -> RunReport {
        let source = MealDBSource(spec: try MealDBSpec(parsing: spec), client: client(fetcher ?? self.fetcher()),
                                  memory: try ImportMemory(library: library))
        return try await run([source], library: library)
    }

    @Test func aCategoryImportsEveryMealWithItsIngredientsParsed() async throws {
        let library = Library(root: scratch.path("library"))
        let report = try await mealdb("mealdb:category=Vegan", library: library)
        #expect(report.imported == 7)
        #expect(report.failed == 0)
        let lasagna = try library.load(id: "mealdb-52775")
        #expect(lasagna.title == "Vegan Lasagna")
        #expect(lasagna.provenance.input == "mealdb:category=Vegan")
        let lines = lasagna.ingredientGroups.flatMap(\.ingredients)
        #expect(lines.count >= 10)
        #expect(lines.allSatisfy { !$0.line.isEmpty && $0.name != nil })
        #expect(lines.contains { $0.quantity != nil && $0.unit != nil })
    }

    @Test func searchLookupLetterAndRandomSpecs() async throws {
        let library = Library(root: scratch.path("library"))
        #expect(try await mealdb("mealdb:search=Arrabiata", library: library).imported == 1)
        #expect(try await mealdb("mealdb:letter=q", library: library).imported == 2)
        #expect(try await mealdb("mealdb:id=52942", library: library).imported == 1)
        #expect(try await mealdb("mealdb:random=1", library: library).imported == 1)
        let nothing = try await mealdb("mealdb:search=xyzzy", library: library)
        #expect(nothing.entries.map(\.status) == [.skipped])
        #expect(nothing.entries[0].reason?.contains("no meal whose name contains \"xyzzy\"") == true)
        let unknown = try await mealdb("mealdb:id=1", library: library)
        #expect(unknown.entries.map(\.reason) == ["TheMealDB has no meal with id 1"])
    }

    @Test func allReadsEveryLetterWithoutDuplicates() async throws {
        let library = Library(root: scratch.path("library"))
        let report = try await mealdb("mealdb:all", library: library)
        // The fixture serves u (1 meal), q (2) and z (2); other letters answer {"meals":null}.
        #expect(report.imported == 5)
        #expect(report.failed == 0)
    }

    @Test func brokenAnswersFailAloneAndTheRestImports() async throws {
        let library = Library(root: scratch.path("library"))
        let report = try await mealdb("mealdb:area=Brokenland", library: library)
        #expect(report.imported == 1)
        #expect(report.failed == 3)
        let reasons = Dictionary(uniqueKeysWithValues: report.entries.compactMap { entry in entry.item.map { ($0, entry.reason ?? "") } })
        #expect(reasons["99999 Broken HTML answer"]?.contains("TheMealDB's answer could not be read: not valid JSON") == true)
        #expect(reasons["99998 Truncated answer"]?.contains("TheMealDB's answer could not be read: not valid JSON") == true)
        #expect(reasons["99997 Missing meal"] == "TheMealDB has no meal with id 99997")
    }

    @Test func aReRunSkipsMealsAlreadyImportedWithoutLookingThemUp() async throws {
        let library = Library(root: scratch.path("library"))
        _ = try await mealdb("mealdb:category=Vegan", library: library)
        let again = try await mealdb("mealdb:category=Vegan", library: library)
        #expect(again.imported == 0)
        #expect(again.entries.count == 7)
        #expect(again.entries.allSatisfy { $0.status == .skipped && $0.stage == "read" && $0.reason?.hasPrefix("already imported") == true })
    }

    @Test func specsAreCheckedWithAClearMessage() {
        #expect(throws: MealDBSpec.SpecError.self) { try MealDBSpec(parsing: "mealdb:colour=red") }
        #expect(throws: MealDBSpec.SpecError.self) { try MealDBSpec(parsing: "mealdb:random=0") }
        #expect(throws: MealDBSpec.SpecError.self) { try MealDBSpec(parsing: "mealdb:letter=ab") }
        #expect((try? MealDBSpec(parsing: "mealdb:ingredient=chicken_breast")) == .ingredient("chicken_breast"))
        do {
            _ = try MealDBSpec(parsing: "mealdb:colour=red")
        } catch {
            #expect(String(describing: error).hasPrefix("mealdb:colour=red: unknown key \"colour\""))
        }
    }

    @Test func theClientBuildsEveryEndpoint() {
        let client = MealDBClient(baseURL: MealDBClient.publicBaseURL, fetcher: fetcher())
        let root = "https://www.themealdb.com/api/json/v1/1/"
        #expect(client.url(.searchName("chicken soup")).absoluteString == root + "search.php?s=chicken%20soup")
        #expect(client.url(.searchLetter("b")).absoluteString == root + "search.php?f=b")
        #expect(client.url(.lookup("52772")).absoluteString == root + "lookup.php?i=52772")
        #expect(client.url(.random).absoluteString == root + "random.php")
        #expect(client.url(.categories).absoluteString == root + "categories.php")
        #expect(client.url(.listCategories).absoluteString == root + "list.php?c=list")
        #expect(client.url(.listAreas).absoluteString == root + "list.php?a=list")
        #expect(client.url(.listIngredients).absoluteString == root + "list.php?i=list")
        #expect(client.url(.filterCategory("Seafood")).absoluteString == root + "filter.php?c=Seafood")
        #expect(client.url(.filterArea("Canadian")).absoluteString == root + "filter.php?a=Canadian")
        #expect(client.url(.filterIngredient("chicken breast")).absoluteString == root + "filter.php?i=chicken_breast")
        #expect((try? MealDBClient.baseURL(base: nil, key: "abc123"))?.absoluteString == "https://www.themealdb.com/api/json/v2/abc123/")
    }

    @Test func listEndpointsGiveNames() async throws {
        let client = client(fetcher())
        let categories = try await client.names(.categories)
        #expect(categories.count == 14)
        #expect(categories.contains("Dessert"))
        #expect(try await client.names(.listAreas).contains("Canadian"))
    }

    @Test func aBatchOfAddressesEndsWithEveryOutcomeInTheReport() async throws {
        let library = Library(root: scratch.path("library"))
        let inputs = [
            server.url("/recipe/apple-pie").absoluteString,
            server.url("/fault/status/404").absoluteString,
            server.url("/fault/status/410").absoluteString,
            server.url("/fault/redirect?to=file:///etc/passwd").absoluteString,
            server.url("/fault/json/recipe").absoluteString,
            server.url("/fault/json/other").absoluteString,
            server.url("/fault/wrong-charset").absoluteString,
            server.url("/fault/gzip/stew").absoluteString,
            server.url("/fault/half").absoluteString,
            "http://127.0.0.1:9/closed-port",
            server.url("/fault/hang").absoluteString,
            server.url("/fault/reset").absoluteString,
            server.url("/fault/huge").absoluteString,
            server.url("/fault/loop/a").absoluteString,
            server.url("/fault/status/503").absoluteString,
            server.url("/fault/flaky/500/1/batch").absoluteString,
            server.url("/fault/flaky/429/1/batch?retry-after=1").absoluteString,
        ]
        let report = try await run([WebSource(urls: inputs, fetcher: fetcher())], library: library)
        // The hanging server costs one timeout (its entry below says so), not a hang; every other
        // input has its entry.
        #expect(report.entries.count == inputs.count)
        let byInput = Dictionary(uniqueKeysWithValues: report.entries.map { ($0.input, $0) })
        func entry(_ path: String) -> RunReport.Entry? { byInput[server.url(path).absoluteString] }
        #expect(entry("/recipe/apple-pie")?.title == "Apple Pie")
        #expect(entry("/recipe/apple-pie")?.fetch?.httpStatus == 200)
        #expect(entry("/fault/status/404")?.reason?.hasPrefix("404 Not Found") == true)
        #expect(entry("/fault/status/404")?.fetch?.httpStatus == 404)
        #expect(entry("/fault/status/410")?.status == .failed)
        #expect(entry("/fault/redirect?to=file:///etc/passwd")?.reason?.contains("redirect to file:// refused") == true)
        #expect(entry("/fault/json/recipe")?.title == "Json Soup")
        #expect(entry("/fault/json/other")?.reason?.contains("the answer is JSON, not a web page") == true)
        #expect(entry("/fault/wrong-charset")?.title == "Crème Brûlée")
        #expect(entry("/fault/gzip/stew")?.title == "Gzipped Stew")
        #expect(entry("/fault/half")?.reason?.contains("closed the connection") == true)
        #expect(byInput["http://127.0.0.1:9/closed-port"]?.reason?.contains("connection refused") == true)
        #expect(entry("/fault/hang")?.reason == "timed out after 5 s: 127.0.0.1 accepted the connection but sent no answer")
        #expect(entry("/fault/reset")?.reason == "127.0.0.1 reset the connection before answering")
        #expect(entry("/fault/huge")?.reason == "the answer is larger than 20 MB, the most Larder reads")
        #expect(entry("/fault/loop/a")?.reason?.hasPrefix("redirect loop") == true)
        #expect(entry("/fault/status/503")?.reason?.hasPrefix("503 Service Unavailable") == true)
        #expect(entry("/fault/flaky/500/1/batch")?.title == "Flaky Batch")
        #expect(entry("/fault/flaky/429/1/batch?retry-after=1")?.title == "Flaky Batch")
        // The two flaky pages name the same canonical page, so the second one is skipped as a duplicate.
        #expect(report.imported == 5)
        #expect(try library.recipeIDs().count == 5)
    }

    /// The progress line's "in flight" is transfers running: ten addresses of one site with two
    /// transfers allowed per site are 2 in flight and 8 waiting, never 10 in flight.
    @Test func inFlightCountsRunningTransfersNotWaitingOnes() async throws {
        // A second a request, so a sampler slowed by a loaded machine still sees the queue.
        let slow = try await LocalServer(latency: 1)
        var settings = FetchSettings()
        settings.jobs = 8
        settings.perHost = 2
        let fetcher = Fetcher(settings: settings)
        let progress = FetchProgress(fetcher: fetcher)
        let urls = (1...10).map { slow.url("/recipe/queued-\($0)").absoluteString }
        let sampler = Task {
            var samples: [FetchActivity.Counts] = []
            while !Task.isCancelled {
                samples.append(progress.transfers)
                try? await Task.sleep(nanoseconds: 20_000_000)
            }
            return samples
        }
        let report = try await run([WebSource(urls: urls, fetcher: fetcher, progress: progress)], library: Library(root: scratch.path("library")))
        sampler.cancel()
        let samples = await sampler.value
        #expect(report.imported == 10)
        #expect(progress.expected == 10)
        #expect(samples.map(\.running).max() == 2)
        // All ten ask at once; the two running leave the rest waiting (eight, unless a busy
        // machine started some tasks late).
        #expect(samples.contains { $0.running == 2 && $0.waiting > 0 })
        #expect((samples.map(\.waiting).max() ?? 0) >= 6)
        #expect(samples.allSatisfy { $0.running + $0.waiting <= 10 })
        #expect(progress.transfers == FetchActivity.Counts(running: 0, waiting: 0))
        #expect(progress.inFlight == 0)
    }

    /// A list sorted by site (all of one site's addresses, then the next's) still asks every
    /// site from the start: addresses are taken up site by site in turn, not in list order, so
    /// the first site's long queue leaves the other sites' slots busy.
    @Test func aListSortedBySiteAsksEverySiteFromTheStart() async throws {
        let sites = try await LocalServer(hosts: 3, latency: 0.2)
        var settings = FetchSettings()
        settings.jobs = 6
        settings.perHost = 2
        let fetcher = Fetcher(settings: settings)
        let urls = (1...3).flatMap { site in
            (1...30).map { sites.url("/recipe/sorted-\(site)-\($0)", host: "127.0.0.\(site)").absoluteString }
        }
        let report = try await run([WebSource(urls: urls, fetcher: fetcher)], library: Library(root: scratch.path("library")))
        #expect(report.imported == 90)
        let seen = try JSONSerialization.jsonObject(with: try await fetcher.fetch(sites.url("/politeness"), caching: .never).body) as? [String: Any]
        let hosts = seen?["hosts"] as? [String: [String: Any]] ?? [:]
        #expect(hosts.count == 3)
        #expect(hosts.values.allSatisfy { ($0["max_in_flight"] as? Int ?? 0) <= 2 })
        // Each site's first request was among the first six (the jobs allowed) to arrive.
        for (host, counts) in hosts {
            #expect((counts["first_request"] as? Int ?? .max) <= 6, "\(host): \(counts)")
        }
    }

    @Test func aReRunSkipsImportedAddressesAndRetriesFailedOnes() async throws {
        let library = Library(root: scratch.path("library"))
        let flaky = server.url("/fault/flaky/503/4/resume").absoluteString  // fails the first run's 4 attempts
        let good = server.url("/recipe/resumed").absoluteString
        let first = try await run([WebSource(urls: [good, flaky], fetcher: fetcher())], library: library)
        #expect(first.imported == 1)
        #expect(first.failed == 1)
        let second = try await run([WebSource(urls: [good, flaky], fetcher: fetcher(), memory: try ImportMemory(library: library))], library: library)
        #expect(second.entries.first { $0.input == good }?.reason?.hasPrefix("already imported") == true)
        #expect(second.entries.first { $0.input == good }?.fetch == nil)
        #expect(second.entries.first { $0.input == flaky }?.status == .imported)
    }

    @Test func theCacheAnswersReRunsAndOfflineRuns() async throws {
        let cache = HTTPCache(folder: scratch.path("cache"), freshFor: 3600)
        let url = server.url("/recipe/cached-soup")
        let first = try await fetcher(cache: cache).fetch(url)
        #expect(!first.fromCache)
        let fresh = try await fetcher(cache: cache).fetch(url)
        #expect(fresh.fromCache && fresh.attempts == 0)
        #expect(fresh.body == first.body)
        let offline = try await fetcher(cache: cache, offline: true).fetch(url)
        #expect(offline.body == first.body)
        await #expect(throws: FetchError.notInCache(url: server.url("/recipe/never-fetched").absoluteString)) {
            try await fetcher(cache: cache, offline: true).fetch(server.url("/recipe/never-fetched"))
        }
        // A stale entry is revalidated with its ETag: the server answers 304 and the copy is used.
        let stale = HTTPCache(folder: scratch.path("cache"), freshFor: 0)
        let revalidated = try await fetcher(cache: stale).fetch(url)
        #expect(revalidated.fromCache && revalidated.attempts == 1)
        #expect(revalidated.body == first.body)
    }

    /// `--images`: each address is fetched once however many recipes use it, stored under its
    /// content hash with checksum, size and type, linked rather than copied between recipes;
    /// an image that cannot be had leaves the recipe imported, with a note in the report.
    @Test func imagesAreDownloadedOnceStoredByContentAndFailuresNoted() async throws {
        let library = Library(root: scratch.path("library"))
        func page(_ name: String, images: [String]) -> String {
            let query = images.map { "image=" + server.url($0).absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
            return server.url("/recipe/\(name)").absoluteString + "?" + query.joined(separator: "&")
        }
        let addresses = [page("apple-tart", images: ["/image/shared.png", "/image/tart.png"]),
                         page("pear-tart", images: ["/image/shared.png", "/fault/status/404"]),
                         page("plum-tart", images: ["/recipe/not-an-image"])]
        let fetcher = fetcher()
        let report = try await Pipeline(sources: [WebSource(urls: addresses, fetcher: fetcher)],
                                        stages: [NormalizeStage(), try DedupeStage(library: library), ImageStage(fetcher: fetcher)],
                                        sink: try LibrarySink(library: library)).run()
        #expect(report.imported == 3)
        #expect(report.failed == 0)

        let recipes = try library.recipeIDs().map(library.load(id:))
        let apple = try #require(recipes.first { $0.title == "Apple Tart" })
        let pear = try #require(recipes.first { $0.title == "Pear Tart" })
        #expect(apple.images.count == 2)
        for image in apple.images {
            let path = try #require(image.path)
            let bytes = try Data(contentsOf: library.url(forRelativePath: path))
            #expect(image.sha256 == SHA256.hex(bytes))
            #expect(image.byteCount == bytes.count && image.mediaType == "image/png")
            #expect(path == "images/\(apple.id)/\(image.sha256!.prefix(16)).png")
            #expect(image.url?.hasPrefix("http://127.0.0.1") == true, "the remote address is kept")
        }
        let hits = try await fetcher.fetch(server.url("/fault/hits/image/shared.png"))
        #expect(String(decoding: hits.body, as: UTF8.self) == "1")
        let sharedInApple = try #require(apple.images.first { $0.url!.hasSuffix("shared.png") }?.path)
        let sharedInPear = try #require(pear.images.first { $0.url!.hasSuffix("shared.png") }?.path)
        let inodes = try [sharedInApple, sharedInPear].map {
            try FileManager.default.attributesOfItem(atPath: library.url(forRelativePath: $0).path)[.systemFileNumber] as? Int
        }
        #expect(inodes[0] != nil && inodes[0] == inodes[1], "one copy on disk")

        #expect(pear.images.last?.path == nil)
        let notes = report.entries.flatMap { $0.notes ?? [] }
        #expect(notes.count == 2)
        #expect(notes.contains { $0.contains("/fault/status/404") && $0.contains("404") })
        #expect(notes.contains { $0.contains("not-an-image") && $0.contains("text/html") })
    }
}

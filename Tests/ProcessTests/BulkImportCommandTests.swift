import Foundation
import LarderNet
import Testing
import TestSupport

/// `larder import` with web addresses and `mealdb:` specs, as a person runs it, against
/// loopback servers the tests start.
@Suite(.serialized) struct BulkImportCommandTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    func run(_ arguments: [String], input: String = "") async throws -> ProgramRun {
        try await LarderCommand.run(arguments, input: input)
    }

    func report(_ library: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: library).appendingPathComponent("report.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["entries"] as? [[String: Any]])
    }

    @Test func importsACategoryFromALocalCopyOfTheMealDB() async throws {
        let server = try await LocalServer(mealdbFolder: Fixtures.url("mealdb-api"))
        let library = scratch.path("library").path
        let result = try await run(["import", "mealdb:category=Vegan", "--mealdb-url", server.url("/api/json/v1/1").absoluteString,
                              "--library", library, "--no-cache"])
        #expect(result.status == 0)
        #expect(result.output.contains("Import: 7 imported, 0 skipped, 0 failed"))
    }

    @Test func readsInputsFromStandardInputAndListFiles() async throws {
        let server = try await LocalServer(mealdbFolder: Fixtures.url("mealdb-api"))
        let list = scratch.path("urls.txt")
        try Data("# from a file\n\n\(server.url("/recipe/listed-stew"))\n".utf8).write(to: list)
        let stdin = "# comment\n\(server.url("/recipe/piped-soup"))\n\n  mealdb:id=52942  \n"
        let library = scratch.path("library").path
        let result = try await run(["import", "-", "--from-file", list.path, "--library", library, "--no-cache",
                              "--mealdb-url", server.url("/api/json/v1/1").absoluteString], input: stdin)
        #expect(result.status == 0)
        #expect(result.output.contains("3 imported, 0 skipped, 0 failed"))
        let titles = Set(try report(library).compactMap { $0["title"] as? String })
        #expect(titles.contains("Listed Stew") && titles.contains("Piped Soup"))
    }

    @Test func refusesABadMealDBSpecAsAUsageError() async throws {
        let result = try await run(["import", "mealdb:colour=red", "--library", scratch.path("library").path])
        #expect(result.status == 2)
        #expect(result.errors.contains("unknown key \"colour\""))
    }

    /// Ctrl-C in the middle of a run, then the same command again. The last page, on a site of
    /// its own so it holds up no other, answers only once the test releases it: the run cannot
    /// end before the signal, however late a loaded machine lets the test send it. (With 30
    /// pages of 0.3 s alone, a test that woke a few seconds late signalled a run that had
    /// already imported everything and exited 0.)
    @Test func ctrlCStopsCleanlyAndAReRunFinishesTheJob() async throws {
        let slow = try await LocalServer(hosts: 2, latency: 0.3)
        let pages = (1...30).map { slow.url("/recipe/slow-\($0)") } + [slow.url("/fault/held/last-page", host: "127.0.0.2")]
        let urls = pages.map(\.absoluteString).joined(separator: "\n")
        let library = scratch.path("library").path
        // A timeout well beyond any wait of this test, so the held page is never given up on.
        let arguments = ["import", "-", "--library", library, "--no-cache", "--jobs", "2", "--timeout", "300"]
        let running = try LarderCommand.start(arguments, input: urls)
        // Interrupt once the first recipe is in the library, not after a fixed time: on a busy
        // machine the process can take over a second to reach `main`, and a signal sent before
        // it has set its handler is not seen as Ctrl-C.
        let recipesFolder = library + "/recipes"
        try await running.waitUntil("the first recipe is stored", thenSignal: SIGINT) {
            ((try? FileManager.default.contentsOfDirectory(atPath: recipesFolder)) ?? []).contains { $0.hasSuffix(".json") }
        }
        let stopped = try await running.finish()
        let printed = stopped.printed
        #expect(stopped.status == 130, "\(printed)")
        #expect(printed.contains("Import interrupted"))
        let entries = try report(library)
        #expect(entries.count == 31)
        let imported = entries.filter { $0["status"] as? String == "imported" }.count
        let interrupted = entries.filter { ($0["reason"] as? String)?.hasPrefix("interrupted before it was done") == true }.count
        #expect(imported > 0)
        let heldEntry = entries.first { $0["input"] as? String == pages.last?.absoluteString }
        #expect((heldEntry?["reason"] as? String)?.hasPrefix("interrupted before it was done") == true, "\(String(describing: heldEntry))")
        #expect(imported + interrupted == 31, "\(entries)")
        let recipes = try FileManager.default.contentsOfDirectory(atPath: library + "/recipes").filter { $0.hasSuffix(".json") }
        #expect(recipes.count == imported)

        try await slow.release("last-page", host: "127.0.0.2")
        let rerun = try await run(arguments, input: urls)
        #expect(rerun.status == 0, "\(rerun.errors)")
        #expect(rerun.output.contains("\(31 - imported) imported, \(imported) skipped, 0 failed"), "\(rerun.output)")
    }

    /// TheMealDB's random endpoint answers a new meal each call: a cached answer would give
    /// every later call (this run's retries, the next run) the same meal.
    @Test func randomMealsAreNeverAnsweredFromTheCache() async throws {
        let server = try await LocalServer(mealdbFolder: Fixtures.url("mealdb-api"))
        let api = server.url("/api/json/v1/1").absoluteString
        let cache = scratch.path("cache").path
        for run in 1...2 {
            let library = scratch.path("library-\(run)").path
            let result = try await self.run(["import", "mealdb:random=3", "--mealdb-url", api, "--library", library, "--cache", cache])
            #expect(result.status == 0)
            #expect(result.output.contains("Import: 3 imported, 0 skipped, 0 failed"), "run \(run): \(result.output)")
        }
        let offline = try await run(["import", "mealdb:random=1", "--mealdb-url", api, "--library", scratch.path("library-3").path,
                               "--cache", cache, "--offline"])
        #expect(offline.status == 1)
        #expect(offline.errors.contains("random.php answers something new each time, so it is never cached, and --offline forbids fetching it"))
    }

    /// `--on-duplicate update` gets the page as it is now, even when the cache still holds a
    /// fresh copy: a changed page replaces the stored recipe, an unchanged one (304) is read
    /// from the cache; without `update` the address is skipped without asking.
    @Test func updateFetchesAChangedPageAgainWithinTheFreshnessWindow() async throws {
        let server = try await LocalServer()
        let page = server.url("/edited/plum-cake").absoluteString
        let library = scratch.path("library").path
        let arguments = ["import", page, "--library", library, "--cache", scratch.path("cache").path, "--fresh-for", "24"]
        func description() throws -> String? {
            let recipes = try FileManager.default.contentsOfDirectory(atPath: library + "/recipes").filter { $0.hasSuffix(".json") }
            #expect(recipes.count == 1)
            let data = try Data(contentsOf: URL(fileURLWithPath: library + "/recipes/" + (recipes.first ?? "")))
            return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["description"] as? String
        }
        let fetcher = Fetcher()
        func hits() async throws -> Int {
            Int(String(decoding: try await fetcher.fetch(server.url("/fault/hits/edited/plum-cake")).body, as: UTF8.self)) ?? -1
        }

        #expect(try await run(arguments).status == 0)
        #expect(try description() == "Edition 1 of this recipe.")
        _ = try await fetcher.fetch(server.url("/edit/plum-cake"))  // the site changes the page

        let updated = try await run(arguments + ["--on-duplicate", "update"])
        #expect(updated.status == 0)
        #expect(updated.output.contains("0 imported, 1 updated, 0 skipped, 0 failed"), "\(updated.output)")
        #expect(try description() == "Edition 2 of this recipe.")
        #expect(try report(library).first?["fetch"].flatMap { $0 as? [String: Any] }?["fromCache"] as? Bool == false)
        #expect(try await hits() == 2)

        // Unchanged since: the site is asked, says 304, and the cached copy is used.
        let unchanged = try await run(arguments + ["--on-duplicate", "update"])
        #expect(unchanged.status == 0)
        #expect(try description() == "Edition 2 of this recipe.")
        #expect(try report(library).first?["fetch"].flatMap { $0 as? [String: Any] }?["fromCache"] as? Bool == true)
        #expect(try await hits() == 3)

        let skipped = try await run(arguments)
        #expect(skipped.output.contains("0 imported, 1 skipped, 0 failed"))
        #expect(try await hits() == 3)
    }

    @Test func scrapesAnAddressAndListsTheMealDBsAreas() async throws {
        let server = try await LocalServer(mealdbFolder: Fixtures.url("mealdb-api"))
        let page = try await run(["scrape", server.url("/recipe/lemon-tart").absoluteString, "--format", "markdown", "--no-cache"])
        #expect(page.status == 0)
        #expect(page.output.contains("title: \"Lemon Tart\""))
        let refused = try await run(["scrape", server.url("/fault/status/403").absoluteString, "--no-cache"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("403 Forbidden from 127.0.0.1 (the site refused Larder; save the page in a browser and import the file)"))
        let areas = try await run(["mealdb", "areas", "--mealdb-url", server.url("/api/json/v1/1").absoluteString, "--no-cache"])
        #expect(areas.status == 0)
        #expect(areas.output.split(separator: "\n").contains("Canadian"))
    }
}

/// What `report.json` says for each way a server can misbehave, through the real binary: every
/// fault named for what it is, none as another.
@Suite struct FetchFaultReportTests {
    @Test func eachServerFaultIsReportedForWhatItIs() async throws {
        let server = try await LocalServer()
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        let expected = [
            server.url("/fault/hang").absoluteString: "timed out after 3 s: 127.0.0.1 accepted the connection but sent no answer",
            server.url("/fault/slow-headers").absoluteString: "timed out after 3 s: 127.0.0.1 was still sending the answer's headers",
            server.url("/fault/slow-body").absoluteString: "timed out after 3 s: 127.0.0.1 was still sending the answer",
            "http://127.0.0.1:\(server.unacceptingPort)/page": "could not connect to 127.0.0.1: no connection within 1 s",
            "http://127.0.0.1:9/closed-port": "could not connect to 127.0.0.1: connection refused",
            server.url("/fault/reset").absoluteString: "127.0.0.1 reset the connection before answering",
            server.url("/fault/reset-in-headers").absoluteString: "127.0.0.1 reset the connection while sending the answer's headers",
            server.url("/fault/reset-in-body").absoluteString: "127.0.0.1 reset the connection in the middle of the answer",
            server.url("/fault/empty").absoluteString: "127.0.0.1 closed the connection without answering",
            server.url("/fault/half").absoluteString: "127.0.0.1 closed the connection before the whole page arrived",
            server.url("/fault/not-http").absoluteString: "127.0.0.1 answered with something that is not HTTP",
            server.url("/fault/huge-headers").absoluteString: "127.0.0.1 sent headers larger than Larder reads (a broken or hostile server)",
            server.url("/fault/huge-headers/many").absoluteString: "127.0.0.1 sent headers larger than Larder reads (a broken or hostile server)",
            server.url("/fault/bad-chunks").absoluteString: "127.0.0.1 sent a malformed answer (its chunked encoding is broken)",
            server.url("/fault/bad-gzip").absoluteString: "127.0.0.1 sent a compressed answer that does not decompress",
        ]
        let run = try await LarderCommand.run(["import"] + expected.keys.sorted() + ["--library", library, "--no-cache", "--attempts", "1",
                                                                                 "--timeout", "3", "--connect-timeout", "1", "--per-host", "16"])
        #expect(run.status == 1, "\(run)")

        let data = try Data(contentsOf: URL(fileURLWithPath: library).appendingPathComponent("report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(report["entries"] as? [[String: Any]])
        let reasons = Dictionary(uniqueKeysWithValues: entries.map { ($0["input"] as? String ?? "", $0["reason"] as? String ?? "") })
        for (input, reason) in expected {
            #expect(reasons[input] == reason, "\(input)")
        }
        #expect(entries.allSatisfy { $0["status"] as? String == "failed" })
    }
}

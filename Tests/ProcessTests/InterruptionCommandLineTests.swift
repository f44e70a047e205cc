import Foundation
import Testing
import TestSupport

/// Ctrl-C and SIGTERM with the real binary, in the middle of a large file: the run stops without
/// waiting for the file (the file it was reading is reported interrupted, not imported or
/// failed), exits with 130 or 143, and its report lists the input as interrupted.
@Suite(.serialized)
struct InterruptionCommandLineTests {
    let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder() }

    /// A folder of five saved pages of 8 MB whose ingredient lists never end: scraping each
    /// takes seconds (longer in a debug build), so the signal finds the run mid-file. (Blank-line
    /// Cooklang files served before they became a loop over bytes.)
    func slowFolder() throws -> URL { try SlowPages.write(in: scratch) }

    func interrupt(with signalNumber: Int32) async throws -> (run: ProgramRun, entries: [[String: Any]]) {
        let folder = try slowFolder()
        let library = scratch.path("library-\(signalNumber)").path
        let running = try LarderCommand.start(["import", folder.path, "--library", library])
        // Signalled once it holds the library (its handlers are set up right after) and has read
        // the first page whole: it is then reading that page, which takes seconds.
        let lock = URL(fileURLWithPath: library).appendingPathComponent(".larder/lock").path
        try await running.waitUntil("it holds the library and has read the first page", thenSignal: signalNumber) {
            FileManager.default.fileExists(atPath: lock) && running.bytesRead > SlowPages.pageBytes
        }
        let run = try await running.finish()
        let data = try Data(contentsOf: URL(fileURLWithPath: library).appendingPathComponent("report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (run, report["entries"] as? [[String: Any]] ?? [])
    }

    /// The page being read when the signal came is interrupted, not read to its end (it would be
    /// imported or failed), and the folder says the rest of it was not read.
    func expectInterrupted(_ entries: [[String: Any]]) {
        let reasons = entries.compactMap { $0["reason"] as? String }
        #expect(reasons.contains { $0.hasPrefix("interrupted before it was done") }, "\(entries)")
        #expect(reasons.contains { $0.hasPrefix("interrupted before the rest of it was read") }, "\(entries)")
        #expect(!entries.contains { $0["status"] as? String == "imported" || $0["status"] as? String == "failed" }, "\(entries)")
    }

    @Test func ctrlCInTheMiddleOfALargeFileStopsItAndExits130() async throws {
        let (run, entries) = try await interrupt(with: SIGINT)
        #expect(run.status == 130, "\(run)")
        #expect(run.printed.contains("Import interrupted"), "\(run)")
        expectInterrupted(entries)
    }

    @Test func sigtermStopsTheSameWayAndExits143() async throws {
        let (run, entries) = try await interrupt(with: SIGTERM)
        #expect(run.status == 143, "\(run)")
        expectInterrupted(entries)
    }

    /// One XML export of 100,000 recipes (issue 31: a 60 MB Gourmet file peaked at 1.31 GB and
    /// SIGTERM was honoured after 183 s): its recipes are stored while the file is still being
    /// read, one at a time, and SIGTERM in the middle of it ends the run there (how soon is
    /// measured by `Benchmarks/hostile-inputs.py`, not here).
    @Test func aLongXMLExportIsStoredAsItIsReadAndSIGTERMStopsItMidFile() async throws {
        let file = scratch.path("soups.grmt")
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE gourmetDoc>\n<gourmetDoc>\n"
        for index in 1...100_000 {
            xml += "<recipe id=\"\(index)\"><title>Soup \(index)</title><ingredient-list><ingredient><amount>\(index)</amount><unit>g</unit><item>salt</item></ingredient></ingredient-list><instructions>Boil.</instructions></recipe>\n"
        }
        try Data((xml + "</gourmetDoc>\n").utf8).write(to: file)
        let library = scratch.path("library-xml")
        let running = try LarderCommand.start(["import", file.path, "--library", library.path])
        // Read whole before its first recipe was stored, the file took tens of seconds here: the
        // run is signalled once three recipes are stored, while it is still reading.
        let recipes = library.appendingPathComponent("recipes").path
        try await running.waitUntil("three recipes are stored", thenSignal: SIGTERM) {
            ((try? FileManager.default.contentsOfDirectory(atPath: recipes).count) ?? 0) >= 3
        }
        let run = try await running.finish()
        #expect(run.status == 143, "\(run)")
        let data = try Data(contentsOf: library.appendingPathComponent("report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = report["entries"] as? [[String: Any]] ?? []
        #expect(entries.contains { ($0["reason"] as? String)?.hasPrefix("interrupted before it was done") == true }, "\(entries.suffix(3))")
        let imported = entries.filter { $0["status"] as? String == "imported" }.count
        #expect(imported > 0 && imported < 100_000)
    }

    /// Ctrl-C in the first moments of a run, before its work began: in the first ~0.4 s the
    /// signal killed larder before its handler was set (a library folder left with no report),
    /// or was discarded and the import ran to its end with exit code 0. Signalled at moments
    /// from the start on, each run ends with nothing written (killed while the program was
    /// still loading, or stopped before it began) or with a report that lists every recipe it
    /// stored, and exit code 130.
    @Test func ctrlCAtAnyMomentOfTheStartLeavesAReportOrNothingAndExits130() async throws {
        let folder = scratch.path("soups")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 1...300 {
            let recipe = #"{"@context": "https://schema.org", "@type": "Recipe", "name": "Soup \#(index)", "recipeIngredient": ["\#(index) g salt", "1 l water"], "recipeInstructions": ["Boil."]}"#
            try Data(recipe.utf8).write(to: folder.appendingPathComponent("soup-\(index).json"))
        }
        for milliseconds in [0, 5, 10, 20, 30, 40, 50, 60, 80, 100, 130, 160, 200, 250, 300, 400] {
            let library = scratch.path("library-\(milliseconds)")
            let running = try LarderCommand.start(["import", folder.path, "--library", library.path])
            // The moment is the point of the test, not a wait: sent from a thread of its own.
            running.signal(SIGINT, after: .milliseconds(milliseconds))
            let run = try await running.finish()
            let printed = run.printed
            let moment = "signalled after \(milliseconds) ms: \(printed)"
            if run.signal != nil {
                // Only before main ran: the library was not touched.
                #expect(!FileManager.default.fileExists(atPath: library.path), "\(moment)")
                continue
            }
            #expect(run.status == 130, "\(moment)")
            guard FileManager.default.fileExists(atPath: library.path) else { continue }
            let data = try Data(contentsOf: library.appendingPathComponent("report.json"))
            let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(moment)")
            let listed = Set((report["entries"] as? [[String: Any]] ?? []).compactMap { $0["recipeID"] as? String })
            let stored = (try? FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent("recipes").path)) ?? []
            #expect(stored.filter { $0.hasSuffix(".json") }.allSatisfy { listed.contains(String($0.dropLast(5))) }, "\(moment)")
        }
    }
}

/// Saved pages that take seconds each to read: a signal sent meanwhile finds a run mid-input.
enum SlowPages {
    /// The size of each page's list of ingredients.
    static let pageBytes = 8 * 1024 * 1024

    /// Five pages of 8 MB whose ingredient lists never end, in `slow/` of the scratch folder.
    static func write(in scratch: ScratchFolder) throws -> URL {
        let folder = scratch.path("slow")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let item = "<li>1 cup chopped walnuts, toasted</li>\n"
        let list = Data(String(repeating: item, count: pageBytes / item.utf8.count).utf8)
        for index in 1...5 {
            let head = "<!doctype html><html><head><title>Walnut cake \(index)</title></head><body><h1>Walnut cake \(index)</h1><h2>Ingredients</h2><ul>"
            let tail = "</ul><h2>Instructions</h2><ol><li>Bake.</li></ol></body></html>"
            try (Data(head.utf8) + list + Data(tail.utf8)).write(to: folder.appendingPathComponent("walnut-\(index).html"))
        }
        return folder
    }
}

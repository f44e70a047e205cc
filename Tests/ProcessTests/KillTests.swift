import Foundation
import LarderArchive
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// The real binary killed with SIGKILL at several moments of a run: afterwards the manifest
/// and its journal are out of step with the files by at most the one write in flight, and the
/// next run finishes the work, leaves the library whole, the manifest exactly right, and
/// nothing behind (no temporary files, staging folders, partial archives).
@Suite(.serialized) struct KillTests {
    let scratch: ScratchFolder
    static let recipeCount = 60

    init() throws {
        scratch = try ScratchFolder()
    }

    // MARK: Runs

    /// Starts `larder`, polls `moment` every millisecond on a thread of its own and kills the
    /// process with SIGKILL as soon as it holds; true when it was killed (false: it finished first).
    func larder(_ arguments: [String], killWhen moment: @escaping @Sendable () -> Bool) async throws -> Bool {
        let running = try LarderCommand.start(arguments, home: scratch.path("home"))
        do {
            try await running.waitUntil("the moment to kill it", interval: .milliseconds(1), thenSignal: SIGKILL, moment)
        } catch ProgramProblem.notReady(_, _, ended: true, _) {
            _ = try await running.finish()
            return false
        }
        return try await running.finish().signal == SIGKILL
    }

    func larder(_ arguments: [String]) async throws -> ProgramRun {
        try await LarderCommand.run(arguments, home: scratch.path("home"))
    }

    // MARK: Inputs

    /// `count` distinct recipes, every tenth with an image (and every twentieth sharing one).
    func recipes(_ count: Int) throws -> [Recipe] {
        let template = try CanonicalJSON.decode(Fixtures.data("json/canonical-v1.json"))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 8, 0, 0, 0, 8, 8, 6, 0, 0, 0]
        return (0..<count).map { n in
            var recipe = template
            recipe.id = String(format: "kill-%04d", n)
            recipe.title = "Gnocchi No. \(n)"
            recipe.provenance.sourceURL = "https://example.com/gnocchi/\(n)"
            if n % 10 == 0 { recipe.images = [RecipeImage(embeddedData: png + [UInt8(n % 20 == 0 ? 0 : n % 256)])] }
            return recipe
        }
    }

    /// A backup of `recipeCount` recipes, every tenth with an image, written by the binary.
    func backup() async throws -> URL {
        let inputs = try recipeFiles(withImages: true)
        let source = scratch.path("source")
        #expect(try await larder(["import", inputs.path, "--library", source.path]).status == 0)
        let archive = scratch.path("backup.tar.gz")
        #expect(try await larder(["export", "--format", "json", "--library", source.path, "--output", archive.path]).status == 0)
        return archive
    }

    /// `recipeCount` distinct recipe files, made from one fixture's text (encoding them one by
    /// one in a debug build would take most of the test's time). With images, every tenth is a
    /// recipe with its picture inline, which the import stores as a file.
    func recipeFiles(withImages: Bool = false) throws -> URL {
        let folder = scratch.path(withImages ? "inputs-with-images" : "inputs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let template = try String(contentsOf: Fixtures.url("json/canonical-v1.json"), encoding: .utf8)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 8, 0, 0, 0, 8, 8, 6, 0, 0, 0])
        for n in 0..<Self.recipeCount {
            let id = String(format: "kill-%04d", n)
            let text: String
            if withImages && n % 10 == 0 {
                // An iCloud-style cookbook recipe: its base64 picture becomes an image file.
                let picture = (png + [UInt8(n % 20 == 0 ? 0 : n % 256)]).base64EncodedString()
                text = #"{"id": "\#(id)", "title": "Pancakes No. \#(n)", "imageData": "\#(picture)", "#
                    + #""ingredients": [{"text": "1 cup flour"}], "instructions": "Mix."}"#
            } else {
                text = template.replacingOccurrences(of: "crepes-3f2a9c11", with: id)
                    .replacingOccurrences(of: "\"Crêpes\"", with: "\"Crêpes No. \(n)\"")
                    .replacingOccurrences(of: "https://example.org/crepes", with: "https://example.org/crepes/\(n)")
            }
            try Data(text.utf8).write(to: folder.appendingPathComponent(id + ".json"))
        }
        return folder
    }

    // MARK: What is on disk

    func storedRecipes(_ library: URL) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent("recipes").path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.count
    }

    /// The paths where the manifest with its journal applied (what the next run reads) and
    /// the files disagree.
    func outOfStep(_ library: URL) async throws -> [String] {
        var listed: [String: String] = [:]
        for file in try ManifestReader.open(folder: library)?.readAll() ?? [] { listed[file.path] = file.sha256 }
        for (path, change) in LibraryManifest.journalChanges(at: library.appendingPathComponent(".larder/journal.jsonl")).latest {
            switch change {
            case .put(let file): listed[path] = file.sha256
            case .removed: listed[path] = nil
            }
        }
        var onDisk: [String: String] = [:]
        let paths = try LibraryFiles.paths(in: library)
        if !paths.isEmpty {
            // Hashed by coreutils: this debug build's own SHA-256 would take most of the test's time.
            let text = try await Program("sha256sum", ["--"] + paths, directory: library).run().output
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                onDisk[String(parts[1].drop { $0 == " " || $0 == "*" })] = String(parts[0])
            }
        }
        return Set(listed.keys).union(onDisk.keys).filter { listed[$0] != onDisk[$0] }.sorted()
    }

    /// Hidden temporary files, staging folders and partial archives anywhere under `folder`.
    func leftovers(under folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasSuffix(".tmp") || name.hasSuffix(".partial") || name.hasPrefix("restore-") || name.hasPrefix(".larder-restore-") {
                found.append(path)
            }
        }
        return found
    }

    /// The library after a complete run: every recipe readable, the manifest exactly the files,
    /// an empty journal, nothing left behind.
    func expectWhole(_ library: URL, _ label: String) async throws {
        #expect(storedRecipes(library) == Self.recipeCount, "\(label)")
        // Whole files (no torn JSON), checked with Foundation's parser: decoding every recipe in
        // this debug build would take most of the test's time.
        for id in try Library(root: library).recipeIDs() {
            let data = try Data(contentsOf: library.appendingPathComponent("recipes/\(id).json"))
            #expect((try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["id"] as? String == id, "\(label): \(id)")
        }
        #expect(try await outOfStep(library).isEmpty, "\(label)")
        let journal = try Data(contentsOf: library.appendingPathComponent(".larder/journal.jsonl"))
        #expect(journal.isEmpty, "\(label): the journal is folded")
        #expect(leftovers(under: library).isEmpty, "\(label): \(leftovers(under: library))")
        #expect(leftovers(under: scratch.url).isEmpty, "\(label): \(leftovers(under: scratch.url))")
    }

    // MARK: Tests

    enum Moment: String, CaseIterable {
        case staging, firstRecipes, halfway, lastRecipe
    }

    func reached(_ moment: Moment, _ library: URL) -> Bool {
        let count = storedRecipes(library)
        switch moment {
        case .staging:
            let state = (try? FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent(".larder").path)) ?? []
            return state.contains { $0.hasPrefix("restore-") }
        case .firstRecipes: return count >= 3
        case .halfway: return count >= Self.recipeCount / 2
        case .lastRecipe: return count >= Self.recipeCount - 1
        }
    }

    /// One backup, restored into a fresh library for each moment.
    @Test func aRestoreKilledAtAnyMomentIsFinishedByTheNextRun() async throws {
        let archive = try await backup()
        for moment in Moment.allCases {
            let library = scratch.path("restored-\(moment)")
            let killed = try await larder(["import", archive.path, "--library", library.path]) { reached(moment, library) }
            #expect(killed || moment == .lastRecipe, "the run ended before the moment \(moment) was seen")
            let differing = try await outOfStep(library)
            #expect(differing.count <= 1, "\(moment): \(differing)")

            let again = try await larder(["import", archive.path, "--library", library.path])
            #expect(again.status == 0, "\(again.errors)")
            try await expectWhole(library, "\(moment)")
            let report = try CanonicalJSON.decode(RunReport.self, from: Data(contentsOf: library.appendingPathComponent("report.json")))
            #expect(report.count == Self.recipeCount, "every recipe of the backup has its entry")
        }
    }

    @Test func anImportKilledMidwayIsFinishedByTheNextRun() async throws {
        let inputs = try recipeFiles()
        for moment in [Moment.firstRecipes, .halfway, .lastRecipe] {
            let library = scratch.path("imported-\(moment)")
            let killed = try await larder(["import", inputs.path, "--library", library.path]) { reached(moment, library) }
            #expect(killed || moment == .lastRecipe, "the run ended before the moment \(moment) was seen")
            let differing = try await outOfStep(library)
            #expect(differing.count <= 1, "\(moment): \(differing)")

            #expect(try await larder(["import", inputs.path, "--library", library.path]).status == 0)
            try await expectWhole(library, "\(moment)")
        }
    }

    /// The index is marked `writing` while an import runs: killed mid-write, the library's index
    /// is seen as stale by the next reader, reconciled with the manifest, and lists exactly the
    /// recipe files there are.
    @Test func anImportKilledMidwayLeavesAnIndexTheNextReaderFindsStaleAndRebuilds() async throws {
        let inputs = try recipeFiles()
        let library = scratch.path("indexed")
        // A library with an index in step first, so what is seen is the killed run's doing.
        #expect(try await larder(["import", inputs.appendingPathComponent("kill-0000.json").path, "--library", library.path]).status == 0)
        let killed = try await larder(["import", inputs.path, "--library", library.path]) { reached(.halfway, library) }
        #expect(killed)
        let indexPath = library.appendingPathComponent(".larder/index.sqlite").path
        #expect(try LibraryIndex(opening: indexPath).isBeingWritten(), "a killed writer leaves its index marked as being written")

        try await expectTheNextListReconcilesTheIndex(of: library)
        let index = try LibraryIndex(opening: indexPath)
        #expect(try index.isFresh(for: LibraryStamp(library: Library(root: library))), "the reader left it in step")
        #expect(try await outOfStep(library).isEmpty, "and the manifest exact")

        // The next import finishes the work and the index follows it.
        #expect(try await larder(["import", inputs.path, "--library", library.path]).status == 0)
        try await expectTheIndexListsEveryRecipeWithoutANote(of: library)
    }

    /// A restore writes its index rows in groups, committed a few hundred at a time: killed
    /// mid-group, the rows it had not committed are lost with it, and the index, marked
    /// `writing`, is reconciled by the next reader to list exactly the recipes restored so far.
    @Test func aRestoreKilledMidwayLeavesAnIndexTheNextReaderFindsStaleAndRebuilds() async throws {
        let archive = try await backup()
        let library = scratch.path("restored-indexed")
        let killed = try await larder(["import", archive.path, "--library", library.path]) { reached(.halfway, library) }
        #expect(killed)
        let indexPath = library.appendingPathComponent(".larder/index.sqlite").path
        #expect(try LibraryIndex(opening: indexPath).isBeingWritten(), "a killed restore leaves its index marked as being written")

        try await expectTheNextListReconcilesTheIndex(of: library)

        #expect(try await larder(["import", archive.path, "--library", library.path]).status == 0)
        try await expectTheIndexListsEveryRecipeWithoutANote(of: library)
    }

    /// The first `list` after a killed writer finds the index stale, says so, and lists exactly
    /// the recipe files stored so far (at least half of them, as the kill came halfway).
    func expectTheNextListReconcilesTheIndex(of library: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let list = try await larder(["list", "--library", library.path])
        #expect(list.status == 0, "\(list)", sourceLocation: sourceLocation)
        #expect(list.errors.contains("The library's index was out of date"), "\(list.errors)", sourceLocation: sourceLocation)
        let listed = list.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(listed == (try Library(root: library).recipeIDs()), "the index lists exactly the stored recipes", sourceLocation: sourceLocation)
        #expect(listed.count >= Self.recipeCount / 2, sourceLocation: sourceLocation)
    }

    /// After the run that finished the work, `list` shows every recipe and no note.
    func expectTheIndexListsEveryRecipeWithoutANote(of library: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let all = try await larder(["list", "--library", library.path])
        #expect(all.output.split(separator: "\n").count == Self.recipeCount, sourceLocation: sourceLocation)
        #expect(!all.errors.contains("note:"), "\(all.errors)", sourceLocation: sourceLocation)
    }

    @Test func anExportKilledMidwayLeavesNoPartialArchiveAfterTheNext() async throws {
        let inputs = try recipeFiles()
        let library = scratch.path("library")
        #expect(try await larder(["import", inputs.path, "--library", library.path]).status == 0)
        let output = scratch.path("out/backup.tar.gz")
        let killed = try await larder(["export", "--format", "json", "--library", library.path, "--output", output.path]) {
            !leftovers(under: scratch.path("out")).isEmpty
        }
        #expect(killed)
        #expect(leftovers(under: scratch.path("out")).count == 1, "the killed export left its partial archive")
        #expect(try await larder(["export", "--format", "json", "--library", library.path, "--output", output.path]).status == 0)
        #expect(leftovers(under: scratch.path("out")).isEmpty, "the next export removed it")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    /// While one run writes a library, another stops at once, says why, and changes nothing.
    @Test func aSecondRunOnALibraryInUseStopsWithAClearMessage() async throws {
        let input = Fixtures.url("json/canonical-v1.json").path
        let library = Library(root: scratch.path("busy"))
        try library.open()  // this process holds the library, as a running import would
        let second = try await larder(["import", input, "--library", library.root.path])
        #expect(second.status == 2, "found before any work, as a library that cannot be used as given")
        #expect(second.errors.contains("is in use by another larder run (process \(getpid()))"), "\(second.errors)")
        #expect(storedRecipes(library.root) == 0)
        try library.close()
        #expect(try await larder(["import", input, "--library", library.root.path]).status == 0)
        #expect(storedRecipes(library.root) == 1)
    }

    /// Changes are folded into the manifest as they pile up, not only at the end: the manifest
    /// and journal agree with the files after every write, through several folds. A fold comes
    /// when the journal holds as many changes as the manifest lists files (at least `foldEvery`),
    /// so the journal never outgrows the manifest.
    @Test func theManifestFoldsItsJournalAsItGrows() async throws {
        let library = Library(root: scratch.path("folds"))
        library.foldEvery = 16
        var changes = 0
        for (n, recipe) in try recipes(40).enumerated() {
            try library.store(recipe)
            changes += recipe.images.isEmpty ? 1 : 2
            if n % 7 == 0 {
                try library.removeImages(of: recipe.id, keeping: [])
                changes += recipe.images.isEmpty ? 0 : 1
            }
            let differing = try await outOfStep(library.root)
            #expect(differing.isEmpty, "after recipe \(n): \(differing)")
        }
        let journalLines = try String(contentsOf: library.root.appendingPathComponent(".larder/journal.jsonl"), encoding: .utf8)
            .split(separator: "\n").count
        let listed = try String(contentsOf: library.manifestURL, encoding: .utf8).split(separator: "\n").count - 1
        #expect(journalLines < changes - 16, "the journal was folded more than once (\(journalLines) of \(changes) changes left)")
        #expect(journalLines <= max(16, listed), "the journal never outgrows the manifest")
        try library.close()
        #expect(try await outOfStep(library.root).isEmpty)
    }
}

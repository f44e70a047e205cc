import Foundation
import LarderArchive
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// Walks `FormatRegistry`: every format is recognised for its own samples, and every format
/// Larder both writes and reads comes back from what it wrote, losing only what its description
/// says it cannot hold. A format added to the registry without samples here fails the first
/// test, so none goes untested.
struct FormatRegistryTests {
    /// Samples of each format read file by file: every recipe file in them (archives opened,
    /// pictures and archivers' clutter passed over) is of that format.
    static let samples: [String: [String]] = [
        "json": ["json/canonical-v1.json", "json/tolerant-odd-keys.json", "apps/icloud-cookbook"],
        "jsonld": ["schema-org/mealie-chunky-apple-cake.json", "formats/recipesage/synthetic-jsonld-export.json", "scaling/pancakes.jsonld"],
        "html": ["html/mealie-recipe.html", "html/tandoor-micro_data_1.html"],
        "mela": ["formats/mela/Recipes.melarecipes", "formats/mela/Soda Bread.melarecipe"],
        "paprika": ["formats/paprika/Zucchinipuffer.paprikarecipe", "formats/paprika/mealie-test-paprika-folder.zip",
                    "formats/paprika/Zucchinipuffer-decoded.json"],
        "mealie": ["formats/mealie/recipe.json", "formats/mealie/recipe-v3.json", "formats/mealie/legacy"],
        "nextcloud": ["formats/nextcloud/Recipes", "formats/nextcloud-extra"],
        "tandoor": ["formats/tandoor/tandoor-export.zip"],
        "cooklang": ["formats/cooklang/Easy_Pancakes.cook", "formats/cooklang/Olivier_Salad.cook"],
        "mealmaster": ["formats/mealmaster/anymeal-mixed.mmf", "formats/mealmaster/gourmet-mealmaster-5-recipes.mmf"],
        "mealdb": ["mealdb/lookup", "apps/dessert-favorites/meal-detail-52768.json"],
        "copymethat": ["formats/other/copymethat.zip"],
        "csv": ["formats/other/generic.csv"],
        "plantoeat": ["formats/other/plantoeat.zip"],
        "myrecipebox": ["formats/other/myrecipebox.csv"],
        "mastercook": ["formats/other/athenos-first-3.mx2"],
        "gourmet": ["formats/other/test_set.grmt"],
        "krecipes": ["formats/other/sample.kreml"],
        "chowdown": ["formats/other/chowdown"],
        // Not the export's index.md: a contents page, recognised and skipped as bookkeeping.
        "markdown": ["formats/markdown/larder-export/crepes.md", "formats/markdown/larder-export/grandma-s-apple-pie.md",
                     "formats/markdown/hand-written"],
    ]

    /// Every recipe set of the fixtures: other apps' files, every format's samples, the
    /// round-trip inputs, the real collections no one here wrote (Mealie's own export, CookCLI's
    /// seed, based.cooking) and the project's samples.
    static let fixtureSets: [URL] = [Fixtures.url("apps"), Fixtures.url("formats"), Fixtures.url("round-trip"), Fixtures.url("real"),
                                     Fixtures.packageRoot.appendingPathComponent("Samples")]

    static var fileFormats: [RecipeFormat] {
        FormatRegistry.readable.filter { if case .files = $0.reader?.method { return true } else { return false } }
    }

    static var readAndWritten: [RecipeFormat] {
        fileFormats.filter { $0.writer != nil }
    }

    @Test func everyFormatHasOneNameAndSamples() {
        let names = FormatRegistry.all.map(\.name)
        #expect(Set(names).count == names.count, "two formats share a name: \(names)")
        #expect(Set(Self.samples.keys) == Set(Self.fileFormats.map(\.name)))
    }

    /// A format Larder both writes and reads is read back on every export: it says how, and its
    /// sink hands over what it wrote (or `FormatWriter.makeSink` could not check it).
    @Test(arguments: readAndWritten)
    func everyFormatLarderReadsIsReadBackOnExport(_ format: RecipeFormat) throws {
        let scratch = try ScratchFolder()
        let writer = try #require(format.writer)
        #expect(writer.readBack != nil, "\(format.name) is read but its export is not read back")
        let output = switch writer.layout {
        case .tree: scratch.path("out")
        case .file(let examples): scratch.path(try #require(examples.first))
        }
        #expect(try writer.makeSink(FormatOutput(url: output)) is FidelityCheckedSink, "\(format.name)")
    }

    @Test(arguments: fileFormats)
    func recognisesItsSamplesByNameAndBytes(_ format: RecipeFormat) throws {
        let files = try Self.samples[format.name, default: []].flatMap { try Self.recipeFiles(in: Fixtures.url($0)) }
        #expect(!files.isEmpty)
        // A whole file name (Nextcloud's recipe.json) or the extension alone (Cooklang) is
        // part of some formats' recognition; the others are told by their bytes too.
        let toldByBytes = format.recognition.fileNames.isEmpty && (format.recognition.marks != nil || format.recognition.syntax != nil)
        for file in files {
            #expect(RecipeFileKind.of(file) == .recipe(format), "\(file.name) is not recognised as \(format.name)")
            if toldByBytes {
                let unnamed = RecipeFile(name: "input", data: file.data)
                #expect(RecipeFileKind.of(unnamed) == .recipe(format), "the bytes of \(file.name) are not recognised as \(format.name)")
            }
        }
    }

    @Test func aBackupIsRecognisedWholeAndAnAppsZipIsNot() async throws {
        let scratch = try ScratchFolder()
        let backup = scratch.path("backup.tar.gz")
        let sink = try ExportDestination(format: .json, output: backup.path).makeSink(imageSource: nil, created: Date())
        for outcome in try await readAll(Fixtures.url("mealdb/lookup").path, normalized: false) {
            _ = try sink.write(try #require(outcome.recipe))
        }
        try sink.finish(report: RunReport())
        #expect(FormatRegistry.wholeInputFormat(of: backup.path) == .bundle)
        #expect(FormatRegistry.wholeInputFormat(of: Fixtures.url("formats/other/copymethat.zip").path) == nil)
        #expect(FormatRegistry.wholeInputFormat(of: Fixtures.url("formats/paprika/mealie-test-paprika-folder.zip").path) == nil)
    }

    /// Every fixture recipe set, exported in every format Larder reads back and imported
    /// again as `import` reads it: each field that differs on the way back is in that
    /// export's fidelity report for that recipe (none unnamed), the report names no field that
    /// did not differ, and every field that differs is one the format says it has no place
    /// for (`FormatWriter.noPlaceFor`): nothing the format can hold is dropped or changed.
    @Test(arguments: readAndWritten)
    func everyExportNamesWhatDidNotComeBack(_ format: RecipeFormat) async throws {
        let scratch = try ScratchFolder()
        var originals: [Recipe] = []
        var ids = Set<String>()
        for set in Self.fixtureSets {
            // As an import stores them: one recipe for each id.
            originals += try await readAll(set.path).compactMap(\.recipe).filter { ids.insert($0.id).inserted }
        }
        #expect(originals.count > 50)
        let writer = try #require(format.writer)
        let output = switch writer.layout {
        case .tree: scratch.path("out")
        case .file(let examples): scratch.path(try #require(examples.first))
        }
        let report = scratch.path("fidelity.json")
        let sink = try writer.makeSink(FormatOutput(url: output, fidelity: FidelityOptions(report: report)))
        for recipe in originals { _ = try sink.write(recipe) }
        try sink.finish(report: RunReport())

        let named = try Self.fieldsNamed(in: report)
        let back = try await Self.imported(output, restored: writer.readBack == .restored)
        let holds = Set(RecipeField.allCases).subtracting(writer.noPlaceFor.keys)
        let matches = Self.matched(originals, back)
        for original in originals {
            guard let again = matches[original.id] else {
                Issue.record("\(format.name): \(original.title) did not come back")
                continue
            }
            let differences = RecipeComparison.differences(original, again)
            let differing = Set(differences.map(\.field))
            let reported = named[original.id] ?? []
            #expect(differing.subtracting(reported).isEmpty,
                    "\(format.name): \(original.title): differs on import but is not in the fidelity report: \(differences.filter { !reported.contains($0.field) })")
            #expect(reported.subtracting(differing).isEmpty,
                    "\(format.name): \(original.title): the fidelity report names what does not differ on import: \(reported.subtracting(differing).map(\.name))")
            #expect(differing.intersection(holds).isEmpty,
                    "\(format.name): \(original.title): did not come back although \(format.title) has a place for it: \(differences.filter { holds.contains($0.field) })")
        }
    }

    /// The recipes of an export as `import` takes them in: read file by file and normalized,
    /// or, for a library, restored as they are.
    static func imported(_ output: URL, restored: Bool) async throws -> [Recipe] {
        guard restored else {
            let outcomes = try await readAll(output.path)
            #expect(outcomes.allSatisfy { $0.failure == nil }, "\(outcomes.compactMap(\.failure))")
            return outcomes.compactMap(\.recipe)
        }
        let folder = output.appendingPathComponent("recipes")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            try CanonicalJSON.decode(Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }

    /// The fields the fidelity report names for each recipe, by id.
    static func fieldsNamed(in report: URL) throws -> [String: Set<RecipeField>] {
        let json = try JSONValue.parse(Data(contentsOf: report))
        var named: [String: Set<RecipeField>] = [:]
        for entry in json["recipes"]?.arrayValue ?? [] {
            let id = try #require(entry["id"]?.stringValue)
            let fields = (entry["differences"]?.arrayValue ?? []).compactMap { $0["field"]?.stringValue.flatMap(RecipeField.init(rawValue:)) }
            named[id, default: []].formUnion(fields)
        }
        return named
    }

    /// Each original's recipe read back, by the original's id: of those with its title, the
    /// one with its id, else the one sharing the most ingredient and step words with it (two
    /// recipes of one title are told apart so), best pairs first.
    static func matched(_ originals: [Recipe], _ back: [Recipe]) -> [String: Recipe] {
        func words(_ recipe: Recipe) -> Set<String> {
            Set((recipe.ingredients.map(\.line) + recipe.steps.map(\.text)).joined(separator: " ").lowercased()
                .split(whereSeparator: { !$0.isLetter }).map(String.init))
        }
        var scored: [(score: Int, original: Int, back: Int)] = []
        for (o, original) in originals.enumerated() {
            let mine = words(original)
            for (b, candidate) in back.enumerated() where candidate.title == original.title {
                scored.append(((candidate.id == original.id ? 1_000_000 : 0) + mine.intersection(words(candidate)).count, o, b))
            }
        }
        var matches: [String: Recipe] = [:]
        var taken = Set<Int>()
        for pair in scored.sorted(by: { $0.score > $1.score }) where matches[originals[pair.original].id] == nil && !taken.contains(pair.back) {
            matches[originals[pair.original].id] = back[pair.back]
            taken.insert(pair.back)
        }
        return matches
    }

    /// The recipe files of a sample: a file, a folder's files, an archive's entries (nested
    /// archives opened), without pictures and archivers' clutter.
    static func recipeFiles(in url: URL) throws -> [RecipeFile] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            Issue.record("no sample at \(url.path)")
            return []
        }
        if isFolder.boolValue {
            let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            let files = (walker?.compactMap { $0 as? URL } ?? []).filter { !$0.hasDirectoryPath }.sorted { $0.path < $1.path }
            return try files.flatMap { file -> [RecipeFile] in
                let relative = String(file.path.dropFirst(url.path.count + 1))
                return try classify(RecipeFile(name: relative, data: Data(contentsOf: file)))
            }
        }
        return try classify(RecipeFile(name: url.lastPathComponent, data: Data(contentsOf: url)))
    }

    static func classify(_ file: RecipeFile) throws -> [RecipeFile] {
        if ArchiveInput.isClutter(file.name) { return [] }
        switch RecipeFileKind.of(file) {
        case .image: return []
        case .archive:
            let reader = try ArchiveReader(data: file.data, label: file.name)
            var files: [RecipeFile] = []
            while let entry = try reader.nextEntry() {
                guard entry.kind == .file, let path = entry.path else { continue }
                files += try classify(RecipeFile(name: path, data: reader.readData(limit: 64 << 20)))
            }
            return files
        default: return [file]
        }
    }
}

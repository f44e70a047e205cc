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

    /// For each format Larder writes and reads back: a sample of its own, and a Larder recipe
    /// with everything the model holds (group and section names, notes, rating, times…).
    static let roundTrips: [String: [String]] = [
        "json": ["json/canonical-v1.json", "mealdb/lookup/52768.json"],
        "jsonld": ["schema-org/tandoor-thespruceeats-howtosection.json", "json/canonical-v1.json"],
        "paprika": ["formats/paprika/mealie-test-paprika-folder.zip", "json/canonical-v1.json"],
        "nextcloud": ["formats/nextcloud/Recipes", "json/canonical-v1.json"],
        // Not Coffee_Souffle.cook: its `@water{1,1/2cups}` (1½ cups) is written back as
        // `1,1/2 cups water`, a space added to the line rather than something lost.
        "cooklang": ["formats/cooklang/Easy_Pancakes.cook", "formats/cooklang/American_Pancakes.cook", "formats/cooklang/Fried_Rice.cook",
                     "formats/cooklang/Another_Lemon_Blueberry_Bread.cook", "json/canonical-v1.json"],
        "mealdb": ["mealdb/lookup", "json/canonical-v1.json"],
        "markdown": ["formats/markdown/larder-export", "formats/markdown/hand-written", "json/canonical-v1.json"],
    ]

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
        #expect(Set(Self.roundTrips.keys) == Set(Self.readAndWritten.map(\.name)))
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

    struct RoundTrip: Sendable, CustomStringConvertible {
        var format: RecipeFormat
        var sample: String
        var description: String { "\(sample) as \(format.name)" }
    }

    static var roundTripCases: [RoundTrip] {
        readAndWritten.flatMap { format in roundTrips[format.name, default: []].map { RoundTrip(format: format, sample: $0) } }
    }

    /// Written in the format and read back as `import` reads (normalized: a heading line in
    /// the ingredients is a group again), each recipe keeps its title, ingredient lines and
    /// steps; where one of these does not come back, the format's description names what it
    /// could not hold.
    @Test(arguments: roundTripCases)
    func writtenAndReadBackKeepsWhatTheFormatHolds(_ test: RoundTrip) async throws {
        let scratch = try ScratchFolder()
        let originals = try await readAll(Fixtures.url(test.sample).path).compactMap(\.recipe)
        #expect(!originals.isEmpty)
        let writer = try #require(test.format.writer)
        let output = switch writer.layout {
        case .tree: scratch.path("out")
        case .file(let examples): scratch.path(try #require(examples.first))
        }
        let sink = try writer.makeSink(FormatOutput(url: output))
        for recipe in originals { _ = try sink.write(recipe) }
        try sink.finish(report: RunReport())

        let outcomes = try await readAll(output.path)
        #expect(outcomes.allSatisfy { $0.failure == nil }, "\(outcomes.compactMap(\.failure))")
        let readBack = outcomes.compactMap(\.recipe)
        #expect(readBack.count == originals.count)
        for original in originals {
            let unheld = test.format.unheld(original).joined(separator: "; ")
            let back = try #require(readBack.first { $0.title == original.title }, "\(original.title) did not come back")
            if back.ingredients.map(\.line) != original.ingredients.map(\.line) {
                #expect(unheld.contains("ingredient"), "\(original.title): ingredient lines changed unnamed:\n\(original.ingredients.map(\.line))\n\(back.ingredients.map(\.line))")
            }
            if back.steps.map(\.text) != original.steps.map(\.text) {
                #expect(unheld.contains("section") || unheld.contains("step"),
                        "\(original.title): steps changed unnamed:\n\(original.steps.map(\.text))\n\(back.steps.map(\.text))")
            }
        }
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

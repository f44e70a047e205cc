import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// Import is a use case of LarderKit: an app hands `ImportRun` the inputs as a user lists them,
/// and gets `larder import`'s order — inputs sorted by kind, restores first, the duplicate check
/// seeded from what they brought back.
struct ImportRunTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    @Test func inputsAreSortedByKindInTheOrderGiven() throws {
        let inputs = try ImportInputs(classifying: [
            "mealdb:search=soup", "https://example.org/b", "recipes/", "sitemap:https://example.org/sitemap.xml",
            "http://example.org/a", "stew.json", "MEALDB:id=52772",
        ])
        #expect(inputs.count == 7)
        #expect(inputs.inputs(of: .files) == ["recipes/", "stew.json"])
        #expect(inputs.inputs(of: .web) == ["https://example.org/b", "http://example.org/a"])
        #expect(inputs.inputs(of: .sitemap) == ["sitemap:https://example.org/sitemap.xml"])
        #expect(inputs.inputs(of: .mealdb) == ["mealdb:search=soup", "MEALDB:id=52772"])
    }

    @Test func aMalformedInputIsRefusedByName() {
        #expect(throws: (any Error).self) { try ImportInputs(classifying: ["stew.json", "mealdb:nope"]) }
        do {
            _ = try ImportInputs(classifying: ["sitemap:ftp://example.org/sitemap.xml"])
            Issue.record("accepted")
        } catch {
            #expect(ErrorText.describe(error).hasPrefix("sitemap:ftp://example.org/sitemap.xml: not a sitemap input"))
        }
    }

    @Test func theShardsShareTheInputsOnceAndKeepASiteTogether() throws {
        let given = ["https://a.example/1", "https://a.example/2", "sitemap:https://a.example/sitemap.xml", "https://b.example/1",
                     "one.json", "two.json", "three.json", "mealdb:search=soup", "mealdb:letter=b"]
        let inputs = try ImportInputs(classifying: given)
        let parts = (1...3).map { inputs.only(ImportShard(index: $0, count: 3)) }
        #expect(parts.map(\.count).reduce(0, +) == given.count)
        for kind in ImportSources.all {
            #expect(parts.flatMap { $0.inputs(of: kind) }.sorted() == inputs.inputs(of: kind).sorted())
        }
        // One site's pages and sitemap, and every TheMealDB spec, go to one shard.
        let siteA = parts.filter { !$0.inputs(of: .web).filter { $0.contains("a.example") }.isEmpty }
        #expect(siteA.count == 1)
        #expect(siteA.first?.inputs(of: .sitemap).count == 1)
        #expect(parts.filter { !$0.inputs(of: .mealdb).isEmpty }.map { $0.inputs(of: .mealdb).count } == [2])
    }

    /// A library folder among the inputs is restored before the files are read, so a file
    /// holding a recipe it brought back is a duplicate.
    @Test func restoresComeFirstAndSeedTheDuplicateCheck() async throws {
        let stew = scratch.path("stew.json")
        try Data("""
        {"schemaVersion": 1, "id": "stew", "title": "Stew",
         "ingredientGroups": [{"ingredients": [{"line": "1 onion"}]}], "instructionSections": [{"steps": [{"text": "Simmer."}]}]}
        """.utf8).write(to: stew)
        let backup = Library(root: scratch.path("backup"))
        _ = try await StagePreset.importIntoLibrary(backup).pipeline(sources: [FileSource(path: stew.path)]).run()

        let library = Library(root: scratch.path("library"))
        let inputs = try ImportInputs(classifying: [stew.path, backup.root.path])
        let report = try await ImportRun(inputs: inputs, into: library, settings: ImportSettings()).run()
        #expect(report.imported == 1, "\(report.entries)")
        #expect(report.skipped == 1)
        let entries = report.entries
        #expect(entries.first?.input.hasPrefix(backup.root.path) == true, "\(entries)")
        #expect(entries.first?.status == .imported)
        #expect(entries.last?.input == stew.path)
        #expect(entries.last?.kind == .duplicate)
        #expect(try library.recipeIDs() == ["stew"])
    }
}

import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// The presets own the stage order and take the duplicate policy once: a caller cannot leave
/// out the stored-image check or give the restore, the duplicate check and the sink different
/// policies.
struct StagePresetTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    func recipeFile(_ name: String, json: String) throws -> String {
        let file = scratch.path(name)
        try Data(json.utf8).write(to: file)
        return file.path
    }

    var soup: String {
        get throws {
            try recipeFile("soup.json", json: """
            {"schemaVersion": 1, "id": "soup", "title": "Soup",
             "ingredientGroups": [{"ingredients": [{"line": "2 cups stock"}]}], "instructionSections": [{"steps": [{"text": "Heat."}]}]}
            """)
        }
    }

    @Test func theOnePolicyDecidesTheRestoreTheDuplicateCheckAndTheSink() async throws {
        let source = Library(root: scratch.path("source"))
        _ = try await StagePreset.importIntoLibrary(source).pipeline(sources: [FileSource(path: try soup)]).run()
        let library = Library(root: scratch.path("library"))
        _ = try await StagePreset.importIntoLibrary(library).pipeline(sources: [FileSource(path: try soup)]).run()

        let preset = StagePreset.importIntoLibrary(library, policy: .copy)
        var report = RunReport()
        try library.open()
        try preset.restore().restore(source.root.path, into: &report)
        let pipeline = Pipeline(sources: [FileSource(path: try soup)], stages: try preset.stages().stages, sink: try preset.sink())
        report = try await pipeline.run(report: report)
        #expect(report.imported == 2, "\(report.entries)")
        #expect(try library.recipeIDs().sorted() == ["soup", "soup-copy", "soup-copy-2"])
    }

    @Test func anImportKeepsOnlyStoredImagePathsOfTheLibrary() async throws {
        let file = try recipeFile("pie.json", json: """
        {"schemaVersion": 1, "id": "pie", "title": "Pie", "images": [{"path": "../../etc/passwd", "url": "https://example.com/pie.jpg"}],
         "ingredientGroups": [{"ingredients": [{"line": "1 apple"}]}], "instructionSections": [{"steps": [{"text": "Bake."}]}]}
        """)
        let library = Library(root: scratch.path("library"))
        let report = try await StagePreset.importIntoLibrary(library).pipeline(sources: [FileSource(path: file)]).run()
        #expect(report.imported == 1)
        #expect(report.entries.first?.notes?.contains { $0.hasPrefix("image left out") } == true, "\(report.entries)")
        let stored = try library.load(id: "pie")
        #expect(stored.images == [RecipeImage(url: "https://example.com/pie.jpg")])
        #expect(stored.ingredients.first?.name == "apple")
    }

    /// A conversion has no library: a stored image path is left out (its address kept), after
    /// the recipe is normalised and before the filter sees it.
    @Test func aConversionNormalizesLeavesOutStoredPathsThenFilters() async throws {
        var pie = Recipe(id: "pie", title: " Apple <b>Pie</b> ")
        pie.images = [RecipeImage(url: "https://example.com/pie.jpg", path: "images/pie.jpg")]
        pie.ingredientGroups = [IngredientGroup(ingredients: [Ingredient(line: "1 apple")])]
        var decisions: [String] = []
        var recipe = pie
        for stage in StagePreset.convert(filter: FilterStage(RecipeFilter(text: "apple"))) {
            switch try await stage.apply(recipe) {
            case .keep(let kept): recipe = kept
            case .keepNoting(let kept, let notes): recipe = kept; decisions += notes
            case .skip(let reason, _), .skipAsDuplicate(_, let reason): decisions.append("skipped: " + reason)
            }
        }
        #expect(recipe.title == "Apple Pie")
        #expect(recipe.images == [RecipeImage(url: "https://example.com/pie.jpg")])
        #expect(decisions.count == 1 && decisions[0].hasPrefix("image left out"), "\(decisions)")
    }
}

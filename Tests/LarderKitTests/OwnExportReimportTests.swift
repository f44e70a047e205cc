import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// A library's own Paprika export, imported back into it, brings nothing new: Paprika keeps no
/// instruction sections or tags, so what comes back is not the stored content, but it carries
/// the uid Larder's export gave it. (A new-user trial: 30 of 45 Cooklang recipes with sections
/// came back as copies.)
struct OwnExportReimportTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    /// A recipe in two named sections with tags: what Paprika cannot hold.
    static func sectionedRecipe(_ title: String) -> Recipe {
        var recipe = Recipe(id: title.lowercased().replacingOccurrences(of: " ", with: "-"), title: title)
        recipe.tags = ["dinner", "vegan"]
        recipe.ingredientGroups = [IngredientGroup(ingredients: [Ingredient(line: "200 g spaghetti"), Ingredient(line: "1 tsp pepper")])]
        recipe.instructionSections = [
            InstructionSection(name: "Cook the pasta", steps: [Step(text: "Boil the spaghetti.")]),
            InstructionSection(name: "Finish", steps: [Step(text: "Toss with pepper.")]),
        ]
        return recipe
    }

    func exportToPaprika(_ library: Library) throws -> URL {
        let output = scratch.path("all.paprikarecipes")
        let sink = try #require(RecipeFormat.paprika.writer).makeSink(FormatOutput(url: output))
        for id in try library.recipeIDs() { _ = try sink.write(try library.load(id: id)) }
        try sink.finish(report: RunReport())
        return output
    }

    @Test func aLibrarysOwnPaprikaExportComesBackAsTheRecipesItHolds() async throws {
        let library = Library(root: scratch.path("library"))
        for title in ["Cacio e pepe", "Lemon pasta"] { try library.store(Self.sectionedRecipe(title)) }
        try library.close()
        let export = try exportToPaprika(library)

        let report = try await ImportRun(inputs: ImportInputs(classifying: [export.path]), into: library, settings: ImportSettings()).run()
        #expect(report.imported == 0, "\(report.entries)")
        #expect(report.skipped == 2)
        #expect(report.entries.allSatisfy { $0.reason?.contains("the same Paprika uid") == true }, "\(report.entries.map(\.reason))")
        #expect(try library.recipeIDs() == ["cacio-e-pepe", "lemon-pasta"])
    }

    /// With `--on-duplicate update` the export's recipe replaces the one it was written from,
    /// under that one's id: no copy.
    @Test func updatingFromTheExportReplacesUnderTheSameID() async throws {
        let library = Library(root: scratch.path("library"))
        try library.store(Self.sectionedRecipe("Cacio e pepe"))
        try library.close()
        let export = try exportToPaprika(library)

        let report = try await ImportRun(inputs: ImportInputs(classifying: [export.path]), into: library, policy: .update,
                                         settings: ImportSettings()).run()
        #expect(report.skipped == 0, "\(report.entries)")
        #expect(try library.recipeIDs() == ["cacio-e-pepe"])
    }

    /// Another Paprika recipe of the same title, with its own uid, is a recipe of its own.
    @Test func anotherPaprikaRecipeOfTheSameTitleIsKept() async throws {
        let library = Library(root: scratch.path("library"))
        try library.store(Self.sectionedRecipe("Cacio e pepe"))
        try library.close()
        let other = scratch.path("other.json")
        try Data("""
        {"uid": "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0", "name": "Cacio e pepe", "ingredients": "100 g pecorino\\n200 g spaghetti",
         "directions": "Boil the spaghetti. Stir in the cheese.", "categories": []}
        """.utf8).write(to: other)

        let report = try await ImportRun(inputs: ImportInputs(classifying: [other.path]), into: library, settings: ImportSettings()).run()
        #expect(report.imported == 1, "\(report.entries)")
        #expect(try library.recipeIDs().count == 2)
    }
}

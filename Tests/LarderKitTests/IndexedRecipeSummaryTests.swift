import Foundation
import LarderCore
@testable import LarderKit
import Testing

/// The `list --json` summary is written by hand (`IndexedRecipe.summary`): it must say what
/// `JSONEncoder` says of the same `Summary`, for every kind of value a recipe can hold.
struct IndexedRecipeSummaryTests {
    func encoderSummary(_ recipe: Recipe, diets: [String]) throws -> IndexedRecipe.Summary {
        let summary = IndexedRecipe.Summary(
            id: recipe.id, title: recipe.title, categories: recipe.categories, cuisines: recipe.cuisines, tags: recipe.tags,
            diets: diets, servings: recipe.yield?.servings?.value, servingsUpper: recipe.yield?.servings?.upper,
            sourceURL: recipe.provenance.sourceURL,
            source: IndexedRecipe.source(of: recipe), path: "recipes/\(RecipeIdentity.sanitize(recipe.id)).json")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try JSONDecoder().decode(IndexedRecipe.Summary.self, from: encoder.encode(summary))
    }

    @Test(arguments: [
        Recipe(id: "plain", title: "Chickpea Stew"),
        Recipe(id: "Crème brûlée / \"quoted\" \\ back", title: "Line\nbreak\tand\u{1} control, ünïcode 🍲",
               provenance: Provenance(sourceURL: "https://example.com/a/b?c=d&e=\"f\"", site: "Example"),
               yield: Yield(text: "4 to 6", quantity: Amount(4, upper: 6)),
               categories: ["Dinner", "Soup"], cuisines: ["Française"], tags: ["quick", "", "a\"b"], diets: ["vegan"]),
        Recipe(id: "half", title: "Half a cake", yield: Yield(text: "1.5", quantity: Amount(1.5))),
        Recipe(id: "tiny", title: "A pinch", yield: Yield(text: "some", quantity: Amount(0.000001), unit: "servings")),
    ])
    func theHandWrittenSummaryReadsAsJSONEncodersDoes(recipe: Recipe) throws {
        let row = IndexedRecipe(recipe)
        let read = try JSONDecoder().decode(IndexedRecipe.Summary.self, from: Data(row.summary.utf8))
        #expect(read == (try encoderSummary(recipe, diets: DietNames.diets(of: recipe).sorted())))
        #expect(!row.summary.contains("\n"), "one line")
    }
}

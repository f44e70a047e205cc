import Foundation
import LarderCore
import Testing

/// Normalising is LarderCore's: an app with LarderCore alone gets the recipe `larder import`
/// stores, and what was left out of it.
struct RecipeNormalizationTests {
    func recipe(title: String, lines: [String]) -> Recipe {
        var recipe = Recipe(id: "", title: title)
        recipe.ingredientGroups = [IngredientGroup(ingredients: lines.map { Ingredient(line: $0) })]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "  Cook&nbsp;it. ")])]
        return recipe
    }

    @Test func textIsCleanedLinesParsedAndAnIDMade() throws {
        let normalized = try recipe(title: " Big <i>Soup</i> ", lines: ["2 cups <b>stock</b>", "   ", "3 g salt"]).normalized()
        #expect(normalized.notes.isEmpty)
        let soup = normalized.recipe
        #expect(soup.title == "Big Soup")
        #expect(soup.id.hasPrefix("big-soup-"))
        #expect(soup.ingredients.map(\.line) == ["2 cups stock", "3 g salt"])
        #expect(soup.ingredients.map(\.unit) == ["cup", "gram"])
        #expect(soup.ingredients.first?.quantity == Amount(2))
        #expect(soup.steps.map(\.text) == ["Cook it."])
    }

    @Test func aNumberJSONCannotHoldIsDroppedWithANote() throws {
        var soup = recipe(title: "Soup", lines: ["1 onion"])
        soup.rating = Rating(value: .infinity)
        let normalized = try soup.normalized()
        #expect(normalized.recipe.rating == nil)
        #expect(normalized.notes == ["dropped numbers that are not finite (too large for JSON, such as 1e309) from: rating"])
    }

    @Test func aRecipeWithNoTitleLeftIsUnusable() {
        #expect(throws: UnusableRecipe(reason: "the recipe has no title")) {
            try recipe(title: " <b> </b> ", lines: ["1 onion"]).normalized()
        }
    }
}

import Foundation
import LarderCore
import LarderKit
import Testing

/// `--format mealdb` read back by `larder import`: every ingredient line as it was written, its
/// name and preparation read as from the line itself, and TheMealDB's own meals as the API
/// gave them.
struct MealDBExportTests {
    /// Written as `--format mealdb` writes a meal, read and normalized as `larder import` does.
    func roundTrip(_ recipe: Recipe) throws -> (meal: [String: JSONValue], back: Recipe) {
        let meal = MealDBWriter.object(for: recipe)
        let read = try MealDBMapper.map(meal, context: MappingContext(input: "meals.json"))
        guard case .keep(let back) = try NormalizeStage().apply(read) else { throw CancellationError() }
        return (meal, back)
    }

    func normalized(_ lines: [String]) throws -> Recipe {
        var recipe = Recipe(title: "Guac Test")
        recipe.ingredientGroups = [IngredientGroup(ingredients: lines.map { Ingredient(line: $0) })]
        guard case .keep(let normalized) = try NormalizeStage().apply(recipe) else { throw CancellationError() }
        return normalized
    }

    @Test func everyLineComesBackAsWritten() throws {
        let lines = [
            "3 medium fully-ripe avocados, peeled, pitted", "4 plum tomatoes, cut in thin wedges", "1 onion, finely chopped",
            "2 cups flour, sifted", "1 1/2 pounds large peeled shrimp (about 700g)", "4 gousses d’ail", "Beurre doux : 120 g",
            "1Knoblauchzehe, gepresst", "salt",
        ]
        let (meal, back) = try roundTrip(try normalized(lines))
        #expect(back.ingredients.map(\.line) == lines)
        // The words after the name stay after it: `2 cups` + `flour, sifted`, not `2 cups sifted` + `flour`.
        #expect(meal["strMeasure4"] == .string("2 cups"))
        #expect(meal["strIngredient4"] == .string("flour, sifted"))
        let flour = back.ingredients[3]
        #expect(flour.name == "flour")
        #expect(flour.preparation == "sifted")
        #expect(flour.quantity == Amount(2) && flour.unit == "cup")
        #expect(back.ingredients[0].name == "fully-ripe avocados")
        #expect(back.ingredients[4].name == "shrimp")
    }

    /// A meal from TheMealDB goes out in the API's own slots: the measure where the API put it
    /// (`1 chopped`, `For frying`), the name alone.
    @Test func aMealFromTheAPIIsWrittenInItsOwnSlots() throws {
        let fields = [
            "idMeal": "52772", "strMeal": "Teriyaki Chicken", "strIngredient1": "Onion", "strMeasure1": "1 chopped",
            "strIngredient2": "Oil", "strMeasure2": "For frying", "strIngredient3": "Free-range Egg, Beaten", "strMeasure3": "2",
            "strIngredient4": "Hispi (sweetheart) Cabbage", "strMeasure4": "½",
        ]
        let meal = fields.mapValues(JSONValue.string)
        guard case .keep(let recipe) = try NormalizeStage().apply(try MealDBMapper.map(meal, context: MappingContext(input: "api"))) else {
            throw CancellationError()
        }
        #expect(recipe.ingredients.map(\.name) == ["Onion", "Oil", "Free-range Egg", "Hispi (sweetheart) Cabbage"])
        let (written, back) = try roundTrip(recipe)
        for slot in 1...4 {
            #expect(written["strIngredient\(slot)"] == meal["strIngredient\(slot)"])
            #expect(written["strMeasure\(slot)"] == meal["strMeasure\(slot)"])
        }
        #expect(back.ingredients == recipe.ingredients)
    }

    /// An amount or unit a source gave beside the line (MasterCook's `medium` as a unit) comes
    /// back as the line reads: the comparison of what was written with what came back says so.
    @Test func anAmountTheLineDoesNotSayIsNamedByTheComparison() throws {
        var recipe = Recipe(title: "Guac")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [Ingredient(line: "3 medium avocados", quantity: Amount(3), unit: "medium", name: "avocados")])]
        let amounts = RecipeComparison.differences(recipe, try roundTrip(recipe).back).first { $0.field == .ingredientAmounts }
        #expect(amounts?.from == ["3 medium avocados: 3 medium"], "\(String(describing: amounts))")
        recipe.ingredientGroups[0].ingredients[0].unit = nil
        #expect(!RecipeComparison.differences(recipe, try roundTrip(recipe).back).contains { $0.field == .ingredientAmounts })
    }
}

import Foundation
import LarderCore
import Testing

/// `RecipeComparison`: what of a recipe came back, field by field, as the fidelity report and an
/// export's notes say it.
struct RecipeComparisonTests {
    static func recipe() -> Recipe {
        var recipe = Recipe(id: "pie", title: "Apple Pie", description: "Grandma's.")
        recipe.provenance = Provenance(sourceURL: "https://example.org/pie", site: "example.org", author: "Ann", origin: .larder)
        recipe.yield = Yield(text: "Serves 6 to 8", quantity: Amount(6, upper: 8), unit: "servings")
        recipe.times = RecipeTimes(prep: RecipeDuration(minutes: 20), cook: RecipeDuration(minutes: 45, upperMinutes: 50))
        recipe.categories = ["Dessert"]
        recipe.tags = ["autumn"]
        recipe.nutrition = ["calories": "320 kcal"]
        recipe.rating = Rating(value: 4.5, count: 12)
        recipe.notes = ["Use tart apples.\n\nServe warm."]
        recipe.ingredientGroups = [
            IngredientGroup(name: "Crust", ingredients: [Ingredient(line: "2 cups flour", quantity: Amount(2), unit: "cup", name: "flour")]),
            IngredientGroup(name: "Filling", ingredients: [Ingredient(line: "6 apples, sliced", quantity: Amount(6), name: "apples", preparation: "sliced")]),
        ]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Make the crust."), Step(text: "Bake.")])]
        recipe.images = [RecipeImage(url: "https://example.org/pie.jpg", sha256: "ab12", byteCount: 4, mediaType: "image/jpeg")]
        return recipe
    }

    @Test func aRecipeThatCameBackWholeHasNoDifference() {
        var back = Self.recipe()
        // What the run gives a recipe read again is not the recipe's: its id, where and when it was read.
        back.id = "apple-pie-1234"
        back.provenance.origin = .markdown
        back.provenance.input = "book/apple-pie.md"
        back.provenance.importedAt = Date()
        // A note's paragraphs laid out otherwise, a yield's unit left unsaid (servings).
        back.notes = ["Use tart apples.", "Serve warm."]
        back.yield?.unit = nil
        #expect(RecipeComparison.differences(Self.recipe(), back).isEmpty)
    }

    @Test func eachFieldThatDiffersIsNamedDroppedOrChanged() {
        var back = Self.recipe()
        back.nutrition = [:]
        back.rating = Rating(value: 4.5)
        back.yield = Yield(text: "6", quantity: Amount(6))
        back.times.cook = RecipeDuration(minutes: 45)
        back.ingredientGroups = [IngredientGroup(ingredients: back.ingredients)]
        let differences = RecipeComparison.differences(Self.recipe(), back)
        #expect(differences.map(\.field) == [.yield, .cookTime, .nutrition, .rating, .ingredientGroups])
        let nutrition = differences.first { $0.field == .nutrition }
        #expect(nutrition == FieldDifference(field: .nutrition, change: .dropped, from: ["calories: 320 kcal"], to: []))
        let yield = differences.first { $0.field == .yield }
        #expect(yield == FieldDifference(field: .yield, change: .changed, from: ["Serves 6 to 8 (6–8 servings)"], to: ["6 (6 servings)"]))
        #expect(differences.first { $0.field == .rating }?.from == ["4.5 of 5 (12 ratings)"])
        #expect(differences.first { $0.field == .ingredientGroups }?.change == .dropped)
    }

    /// A reworded line is one change of the lines, shown as what was and what came instead; its
    /// amount is compared on the line that came back with the same words, in any order.
    @Test func linesAreComparedByTheirWordsAndAmountsOnTheLineTheyBelongTo() {
        var back = Self.recipe()
        back.ingredientGroups[1].ingredients[0] = Ingredient(line: "6 apples (sliced)", quantity: Amount(6), name: "apples")
        back.ingredientGroups[0].ingredients[0].unit = nil
        let differences = RecipeComparison.differences(Self.recipe(), back)
        #expect(differences.first { $0.field == .ingredientLines } == FieldDifference(field: .ingredientLines, change: .changed,
                                                                                      from: ["6 apples, sliced"], to: ["6 apples (sliced)"]))
        #expect(differences.first { $0.field == .ingredientAmounts }?.from == ["2 cups flour: 2 cup"])
        #expect(differences.first { $0.field == .ingredientAmounts }?.to == ["2 cups flour: 2"])
        // The same lines in another order: the lines changed, nothing else.
        var reordered = Self.recipe()
        reordered.ingredientGroups = [IngredientGroup(ingredients: Array(Self.recipe().ingredients.reversed()))]
        var original = Self.recipe()
        original.ingredientGroups = [IngredientGroup(ingredients: original.ingredients)]
        let moved = RecipeComparison.differences(original, reordered)
        #expect(moved.map(\.field) == [.ingredientLines])
        #expect(moved.first?.from == ["2 cups flour", "6 apples, sliced"] && moved.first?.to == ["6 apples, sliced", "2 cups flour"])
    }

    /// Pictures by their bytes (the stored copy's checksum, or that of the bytes carried) and
    /// by their web addresses, each on its own.
    @Test func picturesAreComparedByBytesAndByAddress() {
        var back = Self.recipe()
        back.images = [RecipeImage(url: "https://example.org/pie.jpg")]
        #expect(RecipeComparison.differences(Self.recipe(), back).map(\.field) == [.pictures])
        back.images = [RecipeImage(embeddedData: [1, 2, 3])]
        var original = Self.recipe()
        original.images = [RecipeImage(url: "https://example.org/pie.jpg", embeddedData: [1, 2, 3])]
        let differences = RecipeComparison.differences(original, back)
        #expect(differences.map(\.field) == [.pictureAddresses])
        #expect(differences.first?.change == .dropped)
    }

    @Test func aRecipeNotReadBackIsOneDifference() {
        let differences = RecipeComparison.notReadBack(Self.recipe(), reason: "not valid Cooklang")
        #expect(differences == [FieldDifference(field: .recipe, change: .dropped, from: ["Apple Pie"], to: ["not valid Cooklang"])])
    }

    /// A field of a thousand lines is shown in part: a report stays readable.
    @Test func longDifferencesAreShortened() {
        var original = Self.recipe()
        original.ingredientGroups = [IngredientGroup(ingredients: (1...100).map { Ingredient(line: "\($0) apples") })]
        var back = original
        back.ingredientGroups = []
        let lines = RecipeComparison.differences(original, back).first { $0.field == .ingredientLines }
        #expect(lines?.from.count == 21)
        #expect(lines?.from.last == "… and 80 more")
    }
}

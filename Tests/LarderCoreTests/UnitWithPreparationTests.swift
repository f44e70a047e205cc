import LarderCore
import Testing

/// A unit field that holds more than a unit (`oz, peeled and minced`, as some Cooklang files
/// write `@fresh ginger{1%oz, peeled and minced}`) is a unit and a preparation; and a unit Larder
/// does not know is never given a plural by guess.
struct UnitWithPreparationTests {
    func cooklang(_ text: String) throws -> Recipe {
        try CooklangMapper.recipe(from: text, fileName: "Dal", context: MappingContext(input: "Dal.cook")).normalized().recipe
    }

    /// stephendolan/recipes `Dinner/Dal Makhani.cook` writes the preparation inside the braces.
    @Test func aCommaInsideCooklangBracesStartsThePreparation() throws {
        let recipe = try cooklang("""
        Add @onion{1, peeled and diced} and @fresh ginger{1%oz, peeled and minced}.
        Add @beluga lentils{1/3%cup, rinsed and sorted}(well) and @water{1,1/2%cups}.
        """)
        let ingredients = recipe.ingredients
        #expect(ingredients.map(\.line) == [
            "1 onion, peeled and diced", "1 oz fresh ginger, peeled and minced",
            "1/3 cup beluga lentils, rinsed and sorted, well", "1,1/2 cups water",
        ])
        #expect(ingredients.map(\.unit) == [nil, "ounce", "cup", "cup"])
        #expect(ingredients.map(\.preparation) == ["peeled and diced", "peeled and minced", "rinsed and sorted, well", nil])
        #expect(ingredients.map(\.quantity) == [Amount(1), Amount(1), Amount(1.0 / 3), Amount(1.5)])
    }

    /// Any source: the unit field's words after a comma are preparation, the rest the unit.
    @Test func aUnitHoldingACommaIsAUnitAndAPreparation() throws {
        var recipe = Recipe(id: "dal", title: "Dal")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            Ingredient(line: "1 oz, peeled and minced fresh ginger", quantity: Amount(1), unit: "oz, peeled and minced", name: "fresh ginger"),
            Ingredient(line: "2 cups lentils", quantity: Amount(2), unit: "cups, rinsed", name: "lentils", preparation: "sorted"),
        ])]
        let ingredients = try recipe.normalized().recipe.ingredients
        #expect(ingredients.map(\.unit) == ["ounce", "cup"])
        #expect(ingredients.map(\.preparation) == ["peeled and minced", "rinsed, sorted"])
    }

    /// A library imported before units were split still holds `cup, rinsed and sorted`: the
    /// shopping list buys ⅓ cup, not `1 cup, rinsed and sorted` (rounded up as a count).
    @Test func aShoppingListMeasuresInTheUnitBeforeTheComma() throws {
        var builder = ShoppingListBuilder()
        builder.add(Recipe(id: "dal", title: "Dal", ingredientGroups: [IngredientGroup(ingredients: [
            Ingredient(line: "1/3 cup, rinsed and sorted beluga lentils", quantity: Amount(1.0 / 3), unit: "cup, rinsed and sorted", name: "beluga lentils"),
        ])]))
        #expect(builder.build().items.first?.amounts.map(\.text) == ["⅓ cup"])
    }

    /// `2 oz, peeled and minceds fresh ginger` was the line a unit Larder did not know got
    /// when scaled: such a unit stays as written, and conversion names the line it leaves.
    @Test func aUnitLarderDoesNotKnowIsNeitherPluralisedNorLeftUnnamed() throws {
        let ginger = Ingredient(line: "1 thumb fresh ginger", quantity: Amount(1), unit: "thumb", name: "fresh ginger")
        #expect(IngredientRewriter.scaled(ginger, by: 2).line == "2 thumb fresh ginger")
        #expect(MeasureUnit.written("thumb", plural: true) == "thumb")
        #expect(MeasureUnit.written("clove", plural: true) == "cloves", "a unit Larder knows still follows its number")
        #expect(MeasureUnit.written("15 ounce can", plural: true) == "15 ounce cans", "a size before a unit Larder knows")
        #expect(MeasureUnit.written("oz, peeled and minced", plural: true) == "oz, peeled and minced")
        var recipe = Recipe(id: "dal", title: "Dal")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [ginger, Ingredient(line: "2 cloves garlic", quantity: Amount(2), unit: "clove", name: "garlic")])]
        #expect(RecipeAdjuster.inUnknownUnits(recipe) == ["1 thumb fresh ginger"])
    }
}

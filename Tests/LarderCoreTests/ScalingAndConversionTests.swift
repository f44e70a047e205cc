import LarderCore
import Testing

struct ScalingAndConversionTests {
    func ingredient(_ line: String) -> Ingredient {
        let parsed = IngredientParser.parse(line)
        return Ingredient(line: line, quantity: parsed.quantity, unit: parsed.unit, name: parsed.name, preparation: parsed.comment)
    }

    @Test(arguments: [
        ("1 ½ cups all-purpose flour, sifted", 2.0, "3 cups all-purpose flour, sifted"),
        ("1 (14 oz) can tomatoes", 2.0, "2 (14 oz) cans tomatoes"),
        ("175g/6oz butter, softened", 2.0, "350g/12oz butter, softened"),
        ("1 cup (240 ml) milk", 2.0, "2 cups (480 ml) milk"),
        ("2-3 cloves garlic", 2.0, "4–6 cloves garlic"),
        ("1 cup milk", 0.5, "½ cup milk"),
        ("3 large eggs", 1.5, "4 ½ large eggs"),
        ("2 tbsp plus 1 tsp sugar", 2.0, "4 tbsp plus 2 tsp sugar"),
        ("0.5 l stock", 3.0, "1.5 l stock"),
    ])
    func scalingRewritesOnlyTheAmounts(_ line: String, _ factor: Double, _ expected: String) {
        let scaled = IngredientRewriter.scaled(ingredient(line), by: factor)
        #expect(scaled.line == expected)
        // The structured quantity follows the line.
        #expect(IngredientParser.parse(scaled.line).quantity == scaled.quantity)
    }

    @Test func linesWithoutAQuantityAndFactorOneStayAsTheyCame() {
        for line in ["salt, to taste", "Juice of half a lemon, or to taste", "  2  cups   flour "] {
            #expect(IngredientRewriter.scaled(ingredient(line), by: 1).line == line)
        }
        #expect(IngredientRewriter.scaled(ingredient("salt, to taste"), by: 3).line == "salt, to taste")
    }

    @Test(arguments: [
        ("2 cups sugar", MeasureUnit.System.metric, "400 g sugar"),
        ("1 cup milk", .metric, "240 ml milk"),
        ("1 cup (250 ml) milk", .metric, "250 ml milk"),
        ("175g/6oz butter", .us, "6 oz butter"),
        ("1 pound ground beef", .metric, "450 g ground beef"),
        ("3 cups chopped kale", .metric, "710 ml chopped kale"),
        ("1 tsp salt", .metric, "1 tsp salt"),
        ("250 g all-purpose flour", .us, "2 cups all-purpose flour"),
        ("500 ml milk", .us, "2 ⅛ cups milk"),
        ("100 g parmesan cheese, grated", .us, "1 cup parmesan cheese, grated"),
        ("200 g chicken thighs", .us, "7 oz chicken thighs"),
        ("2 cups sugar", .us, "2 cups sugar"),
    ])
    func conversionWritesWhatCooksWrite(_ line: String, _ system: MeasureUnit.System, _ expected: String) {
        #expect(IngredientRewriter.converted(ingredient(line), to: system).line == expected)
    }

    @Test func densityFollowsTheHeadWordOfTheName() {
        #expect(IngredientDensity.entry(for: "rice vinegar")?.isLiquid == true)
        #expect(IngredientDensity.entry(for: "brown sugar")?.gramsPerMilliliter == 0.93)
        #expect(IngredientDensity.entry(for: "chopped kale") == nil)
    }

    @Test func aRecipeScalesItsYieldAndScalesToServings() throws {
        var recipe = Recipe(id: "pancakes", title: "Pancakes")
        recipe.yield = YieldParser.parse("Makes 12 pancakes (serves 4)")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [ingredient("2 cups flour"), ingredient("salt")])]
        let doubled = RecipeAdjuster.scaled(recipe, by: 2)
        #expect(doubled.yield?.text == "Makes 24 pancakes (serves 4)")
        #expect(doubled.yield?.quantity?.value == 24)
        #expect(doubled.ingredientGroups[0].ingredients.map(\.line) == ["4 cups flour", "salt"])

        var serves = recipe
        serves.yield = YieldParser.parse("Serves 4")
        let forSix = try RecipeAdjuster.scaled(serves, toServings: 6)
        #expect(forSix.yield?.text == "Serves 6")
        #expect(forSix.ingredientGroups[0].ingredients[0].line == "3 cups flour")

        #expect(throws: RecipeAdjuster.Failure.self) { try RecipeAdjuster.scaled(recipe, toServings: 6) }
    }

    @Test(arguments: [("For the sauce:", "For the sauce"), ("FROSTING", "FROSTING"), ("--- Filling ---", "Filling"), ("Topping:", "Topping")])
    func headingsAreRecognised(_ line: String, _ name: String) {
        #expect(IngredientHeading.name(of: line) == name)
    }

    @Test(arguments: ["1 cup sugar", "salt and pepper, to taste", "SALT", "Salt:", "2 eggs: beaten"])
    func ingredientsAreNotHeadings(_ line: String) {
        #expect(IngredientHeading.name(of: line) == nil)
    }
}

struct YieldWordingTests {
    @Test(arguments: [
        ("YIELD — 4 servings", 4.0, "servings"), ("Voor 4 personen", 4, "servings"), ("Personen 4", 4, "servings"),
        ("Für 4 Personen", 4, "servings"), ("Ingredients for 4", 4, "servings"), ("2 Portion(en)", 2, "servings"),
        ("half a loaf", 0.5, "loaf"), ("Makes 24 cookies", 24, "cookies"), ("a dozen", 12, nil),
    ] as [(String, Double, String?)])
    func yieldsInManyWordings(_ text: String, _ quantity: Double, _ unit: String?) {
        let yield = YieldParser.parse(text)
        #expect(yield?.quantity?.value == quantity)
        #expect(yield?.unit == unit)
        #expect(yield?.text == text)
    }
}

/// Amounts far outside a kitchen still format and scale without trapping.
struct HugeAmountTests {
    @Test func theFormatterIsTotalOnFiniteNumbers() {
        #expect(AmountText.format(1e19, style: .fraction) == "10000000000000000000")
        #expect(AmountText.format(1e19, style: .decimal) == "10000000000000000000")
        let largest = AmountText.format(Double.greatestFiniteMagnitude, style: .decimal)
        #expect(largest.count == 309 && largest.hasPrefix("17976931348623157"))
        #expect(AmountText.shown(1e308, style: .decimal) == 1e308, "not infinity from value × 100")
        #expect(AmountText.format(-2.5, style: .fraction) == "-2 ½")
    }

    @Test func scalingByHugeFactorsWritesTheProductOrLeavesTheLine() {
        let flour = Ingredient(line: "2 cups flour", quantity: Amount(2), unit: "cup", name: "flour")
        #expect(IngredientRewriter.scaled(flour, by: 5e18).line == "10000000000000000000 cups flour")
        // 2 × 1e308 is past the largest double: the line stays as it was, not "0 cups flour".
        #expect(IngredientRewriter.scaled(flour, by: 1e308) == flour)
        var recipe = Recipe(id: "r", title: "R", ingredientGroups: [IngredientGroup(ingredients: [flour])])
        recipe.yield = Yield(text: "Serves 4", quantity: Amount(4), unit: "servings")
        #expect(RecipeAdjuster.scaled(recipe, by: 1e308).yield == recipe.yield)
    }
}

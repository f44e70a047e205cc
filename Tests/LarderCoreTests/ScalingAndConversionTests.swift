import LarderCore
import Testing

/// An ingredient as import makes it from a line: the parser's fields, the line kept. The
/// suites of this file share it.
private func ingredient(_ line: String) -> Ingredient {
    let parsed = IngredientParser.parse(line)
    return Ingredient(line: line, quantity: parsed.quantity, unit: parsed.unit, name: parsed.name, preparation: parsed.comment)
}

struct ScalingAndConversionTests {
    @Test(arguments: [
        ("1 ½ cups all-purpose flour, sifted", 2.0, "3 cups all-purpose flour, sifted"),
        ("1 (14 oz) can tomatoes", 2.0, "2 (14 oz) cans tomatoes"),
        ("175g/6oz butter, softened", 2.0, "350g/12oz butter, softened"),
        ("1 cup (240 ml) milk", 2.0, "2 cups (480 ml) milk"),
        ("2-3 cloves garlic", 2.0, "4–6 cloves garlic"),
        ("1 cup milk", 0.5, "½ cup milk"),
        ("3 large eggs", 1.5, "5 large eggs"),
        ("2 tbsp plus 1 tsp sugar", 2.0, "4 tbsp plus 2 tsp sugar"),
        ("0.5 l stock", 3.0, "1.5 l stock"),
        // The unit of a "plus" part follows its number as the first unit does.
        ("1 tablespoon + 1 teaspoon sugar", 2.0, "2 tablespoons + 2 teaspoons sugar"),
        ("2 cups plus 2 tablespoons flour", 0.5, "1 cup plus 1 tablespoon flour"),
        // A measure of the whole written after the plus part scales too.
        ("1 cup plus 1 tablespoon / 235 g olive oil", 2.0, "2 cups plus 2 tablespoons / 470 g olive oil"),
        ("1 cup plus 2 tablespoons (270 ml) milk", 0.5, "½ cup plus 1 tablespoon (135 ml) milk"),
        // Unit words of other languages in their plural and singular.
        ("1 cucharada de aceite", 2.0, "2 cucharadas de aceite"),
        ("2 cucharadas de vinagre", 0.5, "1 cucharada de vinagre"),
        ("1 Prise Zucker", 2.0, "2 Prisen Zucker"),
        ("1 pincée de sel", 3.0, "3 pincées de sel"),
        ("1 dåse tomater", 2.0, "2 dåser tomater"),
        // No other number listed, or the same: as written.
        ("1 Bund Petersilie", 2.0, "2 Bund Petersilie"),
        ("1 EL Olivenöl", 2.0, "2 EL Olivenöl"),
        ("1 c. à soupe d'huile d'olive", 2.0, "2 c. à soupe d'huile d'olive"),
        // Amounts in brackets after the measure are amounts of the same thing: they scale too
        // ("1 ⅓–2 cups ham (about 1 pound, diced)" was the soup of 6 made for 4).
        ("2 to 3 cups ham (about 1 pound, diced)", 2.0, "4–6 cups ham (about 2 pounds, diced)"),
        ("2 to 3 cups ham (about 1 pound, diced)", 4.0 / 6, "1 ⅓–2 cups ham (about ⅔ pound, diced)"),
        ("15 ounces whole-milk ricotta cheese (1 ¾ cups)", 2.0, "30 ounces whole-milk ricotta cheese (3 ½ cups)"),
        ("1 tablespoon minced garlic (3 cloves)", 2.0, "2 tablespoons minced garlic (6 cloves)"),
        ("1 (28-ounce) can tomatoes (about 3 cups)", 2.0, "2 (28-ounce) cans tomatoes (about 6 cups)"),
        // The size of each thing, and sizes that are no amount, stay.
        ("2 cans (14 ounces each) tomatoes", 2.0, "4 cans (14 ounces each) tomatoes"),
        ("1 pound brussels sprouts (1 to 1 1/2 inches in diameter), halved", 2.0, "2 pounds brussels sprouts (1 to 1 1/2 inches in diameter), halved"),
    ])
    func scalingRewritesOnlyTheAmounts(_ line: String, _ factor: Double, _ expected: String) {
        let scaled = IngredientRewriter.scaled(ingredient(line), by: factor)
        #expect(scaled.line == expected)
        // The structured quantity follows the line.
        #expect(IngredientParser.parse(scaled.line).quantity == scaled.quantity)
    }

    /// Lines of a recipe that is not English (`inflectsNames: false`): unit words take their own
    /// language's plural where Larder lists it, never an English one, and names stay as written.
    @Test(arguments: [
        ("1 Esslöffel Öl", 3.0, "3 Esslöffel Öl"),
        ("1 Teelöffel Salz", 3.0, "3 Teelöffel Salz"),
        ("1 Liter Milch", 3.0, "3 Liter Milch"),
        ("1 Tüte Backpulver", 3.0, "3 Tüten Backpulver"),
        ("1 Prise Salz", 2.0, "2 Prisen Salz"),
        ("2-3 Eier", 2.0, "4–6 Eier"),
        ("500 Milliliter Milch", 3.0, "1,5 l Milch"),
        ("1 cuillère à soupe d'huile", 3.0, "3 cuillères à soupe d'huile"),
        ("1 sachet de levure", 3.0, "3 sachets de levure"),
        ("1 pincée de sel", 3.0, "3 pincées de sel"),
        ("2 cucharadas de vinagre", 0.5, "1 cucharada de vinagre"),
    ])
    func otherLanguagesGetTheirOwnPluralsOrKeepTheWordAsWritten(_ line: String, _ factor: Double, _ expected: String) {
        let scaled = IngredientRewriter.scaled(ingredient(line), by: factor, inflectsNames: false, decimalComma: true)
        #expect(scaled.line == expected)
    }

    /// The dative `Esslöffeln` is listed for reading, but is no plural after a number, whatever
    /// the recipe's language was judged to be.
    @Test func germanUnitsInElAndErKeepTheirFormInAnEnglishJudgedLine() {
        #expect(IngredientRewriter.scaled(ingredient("1 Esslöffel Öl"), by: 3).line == "3 Esslöffel Öl")
        #expect(IngredientRewriter.scaled(ingredient("3 Teelöffel Salz"), by: 1.0 / 3).line == "1 Teelöffel Salz")
    }

    @Test func aGermanRecipeScaledKeepsItsUnitsAndNamesGerman() {
        var recipe = Recipe(id: "de", title: "Pfannkuchen")
        recipe.ingredientGroups = [IngredientGroup(ingredients: ["1 Liter Milch", "2-3 Eier", "1 Esslöffel Öl", "1 Tüte Backpulver"].map(ingredient))]
        let scaled = RecipeAdjuster.scaled(recipe, by: 2)
        #expect(scaled.ingredients.map(\.line) == ["2 Liter Milch", "4–6 Eier", "2 Esslöffel Öl", "2 Tüten Backpulver"])
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
        ("3 cups chopped kale", .metric, "3 cups chopped kale"),
        ("1 tsp salt", .metric, "1 tsp salt"),
        ("250 g all-purpose flour", .us, "2 cups all-purpose flour"),
        ("500 ml milk", .us, "2 ⅛ cups milk"),
        ("100 g parmesan cheese, grated", .us, "1 cup parmesan cheese, grated"),
        ("200 g chicken thighs", .us, "7 oz chicken thighs"),
        ("2 cups sugar", .us, "2 cups sugar"),
        // A plus part is summed with the first amount; a measure of the whole after it wins.
        ("1 cup plus 2 tablespoons all-purpose flour", .metric, "140 g all-purpose flour"),
        ("1 cup plus 2 tablespoons milk", .metric, "270 ml milk"),
        ("1 cup plus 1 tablespoon / 235 g olive oil", .metric, "235 g olive oil"),
        // Parts of different dimensions cannot be summed: the first converts, the plus part stays.
        ("250 g plus 2 tablespoons sugar", .us, "1 ¼ cups plus 2 tablespoons sugar"),
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

    @Test(arguments: [("For the sauce:", "For the sauce"), ("FROSTING", "FROSTING"), ("--- Filling ---", "Filling"), ("Topping:", "Topping"),
                      ("For layer 2:", "For layer 2"), ("Topping 1:", "Topping 1"), ("Heading2:", "Heading2"), ("Pour la pâte :", "Pour la pâte"),
                      ("Für den Teig:", "Für den Teig"),
                      // Nextcloud Cookbook's heading among the ingredients, whatever its words.
                      ("## Topping 1", "Topping 1"), ("## Sugar", "Sugar"), ("## Ingrédients pour la pâte (4 heures)", "Ingrédients pour la pâte (4 heures)"),
                      ("## For the Raspberry-Rosemary Syrup (Makes Enough for 6–8 Cocktails)", "For the Raspberry-Rosemary Syrup (Makes Enough for 6–8 Cocktails)")])
    func headingsAreRecognised(_ line: String, _ name: String) {
        #expect(IngredientHeading.name(of: line) == name)
    }

    @Test(arguments: ["1 cup sugar", "salt and pepper, to taste", "SALT", "Salt:", "2 eggs: beaten", "Salt: 2", "2 cups flour:", "Layer 2 of 3:", "#10 can tomatoes"])
    func ingredientsAreNotHeadings(_ line: String) {
        #expect(IngredientHeading.name(of: line) == nil)
    }

    /// America's Test Kitchen writes its group titles among the lines of `recipeIngredient`, with
    /// nothing but their case to tell them: they became things to buy ("Tomato-Meat Sauce", and
    /// "Ricotta" from "Ricotta, Mozzarella, and Pasta Layers").
    static let lasagna = [
        "Tomato-Meat Sauce", "1 tablespoon olive oil", "1 onion, chopped fine", "6 garlic cloves, minced", "1 pound meatloaf mix",
        "Salt and pepper", "Ricotta, Mozzarella, and Pasta Layers", "15 ounces whole-milk ricotta cheese (1 ¾ cups)", "1 large egg",
        "12 no-boil lasagna noodles from one 8- or 9-ounce package",
    ]

    @Test func titlesInTitleCaseAmongLowerCaseLinesAreGroups() {
        #expect(IngredientHeading.titledLines(in: Self.lasagna) == [0, 6])
        let groups = IngredientHeading.splitGroups([IngredientGroup(ingredients: Self.lasagna.map { Ingredient(line: $0) })])
        #expect(groups.map(\.name) == ["Tomato-Meat Sauce", "Ricotta, Mozzarella, and Pasta Layers"])
        #expect(groups.map(\.ingredients.count) == [5, 3])
    }

    /// Case tells nothing in a list that capitalises its names (TheMealDB's `Chicken Stock`),
    /// and a line of seasonings, a line with a figure, or the last line is no title.
    @Test(arguments: [
        ["Chicken Stock", "2 Cups Plain Flour", "1 Tsp Baking Powder"],
        ["1 cup flour", "Salt and Pepper", "2 eggs"],
        ["1 cup flour", "Two Eggs", "2 eggs"],
        ["1 cup flour", "2 eggs", "Fresh Basil Leaves"],
        ["1 cup flour", "Fresh Basil Leaves", "Parmesan Cheese", "2 eggs"],
        // Pages of the scrape corpus: names first and capitalised; a pinch is a measure.
        ["Zucchini 4 each, large", "Basil 20 g, fresh", "Pine nuts 70 g", "Macadamia Nuts", "Yeast Flakes 6 g"],
        ["375g all-purpose flour", "Pinch of Salt", "225g cold unsalted butter, cut into cubes", "240g cold water"],
        ["KG", "Ready-to-Use Mallow", "0.360", "Pumpkin Spice (Powder)", "0.005", "Dark chocolate", "0.200"],
        // My Recipe Box's Banh Mi: a thing, then a name with figures in its remark.
        ["1 (14-ounce) package extra firm tofu", "4 baguette pieces (sliced in half)", "Sriracha", "Pickled Asian Veggies",
         "Spicy Mayo (Mayo- 1/4 c, Hoisin- 3tbs, Sriracha- 1tsp)", "1 tablespoon olive oil", "2 tablespoons tamari"],
    ])
    func linesThatCaseDoesNotMakeTitles(_ lines: [String]) {
        #expect(IngredientHeading.titledLines(in: lines).isEmpty, "\(lines)")
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

/// Scaled amounts read as a cook would write them: words in the number their amount needs,
/// counted things in halves and wholes, solids in a metric kitchen by weight or not at all.
struct CookableScalingTests {
    @Test(arguments: [
        ("1 onion, finely chopped", 2.0, "2 onions, finely chopped"),
        ("2 onions", 0.5, "1 onion"),
        ("2 large carrots (peeled and chopped)", 0.5, "1 large carrot (peeled and chopped)"),
        ("1 red bell pepper", 3.0, "3 red bell peppers"),
        ("2 free-range eggs, beaten", 0.5, "1 free-range egg, beaten"),
        ("1 loaf crusty bread", 2.0, "2 loaves crusty bread"),
        ("4 garlic cloves, minced", 0.25, "1 garlic clove, minced"),
        ("1 tomato", 2.0, "2 tomatoes"),
        ("Juice of 2 limes", 0.5, "Juice of 1 lime"),
        // A package size between count and name: the count is of packages, the name stays.
        ("1 (12 oz.) stir-fry vegetables", 2.0, "2 (12 oz.) stir-fry vegetables"),
        ("2 cloves garlic", 0.5, "1 clove garlic"),
    ] as [(String, Double, String)])
    func wordsFollowTheirAmount(_ line: String, _ factor: Double, _ expected: String) {
        #expect(IngredientRewriter.scaled(ingredient(line), by: factor).line == expected)
    }

    @Test(arguments: [
        ("1 onion", 4.0 / 3, "1 ½ onions"),
        ("1 onion", 1.0 / 3, "½ onion"),
        ("1 large carrot", 8.0 / 3, "3 large carrots"),
        ("2 (14 oz) cans tomatoes", 2.0 / 3, "1 ½ (14 oz) cans tomatoes"),
        ("3 cloves garlic", 1.0 / 3, "1 clove garlic"),
        ("12 eggs", 1.0 / 7, "1 ½ eggs"),
        ("12 eggs", 1.0 / 4, "3 eggs"),
        ("1-2 eggs", 0.3, "½ egg"),
        // A quarter (or less) of one is a quarter, not doubled to a half.
        ("0,5 Bund Petersilie", 0.5, "¼ Bund Petersilie"),
        ("1 egg", 0.1, "¼ egg"),
        // Measures keep their fractions, and never round to nothing.
        ("1 cup flour", 1.0 / 3, "⅓ cup flour"),
        ("1 tsp salt", 0.05, "⅛ tsp salt"),
    ] as [(String, Double, String)])
    func countedThingsRoundToWhatACookCanCount(_ line: String, _ factor: Double, _ expected: String) {
        #expect(IngredientRewriter.scaled(ingredient(line), by: factor).line == expected)
    }

    @Test func nounsInOtherLanguagesAreLeftAlone() {
        var recipe = Recipe(id: "gyros", title: "Gyros vom Drehspieß")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [ingredient("1 Zwiebel"), ingredient("1 Blech Kuchen")])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Die Zwiebel schälen und mit dem Fleisch in eine Schüssel geben.")])]
        recipe.yield = YieldParser.parse("1 Blech")
        let doubled = RecipeAdjuster.scaled(recipe, by: 2)
        #expect(doubled.ingredients.map(\.line) == ["2 Zwiebel", "2 Blech Kuchen"])
        #expect(doubled.yield?.text == "2 Blech")
    }

    @Test(arguments: [
        ("Makes 2 loaves", 0.5, "Makes 1 loaf"),
        ("4 servings", 0.25, "1 serving"),
        ("1 serving", 2.0, "2 servings"),
        ("Serves 4 people", 0.25, "Serves 1 person"),
        ("Makes 24 cookies", 2.0, "Makes 48 cookies"),
    ] as [(String, Double, String)])
    func yieldWordsFollowTheirNumber(_ text: String, _ factor: Double, _ expected: String) throws {
        var recipe = Recipe(id: "r", title: "Bread")
        recipe.yield = YieldParser.parse(text)
        #expect(RecipeAdjuster.scaled(recipe, by: factor).yield?.text == expected)
    }

    /// Words for servings follow their number in other languages too; other nouns stay.
    @Test(arguments: [
        ("Für 4 Personen", "Die Zwiebel schälen und in eine Schüssel geben.", 0.25, "Für 1 Person"),
        ("Für 1 Person", "Die Zwiebel schälen und in eine Schüssel geben.", 2.0, "Für 2 Personen"),
        ("4 Portionen", "Die Zwiebel schälen und in eine Schüssel geben.", 0.25, "1 Portion"),
        ("Pour 4 personnes", "Éplucher les oignons et les mettre dans un saladier.", 0.25, "Pour 1 personne"),
        ("Para 4 personas", "Pelar la cebolla y ponerla en un bol con la carne.", 0.25, "Para 1 persona"),
        ("Voor 4 personen", "Snijd de ui en doe hem met het vlees in een kom.", 0.25, "Voor 1 persoon"),
        ("4 personer", "Skær løget og kom det i en skål med kødet.", 0.25, "1 person"),
        ("1 Blech", "Die Zwiebel schälen und in eine Schüssel geben.", 2.0, "2 Blech"),
    ] as [(String, String, Double, String)])
    func servingWordsFollowTheirNumberInOtherLanguages(_ text: String, _ step: String, _ factor: Double, _ expected: String) throws {
        var recipe = Recipe(id: "r", title: "Suppe")
        recipe.instructionSections = [InstructionSection(steps: [Step(text: step)])]
        recipe.yield = YieldParser.parse(text)
        #expect(!RecipeLanguage.isEnglish(recipe))
        #expect(RecipeAdjuster.scaled(recipe, by: factor).yield?.text == expected)
    }

    @Test(arguments: [
        // Solids without a known density stay in cups: no millilitres of walnuts.
        ("1 cup chopped walnuts", "1 cup chopped walnuts"),
        ("1 cup (240 ml) chopped walnuts", "1 cup (240 ml) chopped walnuts"),
        ("2 cups fresh spinach", "2 cups fresh spinach"),
        // Liquids become millilitres, known solids grams.
        ("1 cup maple syrup", "240 ml maple syrup"),
        ("1 cup tomato sauce", "240 ml tomato sauce"),
        ("8 fl oz passata", "240 ml passata"),
        ("1 cup sugar", "200 g sugar"),
        // The last word names the thing: whole milk mozzarella is a cheese (USDA: 112 g a cup
        // shredded), never millilitres of milk; flour tortilla strips are not flour.
        ("1 cup shredded whole milk mozzarella", "110 g shredded whole milk mozzarella"),
        ("1 cup whole-milk ricotta cheese", "250 g whole-milk ricotta cheese"),
        ("2 cups diced ham", "280 g diced ham"),
        ("1 cup flour tortilla strips", "1 cup flour tortilla strips"),
        ("1 cup butter beans", "1 cup butter beans"),
        // A stick of butter is a weight: 113 g.
        ("1 stick butter", "115 g butter"),
        ("2 sticks unsalted butter, softened", "230 g unsalted butter, softened"),
        ("1 stick cinnamon", "1 stick cinnamon"),
    ] as [(String, String)])
    func metricWeighsSolidsOrLeavesThem(_ line: String, _ expected: String) {
        #expect(IngredientRewriter.converted(ingredient(line), to: .metric).line == expected)
    }

    /// A scaled metric amount is written in the unit a cook would use for its size.
    @Test(arguments: [
        ("250 g flour", 10.0, "2.5 kg flour"), ("500g butter", 1000, "500kg butter"),
        ("0.65 kg potatoes", 0.25, "160 g potatoes"), ("1 kilogram potatoes", 0.25, "250 grams potatoes"),
        ("750 ml stock", 2, "1.5 l stock"), ("0.5 l milk", 0.5, "250 ml milk"),
        ("250 g flour", 2, "500 g flour"), ("2 dl cream", 10, "20 dl cream"),
    ] as [(String, Double, String)])
    func metricAmountsMoveToTheUnitTheirSizeNeeds(_ line: String, _ factor: Double, _ expected: String) {
        #expect(IngredientRewriter.scaled(ingredient(line), by: factor).line == expected)
    }

    @Test func aStickOfButterStaysASticksInUSUnits() {
        #expect(IngredientRewriter.converted(ingredient("1 stick butter"), to: .us).line == "1 stick butter")
    }
}

extension CookableScalingTests {
    @Test(arguments: [("1 tablespoon butter", 4.0, "4 tablespoons butter"), ("2 Tablespoons cornstarch", 0.5, "1 Tablespoon cornstarch"),
                      ("1 tbsp oil", 2.0, "2 tbsp oil"), ("½ cup milk", 4.0, "2 cups milk")] as [(String, Double, String)])
    func unitWordsKeepTheirSpelling(_ line: String, _ factor: Double, _ expected: String) {
        #expect(IngredientRewriter.scaled(ingredient(line), by: factor).line == expected)
    }
}

/// What a user noticed in scaled and exported recipes: a yield whose number is a word, a range
/// of servings exported as its lower end, units that never grew with the amount.
struct ScaledWordingTests {
    /// A number written as a word cannot be rewritten in place; the text became "1 servings"
    /// (an English word, in the wrong number) for "Für vier Personen", "¼ blech" for "ein Blech".
    @Test(arguments: [
        ("Für vier Personen", 0.25, "1 Person"),
        ("Für vier Personen", 2.0, "8 Personen"),
        ("ein Blech", 0.5, "½ Blech"),
        ("vier", 0.5, "2"),
    ] as [(String, Double, String)])
    func aYieldWrittenInWordsIsRewrittenInTheRecipesWords(_ text: String, _ factor: Double, _ expected: String) throws {
        var recipe = Recipe(id: "r", title: "Suppe")
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Die Zwiebel schälen und in eine Schüssel geben.")])]
        recipe.yield = YieldParser.parse(text)
        #expect(!RecipeLanguage.isEnglish(recipe))
        #expect(RecipeAdjuster.scaled(recipe, by: factor).yield?.text == expected)
    }

    @Test(arguments: [("Serves four", 0.25, "1 serving"), ("Makes two loaves", 0.5, "1 loaf")] as [(String, Double, String)])
    func anEnglishYieldInWordsStaysEnglish(_ text: String, _ factor: Double, _ expected: String) {
        var recipe = Recipe(id: "r", title: "Bread")
        recipe.yield = YieldParser.parse(text)
        #expect(RecipeAdjuster.scaled(recipe, by: factor).yield?.text == expected)
    }

    /// A range with no text was exported to JSON-LD as its lower number: `4`.
    @Test func aYieldRangeIsExportedWhole() {
        func exported(_ yield: Yield) -> JSONValue? {
            var recipe = Recipe(id: "r", title: "Soup")
            recipe.yield = yield
            return SchemaOrgWriter.object(for: recipe)["recipeYield"]
        }
        #expect(exported(Yield(quantity: Amount(4, upper: 6), unit: "servings")) == .string("4–6 servings"))
        #expect(exported(Yield(quantity: Amount(4, upper: 6))) == .string("4–6"))
        #expect(exported(Yield(quantity: Amount(4), unit: "servings")) == .number(4))
    }

    /// US amounts step up within their system as metric ones do (`250 g` ×1000 was already
    /// `250 kg`; `8 oz` ×1000 stayed `8000 oz`), once they make two of the larger unit.
    @Test(arguments: [
        ("8 oz cheese", 1000.0, "500 lb cheese"), ("8 oz cheese", 10, "5 lb cheese"), ("8 oz cheese", 3, "24 oz cheese"),
        ("1 cup milk", 64, "4 gallons milk"), ("2 cups milk", 4, "2 quarts milk"), ("2 cups milk", 2, "4 cups milk"),
        ("2 cups flour", 1000, "2000 cups flour"), ("1 tsp salt", 2, "2 tsp salt"), ("2 tsp salt", 2, "4 tsp salt"),
        ("1 tsp salt", 6.0, "2 tbsp salt"), ("4 fl oz cream", 8, "4 cups cream"),
    ] as [(String, Double, String)])
    func usAmountsMoveUpToTheUnitTheirSizeNeeds(_ line: String, _ factor: Double, _ expected: String) {
        #expect(IngredientRewriter.scaled(ingredient(line), by: factor).line == expected)
    }

    /// Spoons are both systems' measure: they grow into cups only in a recipe measured in cups.
    @Test func spoonsBecomeCupsOnlyInARecipeMeasuredInUSUnits() {
        func recipe(_ lines: [String]) -> Recipe {
            Recipe(id: "r", title: "Brine", ingredientGroups: [IngredientGroup(ingredients: lines.map(ingredient))])
        }
        let us = RecipeAdjuster.scaled(recipe(["1 tbsp salt", "2 cups water"]), by: 96)
        #expect(us.ingredients.map(\.line) == ["6 cups salt", "12 gallons water"])
        let metric = RecipeAdjuster.scaled(recipe(["1 tbsp salt", "500 ml water"]), by: 100)
        #expect(metric.ingredients.map(\.line) == ["100 tbsp salt", "50 l water"])
    }
}

/// Rounding for readability moves an amount a little, never by a step: `2000 cups` of milk
/// read `120 gallons` and `62.5 g` doubled `130 g`, as amounts from 25 up went to steps of 5
/// and 10, and from 10 up fractions were dropped (`10 ½ cups` read `11`).
struct CloseRoundingTests {
    @Test(arguments: [
        ("2 cups milk", 1000.0, "125 gallons milk"),
        ("62.5 g butter", 2.0, "125 g butter"),
        ("100 g flour", 1.05, "105 g flour"),
        ("16 g yeast", 2.0, "32 g yeast"),
        ("3 1/2 cups flour", 3.0, "10 ½ cups flour"),
        ("8 tablespoons butter", 2.0, "16 tablespoons butter"),
    ])
    func scaledAmountsStayCloseToTheirValue(_ line: String, _ factor: Double, _ expected: String) {
        #expect(IngredientRewriter.scaled(ingredient(line), by: factor).line == expected)
    }

    @Test(arguments: [
        ("2 cups milk", MeasureUnit.System.metric, "470 ml milk"),
        ("1 oz butter", .metric, "28 g butter"),
        ("1 tablespoon olive oil", .metric, "1 tablespoon olive oil"),
    ])
    func convertedAmountsStayCloseToTheirValue(_ line: String, _ system: MeasureUnit.System, _ expected: String) {
        #expect(IngredientRewriter.converted(ingredient(line), to: system).line == expected)
    }

    /// Over the whole range a kitchen measures in, the shown amount is within 2% of the value.
    @Test func noRoundingMovesAnAmountByMoreThanTwoPercent() {
        var value = 0.5
        while value < 20_000 {
            for rounded in [CookRounding.metric(value), CookRounding.large(value), AmountText.shown(value, style: .decimal)] {
                #expect(abs(rounded - value) <= value * 0.02, "\(value) → \(rounded)")
            }
            if value >= 10 {
                let shown = AmountText.shown(value, style: .fraction)
                #expect(abs(shown - value) <= value * 0.02, "\(value) → \(shown)")
            }
            value *= 1.013
        }
    }
}

/// Scaled recipes written with a decimal comma (German, French …) keep it, and spoons and
/// bunches are written in fractions as cooks write them, never `1.25 EL` or `0.25 TL`.
struct DecimalMarkScalingTests {
    private func scaled(_ lines: [String], by factor: Double, title: String = "Kräuterquark mit Kartoffeln") -> [String] {
        let recipe = Recipe(id: "r", title: title, ingredientGroups: [IngredientGroup(ingredients: lines.map(ingredient))],
                            instructionSections: [InstructionSection(steps: [Step(text: "Die Kräuter waschen und mit dem Quark und dem Öl in einer Schüssel mischen.")])])
        return RecipeAdjuster.scaled(recipe, by: factor).ingredients.map(\.line)
    }

    @Test func aGermanRecipeHalvedKeepsItsCommaAndWritesSpoonsInFractions() {
        let lines = ["0,5 Bund Petersilie", "1 Bund Dill", "0,25 l Milch", "1,5 kg Mehl", "2,5 EL Öl", "0,5 TL Salz", "25 cl Sahne"]
        #expect(scaled(lines, by: 0.5) == ["¼ Bund Petersilie", "½ Bund Dill", "125 ml Milch", "750 g Mehl", "1 ¼ EL Öl", "¼ TL Salz", "12,5 cl Sahne"])
        #expect(scaled(["1,5 kg Mehl", "30 cl Sahne"], by: 0.7) == ["1,05 kg Mehl", "21 cl Sahne"])
    }

    @Test func aLineWithoutADecimalTakesTheRecipesMark() {
        // No line shows a mark: the recipe's language says which (the comma, in German).
        #expect(scaled(["25 cl Sahne", "2 EL Öl"], by: 1.0 / 3) == ["8,3 cl Sahne", "⅔ EL Öl"])
        // An English recipe keeps its point.
        let english = Recipe(id: "e", title: "Cream sauce", ingredientGroups: [IngredientGroup(ingredients: ["25 cl cream", "1.5 kg flour"].map(ingredient))],
                             instructionSections: [InstructionSection(steps: [Step(text: "Mix the cream and the flour in a bowl and serve with the potatoes.")])])
        #expect(RecipeAdjuster.scaled(english, by: 0.7).ingredients.map(\.line) == ["17.5 cl cream", "1.05 kg flour"])
    }
}

import LarderCore
import TestSupport
import Testing

/// A list a person buys from (issue 35): whole things, spoons as spoons, one line per thing
/// however recipes name it, group titles never bought, each line traceable to its recipes.
struct ShoppingListShopperTests {
    let lists = ShoppingListTests()

    func list(units: MeasureUnit.System? = nil, aisles: ShoppingAisles? = nil, pantry: ShoppingPantry? = nil, _ recipes: Recipe...) -> ShoppingList {
        var builder = ShoppingListBuilder(units: units, aisles: aisles, pantry: pantry)
        recipes.forEach { builder.add($0) }
        return builder.build()
    }

    func texts(_ list: ShoppingList, _ name: String) -> [String]? {
        lists.item(list, name)?.amounts.map(\.text)
    }

    /// "½ egg" was on the list: a shop sells whole eggs, and the recipe needs the half.
    @Test func countedThingsAreBoughtWhole() {
        let half = Recipe(title: "Half", ingredientGroups: [IngredientGroup(ingredients: [
            Ingredient(line: "½ large egg", quantity: Amount(0.5), name: "egg"),
            Ingredient(line: "1 ½ cans chickpeas", quantity: Amount(1.5), unit: "can", name: "chickpeas"),
            Ingredient(line: "1–1 ½ leeks", quantity: Amount(1, upper: 1.5), name: "leeks"),
            Ingredient(line: "⅓ lemon", quantity: Amount(1.0 / 3), name: "lemon"),
            Ingredient(line: "⅔ lemon", quantity: Amount(2.0 / 3), name: "lemon"),
        ])])
        let shopping = list(half)
        #expect(texts(shopping, "egg") == ["1"])
        #expect(texts(shopping, "chickpeas") == ["2 cans"])
        #expect(texts(shopping, "leek") == ["1–2"])
        #expect(texts(shopping, "lemon") == ["1"], "⅓ + ⅔ is one lemon, not two")
        #expect(shopping.markdown().contains("- [ ] 1 egg\n"))
    }

    /// "3 garlics" was on the list for Cooklang's `@garlic cloves{3}` (a count, no unit): a name
    /// that says the unit its thing is counted in counts that unit, on one line with `2 cloves
    /// garlic`. A name whose last word is no such unit keeps its count (`2 onions`).
    @Test func aCountInANameThatSaysItsUnitCountsThatUnit() {
        let recipe = Recipe(title: "Garlic", ingredientGroups: [IngredientGroup(ingredients: [
            Ingredient(line: "garlic cloves", quantity: Amount(3), name: "garlic cloves"),
            Ingredient(line: "1 cloves of garlic", quantity: Amount(1), name: "cloves of garlic"),
            Ingredient(line: "2 cloves garlic", quantity: Amount(2), unit: "clove", name: "garlic"),
            Ingredient(line: "2 red onions", quantity: Amount(2), name: "red onions"),
        ])])
        let shopping = list(recipe)
        #expect(texts(shopping, "garlic") == ["6 cloves"])
        #expect(!shopping.markdown().contains("garlics"), "\(shopping.markdown())")
        #expect(texts(shopping, "red onion") == ["2"])
    }

    /// "20 ml butter", "30 ml all-purpose flour" and "3.3 ml table salt" in a metric list: the
    /// README says tablespoons stay tablespoons. Spoons join only another measure of the thing,
    /// or come to a quarter cup.
    @Test(arguments: [MeasureUnit.System.metric, .us, nil] as [MeasureUnit.System?])
    func spoonsStaySpoons(units: MeasureUnit.System?) {
        let soup = lists.recipe("Soup", ["1 ⅓ tablespoons butter", "2 tablespoons all-purpose flour", "⅔ teaspoon table salt",
                                         "1 tablespoon olive oil", "2 tablespoons olive oil", "2 tablespoons sesame oil", "2 tablespoons sesame oil"])
        let shopping = list(units: units, soup)
        #expect(texts(shopping, "butter") == ["1 ⅓ tbsp"])
        #expect(texts(shopping, "all-purpose flour") == ["2 tbsp"])
        #expect(texts(shopping, "salt") == ["⅔ tsp"])
        #expect(texts(shopping, "olive oil") == ["3 tbsp"])
        // Four tablespoons are a quarter cup: measured as the system measures volumes.
        #expect(texts(shopping, "sesame oil") == [units == .metric ? "60 ml" : "¼ cup"])
        // A quarter cup of spoons of a solid whose weight by the cup is known is weighed in metric.
        let glaze = list(units: units, lists.recipe("Glaze", ["4 Tablespoons cornstarch"]))
        #expect(texts(glaze, "cornstarch") == [units == .metric ? "32 g" : "¼ cup"])
        // Beside grams of the same thing, spoons are weighed in with them.
        let cake = list(units: units, lists.recipe("Cake", ["100 g butter", "2 tablespoons butter"]))
        #expect(texts(cake, "butter") == [units == .us ? "4 ½ oz" : "130 g"])
    }

    /// "ricotta" and "280 g ricotta cheese", "salt" and "table salt", "black pepper" and "ground
    /// black pepper" were apart; the same in the other languages Larder reads.
    @Test(arguments: [
        (["1 cup ricotta", "280 g ricotta cheese"], "ricotta"),
        (["1 teaspoon salt", "½ teaspoon table salt"], "salt"),
        (["1 teaspoon black pepper", "½ teaspoon ground black pepper", "freshly ground black pepper"], "black pepper"),
        (["2 Eier", "1 Ei"], "Eier"),
        (["1 TL Salz", "1 Prise Speisesalz"], "Salz"),
        (["1 cuillère à café de sel", "1 pincée de sel fin"], "sel"),
        (["2 uova", "1 uovo"], "uova"),
        (["1 cucharadita de sal", "sal fina"], "sal"),
        (["2 eieren", "1 ei"], "eieren"),
        (["1 tsk salt", "bordssalt"], "salt"),
        (["2 jajka", "1 jajko"], "jajka"),
    ] as [([String], String)])
    func oneThingIsOneLineHoweverItIsNamed(_ lines: [String], _ name: String) {
        let shopping = list(lists.recipe("A", [lines[0]]), lists.recipe("B", Array(lines.dropFirst())))
        #expect(shopping.items.count == 1, "\(shopping.items.map(\.name))")
        #expect(shopping.items.first?.name == name)
        #expect(shopping.items.first?.recipes == ["A", "B"])
    }

    /// TheMealDB writes `Milk`; the list writes it as recipes do in a sentence.
    @Test func aNameWrittenInCapitalsAndInLowerCaseIsShownInLowerCase() {
        let shopping = list(lists.recipe("Apam balik", ["200ml Milk"]), lists.recipe("Crêpes", ["500 ml milk"]))
        #expect(shopping.items.map(\.name) == ["milk"])
    }

    @Test func aCountInALanguageLarderDoesNotInflectTakesTheTablesPlural() {
        let one = list(lists.recipe("Suppe", ["1 Zwiebel", "Salz"]))
        let three = list(lists.recipe("Suppe", ["1 Zwiebel", "Salz"]), lists.recipe("Eintopf", ["2 Zwiebeln"]))
        #expect(one.markdown().contains("- [ ] 1 Zwiebel\n"))
        #expect(ShoppingListText.withoutRecipeNumbers(three.markdown()).contains("- [ ] 3 Zwiebeln\n"))
    }

    /// Every name of the table is one thing: its names all lead to one key, and no name leads
    /// to two things.
    @Test func theTableOfNamesIsConsistent() {
        var thingOfKey: [String: String] = [:]
        for entry in SameThingNames.entries {
            let key = ShoppingName.key(entry.name)
            for name in [entry.name] + [entry.plural].compactMap({ $0 }) + entry.others {
                #expect(ShoppingName.key(name) == key, "\(name) of \(entry.name)")
                if let other = thingOfKey[ShoppingName.key(name)] { #expect(other == key, "\(name)") }
                thingOfKey[ShoppingName.key(name)] = key
            }
        }
        #expect(Set(SameThingNames.entries.map(\.language)) == ["en", "de", "fr", "es", "it", "nl", "da", "no", "sv", "pt", "pl"])
        // Different purchases stay apart.
        #expect(ShoppingName.key("kosher salt") != ShoppingName.key("salt"))
        #expect(ShoppingName.key("bell pepper") != ShoppingName.key("black pepper"))
    }

    /// "onion: 1–1 ⅓ cups + ½": a cup of chopped onion and half an onion are onions to buy.
    @Test func thingsSoldByThePieceAreBoughtByThePiece() {
        let shopping = list(units: .metric, lists.recipe("Soup", ["1 to 1 ⅓ cups onion, chopped", "1 cup chopped carrots", "3 cloves garlic",
                                                                  "1 teaspoon minced garlic"]),
                            lists.recipe("Lasagna", ["½ onion, chopped fine", "2 tomatoes", "1 (28-ounce) can diced tomatoes"]))
        #expect(texts(shopping, "onion") == ["2–3"], "1.45–1.94 onions and a half")
        #expect(texts(shopping, "carrot") == ["3"], "a cup chopped is 128 g, a carrot 61 g")
        #expect(texts(shopping, "garlic") == ["4 cloves"])
        #expect(texts(shopping, "tomato") == ["2"])
        // Tomatoes out of a can are another purchase, on the pantry's shelves.
        #expect(texts(shopping, "diced tomatoes") == ["1 (28-ounce) can"])
        #expect(lists.item(shopping, "diced tomatoes")?.aisle == Aisle.pantry.heading)
        // Crushed tomatoes are sold so, whatever they are measured in.
        let sauce = list(units: .metric, lists.recipe("Sauce", ["800 g crushed tomatoes", "2 tomatoes, chopped"]))
        #expect(texts(sauce, "crushed tomatoes") == ["800 g"])
        #expect(texts(sauce, "tomato") == ["2"])
        // Grams and a cup of chopped onion are weighed together where no count is asked for.
        let weighed = list(units: .metric, lists.recipe("Stew", ["500 g onions", "1 cup chopped onion"]))
        #expect(texts(weighed, "onion") == ["660 g"])
    }

    /// America's Test Kitchen's group titles, written as lines, were bought: "Tomato-Meat Sauce"
    /// and "Ricotta" (from "Ricotta, Mozzarella, and Pasta Layers").
    @Test func groupTitlesAreNotBought() {
        let lasagna = lists.recipe("Lasagna", ScalingAndConversionTests.lasagna)
        let shopping = list(lasagna)
        let names = shopping.items.map { ShoppingName.key($0.name) }
        #expect(!names.contains("tomato-meat sauce") && !names.contains("ricotta, mozzarella, and pasta layer"))
        #expect(lists.item(shopping, "ricotta")?.amounts.map(\.text) == ["15 oz"])
        #expect(lists.item(shopping, "no-boil lasagna noodles")?.amounts.map(\.text) == ["12"])
    }

    /// Each line names the recipes and the ingredient lines it came from: in JSON with the lines,
    /// in Markdown by the recipes' numbers.
    @Test func everyLineIsTraceableToItsRecipes() throws {
        var soup = lists.recipe("Soup", ["1 onion", "1 teaspoon salt"])
        soup.id = "soup-1"
        var pie = lists.recipe("Pie", ["2 onions, sliced", "salt"])
        pie.id = "pie-2"
        let shopping = list(soup, pie)
        let onions = try #require(lists.item(shopping, "onion"))
        #expect(onions.sources.map(\.id) == ["soup-1", "pie-2"])
        #expect(onions.sources.map(\.line) == ["1 onion", "2 onions, sliced"])
        #expect(shopping.recipeIDs == ["soup-1", "pie-2"])
        let markdown = shopping.markdown()
        #expect(markdown.contains("For 2 recipes: (1) Soup, (2) Pie.\n"))
        #expect(markdown.contains("- [ ] 3 onions *(1, 2)*\n"))
        #expect(markdown.contains("- [ ] 1 tsp salt (plus some, unmeasured) *(1, 2)*\n"))
    }

    @Test func aislesOfTheUsersShopComeFirstInTheirOrder() throws {
        let aisles = try ShoppingAisles(text: """
            # the shop on the corner
            Bakery: bread, tortillas
            Fruit and veg:
              onions
              lemons
            Cheese counter: cheese
            produce:
            """)
        #expect(aisles.headings == ["Bakery", "Fruit and veg", "Cheese counter", "Produce"])
        let shopping = list(aisles: aisles, lists.recipe("Tacos", ["8 flour tortillas", "1 onion", "1 cup shredded cheddar cheese",
                                                                    "200 g cheddar", "1 lemon", "2 carrots", "1 cup milk"]))
        #expect(shopping.byAisle.map(\.aisle) == ["Bakery", "Fruit and veg", "Cheese counter", "Produce", "Dairy and eggs"])
        #expect(lists.item(shopping, "cheddar")?.aisle == "Cheese counter", "cheddar is also called cheddar cheese")
        #expect(lists.item(shopping, "carrot")?.aisle == "Produce", "Larder's own aisle, of the name the file gives too")
        #expect(shopping.markdown().contains("## Bakery\n\n- [ ] 8 flour tortillas\n"))
    }

    @Test(arguments: [
        ("onions\nProduce: garlic", "line 1: \"onions\" comes before any aisle: start with an aisle's name and a colon, such as \"Produce:\""),
        ("Produce: onions\n: garlic", "line 2: a colon with no aisle's name before it"),
        ("Produce: onions\nproduce: garlic", "line 2: the aisle \"produce\" is named twice"),
        ("# nothing\n", "it names no aisle"),
    ])
    func anAislesFileThatCannotBeReadSaysWhere(_ text: String, _ problem: String) {
        #expect(throws: ShoppingFileProblem.self) { try ShoppingAisles(text: text) }
        do { _ = try ShoppingAisles(text: text) } catch { #expect("\(error)" == problem) }
    }

    /// What the user has is not bought: listed apart with the amounts to check, or left out
    /// (and named) when no recipe says how much.
    @Test func thePantryIsCheckedNotBought() throws {
        let pantry = try ShoppingPantry(text: "salt, black pepper\nolive oil # the big tin\nflour\n")
        let shopping = list(pantry: pantry, lists.recipe("Soup", ["salt", "freshly ground black pepper", "3 tablespoons extra-virgin olive oil",
                                                                  "2 cups all-purpose flour", "1 onion"]))
        #expect(shopping.items.map(\.name) == ["onion"])
        #expect(shopping.checkYouHave.map(\.name) == ["all-purpose flour", "olive oil"])
        #expect(shopping.fromPantry == ["black pepper", "salt"])
        let markdown = shopping.markdown()
        #expect(markdown.contains("## Check you have\n\nIn your pantry; the recipes need this much:\n\n- [ ] 2 cups all-purpose flour\n- [ ] 3 tbsp olive oil\n"))
        #expect(markdown.contains("\nLeft out, from your pantry: black pepper, salt.\n"))
    }
}

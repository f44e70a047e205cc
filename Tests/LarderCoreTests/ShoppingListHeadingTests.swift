import LarderCore
import Testing

/// A shopping list buys things: not the tools of an equipment group, not the titles and
/// purposes pages write as ingredient lines (the lines are those of carriesexperimentalkitchen.com,
/// breadtopia.com and cdkitchen.com pages a new user imported).
struct ShoppingListHeadingTests {
    func ingredients(_ lines: [String]) -> [Ingredient] {
        lines.map { line in
            let parsed = IngredientParser.parse(line)
            return Ingredient(line: line, quantity: parsed.quantity, unit: parsed.unit, name: parsed.name, preparation: parsed.comment)
        }
    }

    func names(_ groups: [IngredientGroup]) -> [String] {
        var builder = ShoppingListBuilder()
        builder.add(Recipe(id: "r", title: "R", ingredientGroups: groups))
        return builder.build().items.map { $0.name.lowercased() }
    }

    @Test func theToolsOfAnEquipmentGroupAreNotBought() {
        let food = IngredientGroup(ingredients: ingredients(["3 medium russet potatoes, (peeled)", "1 1/2 cups heavy cream"]))
        for title in ["Equipment Needed", "Special equipment", "Kitchen Tools", "Utensilien", "Matériel nécessaire", "Utensilios"] {
            let tools = IngredientGroup(name: title, ingredients: ingredients(["4- (8-ounce) Ramekins", "Mandoline or Sharp Knife", "Baking Pan", "Small Saucepan", "Food Processor"]))
            #expect(names([food, tools]).sorted() == ["heavy cream", "russet potatoes"], "\(title)")
        }
        // A group named for a part of the dish is bought.
        let topping = IngredientGroup(name: "Topping", ingredients: ingredients(["2 cups crushed potato chips"]))
        #expect(names([food, topping]).contains("potato chips"))
    }

    @Test func purposeLinesAndTitlesAreNotBought() {
        let kubaneh = IngredientGroup(name: "Yeast Version", ingredients: ingredients([
            "450g bread flour (scant 3 1/2 cups)", "8g salt (1 1/2 tsp)", "1 egg and 1 egg white (reserve the yolk for the egg wash)",
            "To pour over the dough after mixing", "1 Tbsp of oil", "To laminate into the dough after the first rise",
            "57g softened unsalted butter (4 Tbsp)", "2 Tbsp of nigella seeds", "To brush on the dough before baking",
            "1 egg yolk beaten with 1 Tbsp water",
        ]))
        let vesuvio = IngredientGroup(ingredients: ingredients([
            "2 baking potatoes, cut lengthwise into 8 wedges", "1/2 cup frozen peas, cooked", "Seasoning", "2 tablespoons olive oil",
            "3 cloves garlic, minced", "1/2 teaspoon black pepper",
        ]))
        let bought = names([kubaneh, vesuvio])
        for heading in ["pour", "rise", "brush", "seasoning"] {
            #expect(!bought.contains { $0.contains(heading) }, "\(heading) in \(bought)")
        }
        #expect(bought.contains("oil") && bought.contains("nigella seeds") && bought.contains("egg yolk") && bought.contains("garlic"), "\(bought)")
    }

    /// A name a source gave apart from a heading-like measure (TheMealDB's `For frying` + `Oil`,
    /// `To serve` + `Lemon`) is bought; so is a capitalised thing with one line after it.
    @Test func thingsWithHeadingLikeWordsAreStillBought() {
        let group = IngredientGroup(ingredients: [
            Ingredient(line: "2 eggs", quantity: Amount(2), name: "eggs"),
            Ingredient(line: "For frying Oil", name: "Oil"),
            Ingredient(line: "To serve Lemon", name: "Lemon"),
            Ingredient(line: "1 cup flour", quantity: Amount(1), unit: "cup", name: "flour"),
        ] + ingredients(["1 cup milk", "Tabasco", "1 tsp salt"]))
        let bought = names([group])
        #expect(["oil", "lemon", "tabasco"].allSatisfy(bought.contains), "\(bought)")
    }

    /// The same rules group the lines at import: a purpose line and a one-word title head the
    /// lines after them.
    @Test func importGroupsUnderPurposeLinesAndOneWordTitles() {
        let lines = ["1/2 cup frozen peas, cooked", "1 lemon, cut into wedges", "Seasoning", "2 tablespoons olive oil", "3 cloves garlic, minced",
                     "To brush on the dough before baking", "1 egg yolk beaten with 1 Tbsp water"]
        let groups = IngredientHeading.splitGroups([IngredientGroup(ingredients: lines.map { Ingredient(line: $0) })])
        #expect(groups.map(\.name) == [nil, "Seasoning", "To brush on the dough before baking"])
        #expect(groups.map(\.ingredients.count) == [2, 2, 1])
    }

    /// A word alone that names a thing, not a part of the dish, stays an ingredient: the Dutch
    /// `Roomboter` (butter) over two measured lines was taken for a group's title and lost as
    /// an ingredient (the scrape corpus's keukenliefde.nl__3).
    @Test func aThingWrittenAloneIsNoTitle() {
        let lines = ["1,5 kilo aardappels, geschild", "Melk", "Roomboter", "2 uien, gepeld en in ringen", "2 tenen knoflook, gepeld en fijngehakt",
                     "250 g champignons, in plakjes gesneden"]
        let groups = IngredientHeading.splitGroups([IngredientGroup(ingredients: lines.map { Ingredient(line: $0) })])
        #expect(groups.map(\.name) == [nil])
        #expect(groups.first?.ingredients.map(\.line) == lines)
        // A measure that opens with "to" is no purpose (recipe.yamasa.com__1 lost this line).
        let dashi = ["1 cup water", "to your taste Japanese instant bouillon (dashi no moto)", "2 tbsp soy sauce", "1 tbsp mirin"]
        #expect(IngredientHeading.splitGroups([IngredientGroup(ingredients: dashi.map { Ingredient(line: $0) })]).map(\.ingredients.count) == [4])
        let dough = ["200 g flour", "1 egg", "Filling", "2 apples, sliced", "50 g sugar"]
        #expect(IngredientHeading.splitGroups([IngredientGroup(ingredients: dough.map { Ingredient(line: $0) })]).map(\.name) == [nil, "Filling"])
    }
}

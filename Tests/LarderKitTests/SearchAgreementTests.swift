import Foundation
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// A search means the same whoever answers it: `RecipeFilter.matches` (what `convert` and
/// `export` of files filter with) and the library index's SQL (`IndexQuery`, what `list`, `search`
/// and `export` of a library use) are two writings of one meaning. Every kind of filter is run
/// through both on one set of recipes, chosen for the places the two could part: words that begin
/// or end inside others, punctuation inside a word, plurals, case and accents, digits against
/// letters, padded or empty words, phrases, labels with spaces around them, servings ranges.
struct SearchAgreementTests {
    static let recipes: [Recipe] = [
        recipe("eggs", "Scrambled Eggs", lines: ["4 large eggs", "2 tbsp butter"], categories: ["Breakfast"], servings: 2),
        recipe("eggplant", "Eggplant Parmesan", lines: ["1 eggplant", "200g mozzarella"], categories: ["Dinner"], cuisines: ["Italian"], servings: 4),
        recipe("nutmeg", "Nutmeg Custard", lines: ["1/2 tsp nutmeg", "3 egg yolks"], categories: ["Dessert"], servings: 6),
        recipe("jalapeno", "Jalapeño Poppers", lines: ["12 jalapeños", "4 oz cream cheese"], cuisines: ["Mexican"], tags: ["party", "oven"], servings: 4, upper: 6),
        recipe("half", "Crème Brûlée", description: "Made with half-and-half.", lines: ["2 cups half-and-half", "5 egg yolks"], categories: [" Dessert "]),
        recipe("olive", "Olive Oil Cake", lines: ["1 cup olive oil", "3 eggs", "2 lemons"], categories: ["Dessert", "Baking"], cuisines: ["Italian"], servings: 8),
        recipe("comma", "Dressing", lines: ["3 tbsp olive, oil and vinegar", "salt", "pepper"], tags: ["o'brien"], servings: 1),
        recipe("stuck", "Quick Flatbread", lines: ["200gflour", "2eggs", "1 tsp salt & pepper"], categories: ["Bread"]),
        recipe("tomato", "Tomato Soup", lines: ["6 tomatoes", "1 onion", "2 potatoes"], categories: ["Soup"], diets: ["Vegan"], servings: 4),
        recipe("smorrebrod", "Smørrebrød", lines: ["rye bread", "pickled herring"], cuisines: ["Danish"], servings: 2),
        recipe("strasse", "Straßenbrot", lines: ["500 g Mehl", "Salz"], cuisines: ["German"]),
        recipe("number", "Pizza 2 Ways", lines: ["2 pizza doughs", "1 can tomatoes"], categories: ["Dinner"], tags: ["v2"], servings: 3),
    ]

    static func recipe(_ id: String, _ title: String, description: String? = nil, lines: [String], categories: [String] = [],
                       cuisines: [String] = [], tags: [String] = [], diets: [String] = [], servings: Double? = nil, upper: Double? = nil) -> Recipe {
        var recipe = Recipe(id: id, title: title, description: description, categories: categories, cuisines: cuisines, tags: tags, diets: diets)
        recipe.ingredientGroups = [IngredientGroup(ingredients: lines.map { Ingredient(line: $0) })]
        if let servings { recipe.yield = Yield(quantity: Amount(servings, upper: upper), unit: "servings") }
        return recipe
    }

    /// Every kind of condition, alone and together, with the inputs people type.
    static let filters: [(String, RecipeFilter)] = [
        ("no condition", RecipeFilter()),
        // Free text: words that begin words, anywhere in the recipe.
        ("a word", RecipeFilter(text: "egg")),
        ("a word inside words", RecipeFilter(text: "meg")),
        ("a word's start", RecipeFilter(text: "chee")),
        ("two words", RecipeFilter(text: "egg dessert")),
        ("upper case", RecipeFilter(text: "EGGS")),
        ("accents typed", RecipeFilter(text: "jalapeño")),
        ("accents left out", RecipeFilter(text: "creme brulee")),
        ("a stroke letter", RecipeFilter(text: "smorrebrod")),
        ("a sharp s", RecipeFilter(text: "straße")),
        ("a sharp s spelt out", RecipeFilter(text: "strassenbrot")),
        ("a hyphenated word", RecipeFilter(text: "half-and-half")),
        ("the part after a hyphen", RecipeFilter(text: "and-half")),
        ("a phrase across two tags", RecipeFilter(text: "party-ov")),
        ("an apostrophe", RecipeFilter(text: "o'brien")),
        ("a word after a digit", RecipeFilter(text: "flour")),
        ("a digit", RecipeFilter(text: "2")),
        ("a tag with a digit", RecipeFilter(text: "v2")),
        ("only punctuation", RecipeFilter(text: "& -")),
        ("a category word", RecipeFilter(text: "breakfast")),
        ("a cuisine word", RecipeFilter(text: "ital")),
        ("a description word", RecipeFilter(text: "made")),
        // Categories and cuisines: whole names, any of them.
        ("a category", RecipeFilter(categories: ["dessert"])),
        ("a category padded", RecipeFilter(categories: [" Dessert "])),
        ("two categories", RecipeFilter(categories: ["Bread", "soup"])),
        ("a category's word only", RecipeFilter(categories: ["dess"])),
        ("a cuisine", RecipeFilter(cuisines: ["italian"])),
        ("a cuisine with accents", RecipeFilter(cuisines: ["dänish"])),
        // Diets.
        ("a diet", RecipeFilter(diets: ["vegan"])),
        ("a diet spelt otherwise", RecipeFilter(diets: ["Vegan Diet"])),
        // Ingredients: a word as itself or with s/es after it.
        ("an ingredient", RecipeFilter(includeIngredients: ["egg"])),
        ("an ingredient's plural", RecipeFilter(includeIngredients: ["tomato"])),
        ("an ingredient in upper case", RecipeFilter(includeIngredients: ["EGG"])),
        ("an ingredient with accents left out", RecipeFilter(includeIngredients: ["jalapeno"])),
        ("an ingredient phrase", RecipeFilter(includeIngredients: ["olive oil"])),
        ("an ingredient phrase's plural", RecipeFilter(includeIngredients: ["egg yolk"])),
        ("an ingredient with a hyphen", RecipeFilter(includeIngredients: ["half-and-half"])),
        ("an ingredient after a digit", RecipeFilter(includeIngredients: ["flour"])),
        ("an ingredient padded", RecipeFilter(includeIngredients: [" egg "])),
        ("an ingredient of punctuation", RecipeFilter(includeIngredients: ["&"])),
        ("an empty ingredient", RecipeFilter(includeIngredients: [""])),
        ("an ingredient phrase in one line", RecipeFilter(includeIngredients: ["salt pepper"])),
        ("a phrase across two lines", RecipeFilter(includeIngredients: ["bread pickled"])),
        ("two ingredients", RecipeFilter(includeIngredients: ["egg", "lemon"])),
        ("without an ingredient", RecipeFilter(excludeIngredients: ["egg"])),
        ("without a phrase", RecipeFilter(excludeIngredients: ["olive oil"])),
        ("without punctuation", RecipeFilter(excludeIngredients: ["&"])),
        ("without an empty word", RecipeFilter(excludeIngredients: [""])),
        ("with one, without another", RecipeFilter(includeIngredients: ["egg"], excludeIngredients: ["butter"])),
        // Servings: the top of a range counts for the minimum, the bottom for the maximum.
        ("at least", RecipeFilter(minServings: 5)),
        ("at most", RecipeFilter(maxServings: 4)),
        ("between", RecipeFilter(minServings: 4, maxServings: 4)),
        // Ids.
        ("ids", RecipeFilter(ids: ["eggs", "tomato", "missing"])),
        // Everything at once.
        ("all together", RecipeFilter(text: "egg", categories: ["Dessert"], cuisines: ["Italian"], includeIngredients: ["oil"],
                                      excludeIngredients: ["butter"], minServings: 2, maxServings: 10, ids: ["olive", "nutmeg"])),
    ]

    @Test func theLibraryIndexAndTheFilterChooseTheSameRecipes() throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        for recipe in Self.recipes { try library.store(recipe) }
        try library.close()

        for (name, filter) in Self.filters {
            let byFilter = Self.recipes.filter(filter.matches).map(\.id).sorted()
            let byIndex = try library.recipeIDs(matching: filter).sorted()
            #expect(byFilter == byIndex, "\(name): RecipeFilter chose \(byFilter), the index \(byIndex)")
        }
    }

    /// The set is not one every filter lets through or stops: each filter chooses some recipes
    /// and leaves others, but those that ask for nothing (and choose all) or for what no recipe
    /// holds on purpose (and choose none), so agreement above says something.
    @Test func theFiltersChooseSomeRecipesAndLeaveOthers() {
        let askForNothing: Set = ["no condition", "only punctuation", "an ingredient of punctuation", "an empty ingredient",
                                  "without punctuation", "without an empty word"]
        // Words begin words, so `meg` is not in "nutmeg" nor `flour` in "200gflour"; `ø` is a
        // letter of its own to Foundation's folding (and to SQLite's), not an `o` with an accent.
        let findNothing: Set = ["a category's word only", "a phrase across two tags", "a phrase across two lines", "a word inside words",
                                "a word after a digit", "an ingredient after a digit", "a stroke letter"]
        for (name, filter) in Self.filters {
            let chosen = Self.recipes.filter(filter.matches).count
            if askForNothing.contains(name) {
                #expect(chosen == Self.recipes.count, "\(name)")
            } else if findNothing.contains(name) {
                #expect(chosen == 0, "\(name)")
            } else {
                #expect(chosen > 0 && chosen < Self.recipes.count, "\(name) chose \(chosen) of \(Self.recipes.count)")
            }
        }
    }
}

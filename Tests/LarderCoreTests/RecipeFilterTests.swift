import LarderCore
import Testing

struct RecipeFilterTests {
    let salad: Recipe = {
        var recipe = Recipe(title: "Chickpea Salad", cuisines: ["Mediterranean"], tags: ["summer"], diets: ["vegan", "gluten-free"])
        recipe.categories = ["Salad"]
        recipe.yield = Yield(quantity: Amount(4), unit: "servings")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [Ingredient(line: "1 can chickpeas"), Ingredient(line: "2 eggs, boiled")])]
        return recipe
    }()

    @Test func freeTextSearchesTitleIngredientsAndTags() {
        #expect(RecipeFilter(text: "chickpea summer").matches(salad))
        #expect(RecipeFilter(text: "CHICKPEA").matches(salad))
        #expect(!RecipeFilter(text: "chickpea winter").matches(salad))
    }

    /// The words of a search begin words (as the library index's full-text search finds them):
    /// "chick" finds "Chickpea", "pea" does not.
    @Test func freeTextWordsBeginWords() {
        #expect(RecipeFilter(text: "chick").matches(salad))
        #expect(!RecipeFilter(text: "pea").matches(salad))
    }

    /// `--id`: any of the ids given, with the other criteria.
    @Test func idsChooseRecipes() {
        var salad = salad
        salad.id = "chickpea-salad-1"
        #expect(RecipeFilter(ids: ["chickpea-salad-1", "other"]).matches(salad))
        #expect(!RecipeFilter(ids: ["other"]).matches(salad))
        #expect(!RecipeFilter(text: "winter", ids: ["chickpea-salad-1"]).matches(salad))
        #expect(!RecipeFilter(ids: ["x"]).isEmpty)
    }

    @Test func categoryCuisineAndDietsMustAllMatch() {
        #expect(RecipeFilter(categories: ["salad"], cuisines: ["mediterranean"]).matches(salad))
        #expect(RecipeFilter(diets: ["glutenFree", "vegan"]).matches(salad))
        #expect(!RecipeFilter(diets: ["vegan", "keto"]).matches(salad))
        #expect(!RecipeFilter(cuisines: ["Italian"]).matches(salad))
    }

    @Test func includeAndExcludeIngredientsMatchWords() {
        #expect(RecipeFilter(includeIngredients: ["egg"]).matches(salad))
        #expect(!RecipeFilter(excludeIngredients: ["egg"]).matches(salad))
        var eggplant = salad
        eggplant.ingredientGroups = [IngredientGroup(ingredients: [Ingredient(line: "1 eggplant")])]
        #expect(RecipeFilter(excludeIngredients: ["egg"]).matches(eggplant))
    }

    @Test func servingsRange() {
        #expect(RecipeFilter(minServings: 2, maxServings: 4).matches(salad))
        #expect(!RecipeFilter(minServings: 6).matches(salad))
        #expect(!RecipeFilter(minServings: 1).matches(Recipe(title: "No yield")))
    }
}

/// A source's own category or tag that names a diet counts as that diet.
struct DietLabelTests {
    @Test func aCategoryOrTagNamingADietCountsAsThatDiet() {
        let curry = Recipe(title: "Vegan Chickpea Curry", categories: ["Vegan"], tags: ["Curry", "Gluten Free"])
        #expect(RecipeFilter(diets: ["vegan"]).matches(curry))
        #expect(RecipeFilter(diets: ["Vegan", "gluten-free"]).matches(curry))
        #expect(RecipeFilter(diets: ["glutenFree"]).matches(curry))
        #expect(RecipeFilter(diets: ["vegetarian"]).matches(curry), "a vegan recipe suits vegetarians")
        #expect(!RecipeFilter(diets: ["vegan"]).matches(Recipe(title: "Omelette", categories: ["Vegetarian"])))
        // Tags that only mention a food are not diets.
        let pasta = Recipe(title: "Pasta", categories: ["Pasta"], tags: ["Meat", "Dairy"])
        #expect(!RecipeFilter(diets: ["dairy"]).matches(pasta))
        #expect(!RecipeFilter(diets: ["vegan"]).matches(pasta))
    }

    /// Every spelling of a label comes to one: ASCII labels are read a byte at a time, others a
    /// character at a time, with the same rules (words split at spaces, `_`, `-` and a capital
    /// after a small letter; schema.org's address and `Diet` dropped).
    @Test(arguments: [
        ("https://schema.org/GlutenFreeDiet", "gluten-free"), ("  Gluten Free\t", "gluten-free"), ("gluten_free", "gluten-free"),
        ("glutenFree", "gluten-free"), ("LOW-carb", "low-carb"), ("lowFODMAPDiet", "low-fodmap"), ("Diet", "diet"),
        ("\r\nWhole30\n", "whole30"), ("a--b__c", "a-b-c"), ("-Keto-", "keto"), ("", ""), ("Paleo/", ""),
        ("  Végétalien ", "végétalien"), ("GlutenFreiDiät", "gluten-frei-diät"), ("sem_Glúten", "sem-glúten"),
    ])
    func aLabelIsNormalizedOneWay(label: String, normalized: String) {
        #expect(DietNames.normalize(label) == normalized)
    }

    /// Sources in the languages Larder reads name diets in their own words.
    @Test(arguments: [
        ("Vegetarisch", "vegetarian"), ("Végétarien", "vegetarian"), ("vegetariana", "vegetarian"), ("Vegetarisk", "vegetarian"),
        ("wegetariańskie", "vegetarian"), ("Végétalien", "vegan"), ("Vegano", "vegan"), ("veganistisch", "vegan"), ("wegańskie", "vegan"),
        ("Glutenfrei", "gluten-free"), ("sans gluten", "gluten-free"), ("Sin gluten", "gluten-free"), ("senza glutine", "gluten-free"),
        ("glutenvrij", "gluten-free"), ("Glutenfri", "gluten-free"), ("sem glúten", "gluten-free"), ("bez glutenu", "gluten-free"),
        ("Laktosefrei", "lactose-free"),
    ])
    func aDietNamedInAnotherLanguageIsThatDiet(_ label: String, _ diet: String) {
        #expect(RecipeFilter(diets: [diet]).matches(Recipe(title: "Dish", categories: [label])), "category \(label)")
        #expect(RecipeFilter(diets: [diet]).matches(Recipe(title: "Dish", tags: [label])), "tag \(label)")
        #expect(RecipeFilter(diets: [diet]).matches(Recipe(title: "Dish", diets: [label])), "diet \(label)")
        // And the filter may be given in the source's words.
        #expect(RecipeFilter(diets: [label]).matches(Recipe(title: "Dish", categories: [diet])), "--diet \(label)")
    }
}

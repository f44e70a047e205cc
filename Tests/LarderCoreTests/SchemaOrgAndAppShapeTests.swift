import Foundation
import LarderCore
import Testing
import TestSupport

struct SchemaOrgMapperTests {
    func recipe(_ fixture: String) throws -> Recipe {
        let mapped = RecipeJSON.read(try Fixtures.data(fixture), context: MappingContext(input: fixture))
        #expect(mapped.count == 1)
        return try mapped[0].result.get()
    }

    @Test func findsTheRecipeInAGraphAndFollowsReferences() throws {
        let recipe = try recipe("schema-org/tandoor-ld_json_itemList-graph-howtosection.json")
        #expect(recipe.provenance.origin == .schemaOrg)
        #expect(recipe.provenance.author != nil)
        #expect(recipe.instructionSections.count == 2)
        #expect(recipe.instructionSections.allSatisfy { $0.name != nil && !$0.steps.isEmpty })
        #expect(recipe.rating != nil)
        #expect(!recipe.nutrition.isEmpty)
        #expect(recipe.times.prep?.minutes == 45 && recipe.times.cook?.minutes == 180)
    }

    /// Each entry of `recipeIngredient` is one ingredient however its markup is set: a site
    /// that wraps the name in a paragraph of its own (`2 lb. <p>asparagus</p>`, as delish.com's
    /// pages in Tandoor's test data do) does not part amount and name; a `<br />` does part lines,
    /// and a list given as one text parts at its paragraphs.
    @Test func anEntrysParagraphMarkupDoesNotPartItsAmountFromItsName() throws {
        func lines(_ ingredients: String) throws -> [String] {
            let json = #"{"@context":"https://schema.org","@type":"Recipe","name":"Cheesy asparagus","recipeIngredient":"# + ingredients + "}"
            let mapped = RecipeJSON.read(Data(json.utf8), context: MappingContext(input: "page.json"))
            return try #require(mapped.first).result.get().ingredients.map(\.line)
        }
        #expect(try lines(#"["2 lb. <p>asparagus, stalks trimmed</p>","3 <p>cloves garlic, minced</p>","<p>Kosher salt</p>"]"#)
                == ["2 lb. asparagus, stalks trimmed", "3 cloves garlic, minced", "Kosher salt"])
        #expect(try lines(#"["1 cup flour<br />2 eggs","Salt"]"#) == ["1 cup flour", "2 eggs", "Salt"])
        #expect(try lines(#""<p>1 cup flour</p><p>2 eggs</p>""#) == ["1 cup flour", "2 eggs"])
    }

    @Test func keepsHowToSectionNames() throws {
        let soup = try recipe("schema-org/tandoor-thespruceeats-howtosection.json")
        #expect(soup.title == "Creamy Potato Soup With Ham")
        #expect(soup.yield?.servings == Amount(6))
        #expect(!soup.ingredients.isEmpty)
        #expect(!soup.steps.isEmpty)
        #expect(soup.categories == ["Dinner", "Entree", "Lunch", "Side Dish", "Soup"])
    }

    @Test func readsListYieldsAndImageLists() throws {
        let salsa = try recipe("schema-org/mealie-best-homemade-salsa-recipe.json")
        #expect(salsa.yield?.quantity == Amount(20))
        #expect(salsa.images.count == 4)
        #expect(salsa.provenance.author == "Sommer Collier")
        #expect(salsa.times.prep?.minutes == 5)
        #expect(salsa.extras["video"] != nil)
    }

    @Test func stepTitlesThatOnlyNumberTheStepAreDropped() throws {
        let data = Data(#"""
            {"@type":"Recipe","name":"Oliebollen","recipeInstructions":[
              {"@type":"HowToSection","name":"Oliebollen","itemListElement":[
                {"@type":"HowToStep","name":"Step 1","text":"Warm the milk."},
                {"@type":"HowToStep","name":"Prove","text":"Leave the dough for an hour."}]}]}
            """#.utf8)
        let recipe = try RecipeJSON.read(data, context: MappingContext(input: "oliebollen.json"))[0].result.get()
        #expect(recipe.instructionSections.map(\.name) == [nil])
        #expect(recipe.steps.map(\.name) == [nil, "Prove"])
    }

    /// "Preparation" is a generic heading when it is the only section, but one of several
    /// sections it names its part of the steps (JSON-LD exports of Mealie's pizza dough).
    @Test func aGenericSectionNameIsKeptBesideOtherSections() throws {
        func names(_ sections: String) throws -> [String?] {
            let data = Data(#"{"@type":"Recipe","name":"Pizza Dough","recipeInstructions":[\#(sections)]}"#.utf8)
            return try RecipeJSON.read(data, context: MappingContext(input: "dough.json"))[0].result.get().instructionSections.map(\.name)
        }
        let preparation = #"{"@type":"HowToSection","name":"Preparation","itemListElement":[{"@type":"HowToStep","text":"Mix flour and water."}]}"#
        let baking = #"{"@type":"HowToSection","name":"Baking","itemListElement":[{"@type":"HowToStep","text":"Bake for 10 minutes."}]}"#
        #expect(try names(preparation + "," + baking) == ["Preparation", "Baking"])
        #expect(try names(preparation) == [nil])
    }

    @Test func aBareNumberBesideARangeIsTheCountToScaleFrom() throws {
        func yield(_ json: String) throws -> Yield? {
            let data = Data(#"{"@type":"Recipe","name":"Soup","recipeYield":\#(json)}"#.utf8)
            return try RecipeJSON.read(data, context: MappingContext(input: "soup.json"))[0].result.get().yield
        }
        // Where the range starts: the range stays (scaling starts from its start), as the
        // text reads back.
        let plugin = try yield(#"["4", "4-6 servings"]"#)
        #expect(plugin?.quantity == Amount(4, upper: 6))
        #expect(plugin?.text == "4-6 servings")
        #expect(try yield(#"["10", "10 to 12 servings"]"#)?.quantity == Amount(10, upper: 12))
        #expect(try yield(#"["4", "4 -6"]"#)?.quantity == Amount(4, upper: 6))
        // Inside the range, the number is the count to scale from.
        #expect(try yield(#"["5", "4-6 servings"]"#)?.quantity == Amount(5))
        // Twenty servings, two pies: the number is not the pies'.
        #expect(try yield(#"["20", "2 pies"]"#)?.quantity == Amount(2))
        #expect(try yield(#""4-6 servings""#)?.quantity == Amount(4, upper: 6))
    }
}

struct AppShapeTests {
    func read(_ fixture: String) throws -> [Recipe] {
        try RecipeJSON.read(try Fixtures.data(fixture), context: MappingContext(input: fixture)).map { try $0.result.get() }
    }

    @Test func iCloudCookbookDatesCountFrom2001AndThePhotoIsKept() throws {
        let pie = try read("apps/icloud-cookbook/6F1C2E7A-3B4D-4C5E-9F60-718293A4B5C6.json")[0]
        #expect(pie.title == "Grandma's Apple Pie")
        #expect(pie.dates.created == DateReader.fromString("2024-03-14T12:00:00Z"))
        #expect(pie.dates.cooked.count == 2)
        #expect(pie.images.first?.mediaType == "image/png")
        #expect(pie.images.first?.embeddedData?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        #expect(pie.times.prep?.minutes == 30)
        #expect(pie.rating?.value == 5)
        #expect(pie.steps.count == 3)

        let dal = try read("apps/icloud-cookbook/0A9B8C7D-6E5F-4A3B-8C2D-1E0F9A8B7C6D.json")[0]
        #expect(dal.rating == nil)  // 0 means "not rated"
        #expect(dal.provenance.sourceURL == nil)  // "" means none
        #expect(dal.steps.map(\.text) == ["Rinse lentils.", "Simmer everything 20–25 minutes until soft."])
    }

    @Test func mealPlannerFavoritesAndPlannedDays() throws {
        let favorites = try read("apps/meal-planner/favorites.json")
        #expect(favorites.map(\.title) == ["Teriyaki Chicken Casserole", "Apam balik"])
        #expect(favorites[1].ingredients.last?.line == "1 tsp Sugar")  // trailing space in the measure
        #expect(favorites[0].times.cook?.minutes == 45)
        #expect(favorites[0].nutrition["calories"] == "410")
        #expect(favorites[0].extras["estimatedCost"] == .number(9.5))
        let planned = try read("apps/meal-planner/planner-days.json")
        #expect(planned.count >= 3)  // meals repeat across days; dedupe is the pipeline's job
    }

    @Test func groceryItemsAreNotRecipes() throws {
        let mapped = RecipeJSON.read(try Fixtures.data("apps/meal-planner/grocery-items.json"), context: MappingContext(input: "grocery-items.json"))
        #expect(mapped.count == 1)
        guard case .failure(.noRecipe) = mapped[0].result else { Issue.record("grocery items must not become recipes"); return }
    }

    @Test func localSearchAppRecipes() throws {
        let recipes = try read("apps/recipe-search-local/recipes.json")
        #expect(recipes.count == 2)
        #expect(recipes[0].diets == ["vegetarian", "vegan", "gluten-free"])
        #expect(recipes[0].yield?.servings == Amount(4))
        #expect(recipes[1].times.cook?.minutes == 120)
        #expect(recipes[0].extras["imageName"] == .string("chickpea_salad"))
    }

    @Test func mockAPIWrapperAndStructuredIngredients() throws {
        let recipes = try read("apps/recipe-search-mock-api/search-response.json")
        #expect(recipes.map(\.title) == ["Miso Glazed Salmon", "Shakshuka"])
        let salmon = recipes[0]
        #expect(salmon.ingredients[1].line == "2 tbsp white miso")
        #expect(salmon.ingredients[1].quantity == Amount(2) && salmon.ingredients[1].unit == "tbsp")
        #expect(salmon.ingredients[3].line == "sesame seeds, to garnish")
        #expect(salmon.ingredients[3].quantity == nil && salmon.ingredients[3].note == "to garnish")
        #expect(salmon.diets == ["pescatarian", "dairy-free"])
        #expect(salmon.steps.count == 2)
    }

    @Test func dessertFavoritesOfflineShape() throws {
        let favorites = try read("apps/dessert-favorites/offline-favorites.json")
        #expect(favorites[0].id == "mealdb-52768")
        #expect(favorites[0].ingredients.first?.line == "175g/6oz digestive biscuits")
        #expect(favorites[0].dates.created != nil)
        let detail = try read("apps/dessert-favorites/meal-detail-52768.json")
        #expect(detail[0].id == "mealdb-52768")
    }

    @Test func tolerantMapperReadsOddKeysAndKeepsTheRest() throws {
        let soup = try read("json/tolerant-odd-keys.json")[0]
        #expect(soup.title == "Tomato Soup")
        #expect(soup.description == "Smooth & simple.")
        #expect(soup.yield?.servings == Amount(4))
        #expect(soup.times.prep?.minutes == 10 && soup.times.cook?.minutes == 25)
        #expect(soup.steps.map(\.text) == ["Soften the onion in the oil.", "Add tomatoes, simmer 20 minutes.", "Blend and season."])
        #expect(soup.tags == ["soup", "vegan", "quick"])
        #expect(soup.categories == ["Starter"])
        #expect(soup.extras["spiciness"] == .number(0))
        #expect(soup.extras["servingTemperature"] == .string("hot"))
    }
}

import Foundation
import LarderCore
import LarderHTML
import Testing

/// Pages as sites really write them: JSON-LD that is not quite JSON, lists inside lists, and
/// recipes with no structured data whose containers only their class names tell.
struct MessyPageTests {
    func scrape(_ html: String) throws -> Recipe {
        try RecipeScraper.scrape(html: Data(html.utf8), url: URL(string: "https://example.com/recipe"))
    }

    @Test func jsonLDWithForeignEscapesCommentWrappersAndNestedListsIsRead() throws {
        let page = """
        <html><head><script type="application/ld+json">
        // <![CDATA[
        {"@context":"https://schema.org","@type":"Recipe","name":"Rice",
         "description":"Ideal when you don\\'t have time.",
         "recipeIngredient":[["1 cup rice","2 cups water"]],
         "recipeInstructions":[["Rinse the rice.","Simmer 18 minutes."]]}
        // ]]>
        </script></head><body></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.title == "Rice")
        #expect(recipe.description == "Ideal when you don't have time.")
        #expect(recipe.ingredients.map(\.line) == ["1 cup rice", "2 cups water"])
        #expect(recipe.steps.map(\.text) == ["Rinse the rice.", "Simmer 18 minutes."])
    }

    @Test func containersNamedByClassGiveTheRecipeAndMenusDoNot() throws {
        let page = """
        <html><head><title>Eggs in avocado</title></head><body>
        <div class="menu-item menu-item-object-ingredient"><a>Eggs</a></div>
        <div class="menu-item menu-item-object-ingredient"><a>Avocado</a></div>
        <h1>Eggs in avocado</h1>
        <div class="ingredients__container">
          <div class="ingredients__item"><input type="checkbox"><label><span>2 </span><p>ripe avocados</p></label></div>
          <div class="ingredients__item"><input type="checkbox"><label><span>4 </span><p>large eggs</p></label></div>
          <div class="ingredients__item"><input type="checkbox"><label><p>salt</p></label></div>
        </div>
        <div class="recipe-steps"><ol><li>Halve the avocados.</li><li>Crack an egg into each half and bake 15 minutes.</li></ol></div>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.title == "Eggs in avocado")
        #expect(recipe.ingredients.map(\.line) == ["2 ripe avocados", "4 large eggs", "salt"])
        #expect(recipe.steps.map(\.text) == ["Halve the avocados.", "Crack an egg into each half and bake 15 minutes."])
    }
}

extension MessyPageTests {
    @Test func factsWrittenAsTextAreFoundInTheirLanguageAndOnePerLine() throws {
        let steps = "<ol class=\"method\"><li>Chop.</li><li>Cook.</li></ol>"
        let ingredients = "<h2>Ingredients</h2><ul><li>1 onion</li><li>2 tins tomatoes</li></ul>"
        let swedish = try scrape("<html><body><h1>Soppa</h1><div><i class=\"icon\"></i> 4 portioner </div>\(ingredients)\(steps)</body></html>")
        #expect(swedish.yield?.quantity == Amount(4))
        #expect(swedish.yield?.unit == "servings")
        let polish = try scrape("<html><body><h1>Zupa</h1><span>2 - 4 porcje</span>\(ingredients)\(steps)</body></html>")
        #expect(polish.yield?.quantity == Amount(2, upper: 4))
        let english = try scrape("<html><body><h1>Chilli</h1><p>Prep: 10 mins<br/>Cook: 25 mins<br/>Serves 4</p>\(ingredients)\(steps)</body></html>")
        #expect(english.yield?.quantity == Amount(4))
        #expect(english.times.prep?.minutes == 10)
        #expect(english.times.cook?.minutes == 25)
        // A number before any other word is not a yield.
        let prices = try scrape("<html><body><h1>Stew</h1><span>4 euros</span>\(ingredients)\(steps)</body></html>")
        #expect(prices.yield == nil)
    }
}

extension MessyPageTests {
    static let flatRecipe = """
    <script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Layer cake",
    "recipeIngredient":["2 cups flour","1 cup sugar","3 eggs","1 cup cream","2 tbsp cocoa"],
    "recipeInstructions":["Bake the cake.","Whip the cream."]}</script>
    """

    @Test func groupsTheStructuredLinesTheWayThePageHeadsThem() throws {
        let page = """
        <html><head>\(Self.flatRecipe)</head><body>
        <p>You need <b>2 cups flour</b> for this.</p>
        <div class="card"><h3>Ingredients</h3>
          <h4>For the cake</h4><ul><li><strong>2 cups</strong> flour</li><li>1 cup sugar</li><li>3 eggs</li></ul>
          <p><b>For the frosting:</b></p><ul><li>1 cup cream</li><li>2 tbsp cocoa</li></ul>
          <h4>Equipment</h4><ul><li>Two 8-inch pans</li></ul>
        </div></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredientGroups.map(\.name) == ["For the cake", "For the frosting:"])
        #expect(recipe.ingredientGroups.map { $0.ingredients.map(\.line) } == [["2 cups flour", "1 cup sugar", "3 eggs"], ["1 cup cream", "2 tbsp cocoa"]])
    }

    @Test func aPageWithoutHeadingsLeavesTheLinesInOneGroup() throws {
        let page = """
        <html><head>\(Self.flatRecipe)</head><body><ul>
          <li>2 cups flour</li><li>1 cup sugar</li><li>3 eggs</li><li><span>cups</span></li><li>1 cup cream</li><li>2 tbsp cocoa</li>
        </ul></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredientGroups.count == 1)
        #expect(recipe.ingredientGroups.first?.name == nil)
    }

    @Test func aGroupsFirstLineThePageWritesDifferentlyStaysInThatGroup() throws {
        // "1 cup cream" opens the second group; the page adds a note to it, so it is not found
        // as written. The items on either side are, so it is the item between them.
        let page = """
        <html><head>\(Self.flatRecipe)</head><body>
        <div class="card"><h3>Ingredients</h3>
          <h4>Sponge</h4><ul><li>2 cups flour</li><li>1 cup sugar</li><li>3 eggs</li></ul>
          <h4>Frosting</h4><ul><li>1 cup cream – whipping cream or double cream, as cold as you can get it</li><li>2 tbsp cocoa</li></ul>
        </div></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredientGroups.map(\.name) == ["Sponge", "Frosting"])
        #expect(recipe.ingredientGroups.map { $0.ingredients.map(\.line) } == [["2 cups flour", "1 cup sugar", "3 eggs"], ["1 cup cream", "2 tbsp cocoa"]])
    }
}

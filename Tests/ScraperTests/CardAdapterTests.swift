import Foundation
import LarderCore
@testable import LarderHTML
import Testing

/// Each recipe-card plugin's markup, as the plugin writes it, read by its adapter: the card's
/// title, its ingredient groups and its steps, on a page with no structured data.
struct CardAdapterTests {
    struct Card: Sendable, CustomTestStringConvertible {
        var adapter: String
        var html: String
        var testDescription: String { adapter }
    }

    static let cards: [Card] = [
        Card(adapter: "WP Recipe Maker", html: """
        <div class="wprm-recipe"><h2 class="wprm-recipe-name">Lemon cake</h2>
        <div class="wprm-recipe-ingredients-container">
        <div class="wprm-recipe-ingredient-group"><h3 class="wprm-recipe-group-name">Cake</h3><ul>
        <li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">200</span> <span>g flour</span></li>
        <li class="wprm-recipe-ingredient">2 eggs</li></ul></div>
        <div class="wprm-recipe-ingredient-group"><h3 class="wprm-recipe-group-name">Glaze</h3><ul>
        <li class="wprm-recipe-ingredient">100 g icing sugar</li></ul></div></div>
        <div class="wprm-recipe-instructions-container"><ul><li><div class="wprm-recipe-instruction-text">Mix and bake.</div></li>
        <li><div class="wprm-recipe-instruction-text">Glaze when cool.</div></li></ul></div></div>
        """),
        Card(adapter: "Tasty Recipes", html: """
        <div class="tasty-recipes"><h2 class="tasty-recipes-title">Lemon cake</h2>
        <div class="tasty-recipes-ingredients"><h4>Cake</h4><ul><li>200 g flour</li><li>2 eggs</li></ul>
        <h4>Glaze</h4><ul><li>100 g icing sugar</li></ul></div>
        <div class="tasty-recipes-instructions"><ol><li>Mix and bake.</li><li>Glaze when cool.</li></ol></div></div>
        """),
        Card(adapter: "Mediavine Create", html: """
        <div class="mv-create-card"><h2 class="mv-create-title">Lemon cake</h2>
        <div class="mv-create-ingredients"><h4>Cake</h4><ul><li>200 g flour</li><li>2 eggs</li></ul>
        <h4>Glaze</h4><ul><li>100 g icing sugar</li></ul></div>
        <div class="mv-create-instructions"><ol><li>Mix and bake.</li><li>Glaze when cool.</li></ol></div></div>
        """),
        Card(adapter: "WPZOOM Recipe Card", html: """
        <div class="wp-block-wpzoom-recipe-card-block-recipe-card"><h2 class="recipe-card-title">Lemon cake</h2>
        <div class="ingredients-list"><p class="group-name">Cake</p><ul><li class="ingredient-item">200 g flour</li><li class="ingredient-item">2 eggs</li></ul>
        <p class="group-name">Glaze</p><ul><li class="ingredient-item">100 g icing sugar</li></ul></div>
        <div class="directions-list"><ul><li class="direction-step">Mix and bake.</li><li class="direction-step">Glaze when cool.</li></ul></div></div>
        """),
        Card(adapter: "Cooked", html: """
        <div class="cooked-recipe"><h2 class="cooked-recipe-name">Lemon cake</h2>
        <div class="cooked-recipe-ingredients"><div class="cooked-heading">Cake</div><div class="cooked-ingredient">200 g flour</div>
        <div class="cooked-ingredient">2 eggs</div><div class="cooked-heading">Glaze</div><div class="cooked-ingredient">100 g icing sugar</div></div>
        <div class="cooked-recipe-directions"><div class="cooked-direction">Mix and bake.</div><div class="cooked-direction">Glaze when cool.</div></div></div>
        """),
        Card(adapter: "Delicious Recipes", html: """
        <div class="dr-recipe"><h2 class="dr-title">Lemon cake</h2>
        <div class="dr-ingredients-list"><h4 class="dr-list-title">Cake</h4><ul><li>200 g flour</li><li>2 eggs</li></ul>
        <h4 class="dr-list-title">Glaze</h4><ul><li>100 g icing sugar</li></ul></div>
        <div class="dr-instructions"><ol><li>Mix and bake.</li><li>Glaze when cool.</li></ol></div></div>
        """),
        Card(adapter: "ZipList", html: """
        <div id="zlrecipe-container"><h2 id="zlrecipe-title">Lemon cake</h2>
        <ul id="zlrecipe-ingredients-list"><div id="zlrecipe-ingredient-0" class="ingredient-label">Cake</div>
        <li id="zlrecipe-ingredient-1" class="ingredient">200 g flour</li><li id="zlrecipe-ingredient-2" class="ingredient">2 eggs</li>
        <div id="zlrecipe-ingredient-3" class="ingredient-label">Glaze</div><li id="zlrecipe-ingredient-4" class="ingredient">100 g icing sugar</li></ul>
        <ol id="zlrecipe-instructions-list"><li>Mix and bake.</li><li>Glaze when cool.</li></ol></div>
        """),
        Card(adapter: "EasyRecipe", html: """
        <div class="easyrecipe"><h2 class="ERSName">Lemon cake</h2>
        <div class="ERSIngredients"><div class="ERSSeparator">Cake</div><ul><li class="ingredient">200 g flour</li><li class="ingredient">2 eggs</li></ul>
        <div class="ERSSeparator">Glaze</div><ul><li class="ingredient">100 g icing sugar</li></ul></div>
        <div class="ERSInstructions"><ol><li class="instruction">Mix and bake.</li><li class="instruction">Glaze when cool.</li></ol></div></div>
        """),
    ]

    @Test(arguments: cards)
    func thePluginsCardIsRead(_ card: Card) throws {
        let page = "<html><head><title>Cakes and more | A Blog</title></head><body><h1>Cakes and more</h1>\(card.html)</body></html>"
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://example.com/lemon-cake"))
        #expect(recipe.title == "Lemon cake")
        #expect(recipe.ingredientGroups.map(\.name) == ["Cake", "Glaze"])
        #expect(recipe.ingredients.map(\.line) == ["200 g flour", "2 eggs", "100 g icing sugar"])
        #expect(recipe.steps.map(\.text) == ["Mix and bake.", "Glaze when cool."])
    }

    @Test func everyPluginHasACase() {
        let tested = Set(Self.cards.map(\.adapter))
        for adapter in CardAdapters.all where adapter.name != CardAdapters.plainClassNames.name {
            #expect(tested.contains(adapter.name), "no test reads a card of \(adapter.name)")
        }
    }

    @Test func aCardGroupsTheLinesOfStructuredDataThatListsThemFlat() throws {
        let page = """
        <html><head><script type="application/ld+json">
        {"@context":"https://schema.org","@type":"Recipe","name":"Lemon cake",
         "recipeIngredient":["200 g flour","2 eggs","100 g icing sugar"],"recipeInstructions":["Mix and bake.","Glaze when cool."]}
        </script></head><body>\(Self.cards[1].html)</body></html>
        """
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://example.com/lemon-cake"))
        #expect(recipe.ingredientGroups.map(\.name) == ["Cake", "Glaze"])
        #expect(recipe.ingredientGroups.map(\.ingredients.count) == [2, 1])
    }

    @Test func aCardThatSpellsOutTheOneStructuredLineReplacesIt() throws {
        // The structured data names only the dish's main ingredient; the card lists them all.
        let page = """
        <html><head><script type="application/ld+json">
        {"@context":"https://schema.org","@type":"Recipe","name":"Roast chicken","recipeIngredient":["Chicken"],"recipeInstructions":["Roast."]}
        </script></head><body><div class="tasty-recipes-ingredients"><ul><li>1 whole chicken</li><li>2 lemons</li><li>1 tbsp salt</li></ul></div></body></html>
        """
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://example.com/chicken"))
        #expect(recipe.ingredients.map(\.line) == ["1 whole chicken", "2 lemons", "1 tbsp salt"])
    }
}

import Foundation
import LarderCore
import LarderHTML
import Testing

/// Where a recipe's ingredient lines come from when its structured data holds them in an
/// unusual place, or holds something else in their place.
struct StructuredLinesTests {
    func scrape(_ html: String) throws -> Recipe {
        try RecipeScraper.scrape(html: Data(html.utf8), url: URL(string: "https://example.com/recipe"))
    }

    /// schema.org's `mainEntity`: a WebPage node that says the page is about a recipe holds
    /// the Recipe inside it, not beside it in a `@graph`. A second block with the same `@id`
    /// and only the rating (pages often add one) is no recipe of its own.
    @Test func aRecipeGivenAsThePagesMainEntityIsRead() throws {
        let recipe = try scrape("""
            <html><head><script type="application/ld+json">
            {"@context":"https://schema.org","@type":"WebPage","name":"Winter gnocchi","url":"https://example.com/recipe",
             "mainEntity":{"@type":"Recipe","@id":"https://example.com/recipe","name":"Winter gnocchi","recipeYield":"4",
               "recipeIngredient":["800 g gnocchi","2 red onions","1 leek","Salt"],
               "recipeInstructions":[{"@type":"HowToStep","text":"Fry the gnocchi."}]}}
            </script><script type="application/ld+json">
            {"@context":"https://schema.org","@type":"Recipe","@id":"https://example.com/recipe",
             "aggregateRating":{"@type":"AggregateRating","ratingValue":4.7,"ratingCount":43}}
            </script></head><body><h1>Winter gnocchi</h1><p>Shop the offers: <b>2</b> onions.</p></body></html>
            """)
        #expect(recipe.ingredients.map(\.line) == ["800 g gnocchi", "2 red onions", "1 leek", "Salt"])
        #expect(recipe.steps.map(\.text) == ["Fry the gnocchi."])
        #expect(recipe.yield?.quantity?.value == 4)
    }
}

import Foundation
import LarderCore
import LarderHTML
import Testing

/// A page's lists are read whole or not at all: a page of 200,000 ingredient list items kept
/// 121 of them, silently, as if that were the recipe. Under Larder's limits every line is kept;
/// over one the page fails, naming the limit.
struct LongListPageTests {
    /// A plain page (no recipe markup): `lines` list items under "Ingredients", two steps.
    func plainPage(lines: Int, steps: Int = 2) -> Data {
        let items = (1...lines).map { "<li>\($0) g flour number \($0)</li>" }.joined(separator: "\n")
        let method = (1...steps).map { "<li>Stir the bowl for \($0) minutes.</li>" }.joined(separator: "\n")
        return Data("""
        <html><head><title>Long bread</title></head><body><h1>Long bread</h1>
        <h2>Ingredients</h2><ul>\(items)</ul><h2>Instructions</h2><ol>\(method)</ol></body></html>
        """.utf8)
    }

    func jsonLDPage(lines: Int) throws -> Data {
        let object: [String: Any] = ["@context": "https://schema.org", "@type": "Recipe", "name": "Long bread",
                                     "recipeIngredient": (1...lines).map { "\($0) g flour" }, "recipeInstructions": ["Mix."]]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        return Data("<html><head><script type=\"application/ld+json\">\(json)</script></head><body><h1>Long bread</h1></body></html>".utf8)
    }

    func limits(lines: Int, steps: Int = 5_000) -> InputLimits {
        var limits = InputLimits()
        limits.maxIngredientLines = lines
        limits.maxSteps = steps
        return limits
    }

    @Test func aLongListUnderAnIngredientsHeadingIsKeptWhole() throws {
        let recipe = try RecipeScraper.scrape(html: plainPage(lines: 300, steps: 150), url: nil)
        #expect(recipe.ingredients.count == 300)
        #expect(recipe.ingredients.last?.line == "300 g flour number 300")
        #expect(recipe.steps.count == 150)
    }

    @Test func aListOverTheLimitFailsThePageNamingTheLimit() throws {
        #expect(throws: InputLimits.Exceeded("ingredient lines", limit: 200, per: "recipe")) {
            try RecipeScraper.scrape(html: plainPage(lines: 201), url: nil, limits: limits(lines: 200))
        }
        #expect(try RecipeScraper.scrape(html: plainPage(lines: 200), url: nil, limits: limits(lines: 200)).ingredients.count == 200)
        #expect(throws: InputLimits.Exceeded("steps", limit: 130, per: "recipe")) {
            try RecipeScraper.scrape(html: plainPage(lines: 3, steps: 131), url: nil, limits: limits(lines: 200, steps: 130))
        }
    }

    /// The JSON-LD list over the limit was dropped as if the page had no recipe data, and the
    /// page failed with "no recipe found" (or, with a card beside it, gave the card's lines).
    @Test func aJSONLDListOverTheLimitFailsThePageWithThatReason() throws {
        let page = try jsonLDPage(lines: 251)
        #expect(throws: InputLimits.Exceeded("ingredient lines", found: 251, limit: 250, per: "recipe")) {
            try RecipeScraper.scrape(html: page, url: nil, limits: limits(lines: 250))
        }
        // A card beside it that the reader would take instead is not taken.
        let withCard = Data(String(decoding: page, as: UTF8.self).replacingOccurrences(
            of: "<h1>Long bread</h1>", with: "<h1>Long bread</h1><h2>Ingredients</h2><ul><li>1 egg</li><li>2 g salt</li></ul>").utf8)
        #expect(throws: InputLimits.Exceeded("ingredient lines", found: 251, limit: 250, per: "recipe")) {
            try RecipeScraper.scrape(html: withCard, url: nil, limits: limits(lines: 250))
        }
    }
}

import Foundation
import LarderCore
import LarderHTML
import Testing

/// Lines written straight into a container, broken by `<br>` with no paragraph around them —
/// the shape of the pages of the new-user trial that gave "no recipe found": Blogger's
/// `<b>Ingredients</b><br>• …<br>` and an `<h2>` title followed by bare text.
struct TextRunPageTests {
    func scrape(_ html: String) throws -> Recipe {
        try RecipeScraper.scrape(html: Data(html.utf8), url: URL(string: "https://example.com/recipe"))
    }

    @Test func bulletsBrokenByBrUnderABoldTitleInOneContainer() throws {
        let recipe = try scrape("""
            <html><head><title>Banana Bread</title></head><body><div class="post"><h3 class="post-title">Banana Bread</h3>
            <div class="post-body entry-content">Moist and easy bread from ripe bananas.<br><br>
            <b>Ingredients</b><br>• 3 ripe bananas<br>• 1/3 cup <a href="/butter">melted butter</a><br>• 3/4 cup sugar<br>• 1 egg<br>
            • 1 1/2 cups flour<br><br><b>Method</b><br>1. Preheat the oven to 350°F.<br>2. Mash the bananas and stir in the butter.<br>
            3. Bake for 60 minutes.</div></div></body></html>
            """)
        #expect(recipe.ingredients.map(\.line) == ["3 ripe bananas", "1/3 cup melted butter", "3/4 cup sugar", "1 egg", "1 1/2 cups flour"])
        #expect(recipe.steps.map(\.text).joined(separator: " ").contains("Bake for 60 minutes."))
        #expect(!recipe.steps.map(\.text).joined().contains("bananas<"))
    }

    @Test func bareLinesAfterAHeading() throws {
        let recipe = try scrape("""
            <html><head><title>Kartoffelsalat</title></head><body><main><h1>Kartoffelsalat</h1>
            <h2>Zutaten</h2>1 kg festkochende Kartoffeln<br>1 Zwiebel<br>250 ml Gemüsebrühe<br>3 EL Essig<br>
            <h2>Zubereitung</h2>Die Kartoffeln kochen, pellen und in Scheiben schneiden. Mit der Brühe übergießen.
            </main></body></html>
            """)
        #expect(recipe.ingredients.map(\.line) == ["1 kg festkochende Kartoffeln", "1 Zwiebel", "250 ml Gemüsebrühe", "3 EL Essig"])
        #expect(recipe.steps.map(\.text) == ["Die Kartoffeln kochen, pellen und in Scheiben schneiden. Mit der Brühe übergießen."])
    }

    /// A paragraph that opens with the method's title on a line of its own ends the
    /// ingredients: its lines are the method, not ingredients.
    @Test func aParagraphOpenedByTheMethodsTitleEndsTheIngredients() throws {
        let recipe = try scrape("""
            <html><head><title>Banana Bread</title></head><body><h1>Banana Bread</h1>
            <p><span style="font-weight:bold">Ingredients:</span><br>• 3 ripe bananas<br>• 1 egg<br>• 1 1/2 cups flour</p>
            <p><span style="font-weight:bold">Directions:</span><br>Preheat the oven to 350°F. Mash the bananas. Bake for 60 minutes.</p>
            </body></html>
            """)
        #expect(recipe.ingredients.map(\.line) == ["3 ripe bananas", "1 egg", "1 1/2 cups flour"])
    }
}

import Foundation
import LarderCore
import LarderHTML
import Testing

/// Structured data lists a recipe's lines flat; the page shows them under titles. The groups
/// are read off the page, however the page sets the list out.
struct InferredGroupTests {
    func scrape(lines: [String], body: String) throws -> Recipe {
        let quoted = lines.map { "\"\($0)\"" }.joined(separator: ",")
        let page = """
            <html><head><script type="application/ld+json">
            {"@context":"https://schema.org","@type":"Recipe","name":"Apple cake","recipeIngredient":[\(quoted)],
             "recipeInstructions":["Make the cake.","Ice it."]}
            </script></head><body><h1>Apple cake</h1>\(body)</body></html>
            """
        return try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://example.com/apple-cake"))
    }

    /// "Cake" and "Drizzle" are also units ("1 cake of yeast", "a drizzle of oil"): a unit
    /// that does not convert names a part of the dish. Units one measures in ("Cups") stay no
    /// title.
    @Test func aTitleNamedLikeAUnitThatDoesNotConvertNamesItsGroup() throws {
        let recipe = try scrape(lines: ["200 g flour", "2 eggs", "100 g icing sugar", "1 tbsp lemon juice"], body: """
            <div><h4>Cake</h4><ul><li>200 g flour</li><li>2 eggs</li></ul>
            <h4>Drizzle</h4><ul><li>100 g icing sugar</li><li>1 tbsp lemon juice</li></ul></div>
            """)
        #expect(recipe.ingredientGroups.map(\.name) == ["Cake", "Drizzle"])
        #expect(recipe.ingredientGroups.map(\.ingredients.count) == [2, 2])
    }

    /// The list shown again beside each step, without titles, after the list with them: the
    /// titles of the first copy still group the lines.
    @Test func titlesOfAnEarlierCopyOfTheListGroupTheLines() throws {
        let recipe = try scrape(lines: ["200 g flour", "2 eggs", "3 apples", "2 tbsp sugar"], body: """
            <div><h4>Dough</h4><ul><li>200 g flour</li><li>2 eggs</li></ul>
            <h4>Filling</h4><ul><li>3 apples</li><li>2 tbsp sugar</li></ul></div>
            <h2>Method</h2><ol>
            <li><p>Mix the dough.</p><ul><li>200 g flour</li><li>2 eggs</li></ul></li>
            <li><p>Slice the apples and toss them with the sugar.</p><ul><li>3 apples</li><li>2 tbsp sugar</li></ul></li></ol>
            """)
        #expect(recipe.ingredientGroups.map(\.name) == ["Dough", "Filling"])
        #expect(recipe.ingredientGroups.map(\.ingredients.count) == [2, 2])
    }

    /// Lines set as paragraphs, not list items, under titles of their own.
    @Test func linesSetAsParagraphsAreGroupedByTheTitlesBetweenThem() throws {
        let recipe = try scrape(lines: ["2 cups flour", "1 tbsp baking powder", "1 lb strawberries", "1/4 cup sugar"], body: """
            <div class="recipe-box"><span class="ingredient-heading">Shortcakes</span>
            <span class="lines"><p>2 cups flour</p><p>1 tbsp baking powder</p></span>
            <span class="ingredient-heading">Strawberry filling</span>
            <span class="lines"><p>1 lb strawberries</p><p>1/4 cup sugar</p></span></div>
            <ul><li>Home</li><li>Recipes</li><li>About</li><li>Contact</li></ul>
            """)
        #expect(recipe.ingredientGroups.map(\.name) == ["Shortcakes", "Strawberry filling"])
        #expect(recipe.ingredientGroups.map(\.ingredients.count) == [2, 2])
    }

    /// Titles written among the structured lines, which the page shows as list items all in
    /// bold (`<li><strong>Pico de gallo</strong></li>`): they title the lines after them.
    @Test func aListItemAllInBoldAmongTheLinesTitlesTheLinesAfterIt() throws {
        let recipe = try scrape(lines: ["Pulled pork", "2 lb pork shoulder", "1 tbsp salt", "Pico de gallo", "2 pears, diced", "1 onion, chopped"], body: """
            <ul><li><strong>Pulled pork</strong></li><li>2 lb pork shoulder</li><li>1 tbsp salt</li>
            <li><strong>Pico de gallo</strong></li><li>2 pears, diced</li><li>1 onion, chopped</li></ul>
            """)
        #expect(recipe.ingredientGroups.map(\.name) == ["Pulled pork", "Pico de gallo"])
        #expect(recipe.ingredients.map(\.line) == ["2 lb pork shoulder", "1 tbsp salt", "2 pears, diced", "1 onion, chopped"])
    }

    /// A title that opens with the section's word and names a part ("Zutaten für die
    /// Brötchen:", "Ingredients for the glaze") titles a group; one that names the whole list
    /// ("Die Zutaten") does not.
    @Test func aTitleOpeningWithTheSectionsWordThatNamesAPartTitlesAGroup() throws {
        let recipe = try scrape(lines: ["180 g Mehl", "1 Päckchen Hefe", "240 g Bohnen", "1 Möhre"], body: """
            <h2>Die Zutaten</h2>
            <h2>Zutaten für die Brötchen:</h2><ul class="ingredients"><li>180 g Mehl</li><li>1 Päckchen Hefe</li></ul>
            <p>Den Teig kneten.</p>
            <h2>Zutaten für die Bratlinge:</h2><ul class="ingredients"><li>240 g Bohnen</li><li>1 Möhre</li></ul>
            """)
        #expect(recipe.ingredientGroups.map(\.name) == ["Zutaten für die Brötchen:", "Zutaten für die Bratlinge:"])
        #expect(recipe.ingredientGroups.map(\.ingredients.count) == [2, 2])
    }
}

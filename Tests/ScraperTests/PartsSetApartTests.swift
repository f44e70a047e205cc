import Foundation
import LarderCore
import LarderHTML
import Testing

/// Pages built by component frameworks set the parts of a line apart: an ingredient's amount in
/// an element of its own beside its words, a step's label as a heading above its text, and the
/// structured data in a `<meta>` element that the framework's metadata API writes.
struct PartsSetApartTests {
    func scrape(_ html: String) throws -> Recipe {
        try RecipeScraper.scrape(html: Data(html.utf8), url: URL(string: "https://example.com/recipes/lentil-soup"))
    }

    /// The list as such sites show it: each item a wrapper named for ingredients holding the
    /// amount and the rest as two blocks; each step a block with its "Step N" heading.
    static let body = """
        <h1>Lentil soup</h1>
        <div class="Body_ingredients"><span class="Heading_title">Ingredients</span>
        <ul class="List_list">
          <li class="List_item"><div class="Body_ingredientItem"><div class="Body_ingredientItem__amount">1</div><div class="Body_ingredientItem__text"><p>cup red lentils</p></div></div></li>
          <li class="List_item"><div class="Body_ingredientItem"><div class="Body_ingredientItem__amount">¼</div><div class="Body_ingredientItem__text"><p>cup olive oil</p></div></div></li>
          <li class="List_item"><div class="Body_ingredientItem"><div class="Body_ingredientItem__amount">2</div><div class="Body_ingredientItem__text"><p>carrots, diced</p></div></div></li>
          <li class="List_item"><div class="Body_ingredientItem"><div class="Body_ingredientItem__amount">1</div><div class="Body_ingredientItem__text"><p>onion, chopped</p></div></div></li>
          <li class="List_item"><div class="Body_ingredientItem"><div class="Body_ingredientItem__amount"></div><div class="Body_ingredientItem__text"><p>Salt and pepper</p></div></div></li>
        </ul></div>
        <div class="Body_instructions">
          <div class="Body_instruction"><h3 class="Body_instructionTitle">Step <!-- -->1</h3><div><p><strong>In a pot,</strong> warm the oil and soften the carrots for 5 minutes.</p></div></div>
          <div class="Body_instruction"><h3 class="Body_instructionTitle">Step <!-- -->2</h3><div><p>Add the lentils and 4 cups water; simmer until soft, about 20 minutes.</p></div></div>
        </div>
        """

    @Test func withoutStructuredDataEveryLineKeepsItsAmountAndNoStepStartsWithItsLabel() throws {
        let recipe = try scrape("<html><head><title>Lentil soup</title></head><body>\(Self.body)</body></html>")
        #expect(recipe.ingredients.map(\.line) == ["1 cup red lentils", "¼ cup olive oil", "2 carrots, diced", "1 onion, chopped", "Salt and pepper"])
        #expect(recipe.steps.map(\.text) == [
            "In a pot, warm the oil and soften the carrots for 5 minutes.",
            "Add the lentils and 4 cups water; simmer until soft, about 20 minutes.",
        ])
    }

    @Test func structuredDataInAMetaElementIsRead() throws {
        let jsonLD = """
            {"@context":"https://schema.org","@type":"Recipe","name":"Lentil soup","recipeYield":"4 servings",
             "recipeIngredient":["1 cup red lentils","1/4 cup olive oil","2 carrots, diced","1 onion, chopped","Salt and pepper"],
             "recipeInstructions":[{"@type":"HowToStep","name":"Step 1","text":"Warm the oil and soften the carrots."},
                                   {"@type":"HowToStep","name":"Step 2","text":"Add the lentils and simmer."}]}
            """
        let escaped = jsonLD.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        let page = """
            <html><head><title>Lentil soup | A Kitchen</title><meta name="application/ld+json" content="\(escaped)"/></head>
            <body>\(Self.body)</body></html>
            """
        let recipe = try scrape(page)
        #expect(recipe.yield?.text == "4 servings")
        #expect(recipe.steps.map(\.text) == ["Warm the oil and soften the carrots.", "Add the lentils and simmer."])
        // The page shows "¼" where the structured data says "1/4": the words of that line,
        // set apart from its amount, do not title a group.
        #expect(recipe.ingredientGroups.count == 1)
        #expect(recipe.ingredientGroups.first?.name == nil)
        #expect(recipe.ingredients.map(\.line) == ["1 cup red lentils", "1/4 cup olive oil", "2 carrots, diced", "1 onion, chopped", "Salt and pepper"])
    }

    /// Group titles inside list items stay titles: one above a nested list, and one that is all
    /// of its item.
    @Test func titlesInsideListItemsStillNameGroups() throws {
        let jsonLD = """
            {"@type":"Recipe","name":"Tart","recipeIngredient":["200 g flour","100 g butter","3 apples","2 tbsp sugar"],
             "recipeInstructions":"Make the pastry. Fill it with the apples."}
            """
        let page = """
            <html><head><script type="application/ld+json">\(jsonLD)</script></head><body>
            <ul class="groups">
              <li><h4>Pastry</h4><ul><li>200 g flour</li><li>100 g butter</li></ul></li>
              <li><h4>Filling</h4><ul><li>3 apples</li><li>2 tbsp sugar</li></ul></li>
            </ul></body></html>
            """
        let recipe = try scrape(page)
        #expect(recipe.ingredientGroups.map(\.name) == ["Pastry", "Filling"])
    }
}

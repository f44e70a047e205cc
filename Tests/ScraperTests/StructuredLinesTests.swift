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

    /// Titles the site wrote among its lines, each shown in bold over a line break: the page
    /// shows them all as titles, whether or not their word names a part of a dish (`Sauce` is
    /// one a word list knows, `Meatballs` is not).
    @Test func everyTitleThePageShowsInBoldTitlesItsLines() throws {
        let recipe = try scrape("""
            <html><head><script type="application/ld+json">
            {"@context":"https://schema.org","@type":"Recipe","name":"Lamb kofta curry",
             "recipeIngredient":["Meatballs","400 grams lamb mince","2 teaspoons ground cumin","1 large egg",
               "Sauce","2 tablespoons olive oil","1 large onion, thinly sliced","400-gram tin crushed tomatoes"],
             "recipeInstructions":"Roll into 16 meatballs. Simmer in the sauce."}
            </script></head><body><h1>Lamb kofta curry</h1>
            <div class="ingredients"><h2>INGREDIENTS</h2><p><strong>Meatballs&nbsp;</strong><br> 400 grams lamb mince<br>
            2 teaspoons ground cumin<br> 1 large egg<br><strong>Sauce</strong><br> 2 tablespoons olive oil<br>
            1 large onion, thinly sliced&nbsp;<br> 400-gram tin crushed tomatoes</p></div></body></html>
            """)
        #expect(recipe.ingredientGroups.map(\.name) == ["Meatballs", "Sauce"])
        #expect(recipe.ingredientGroups.map(\.ingredients.count) == [3, 3])
    }

    /// A page that lists its ingredients in two lists under titles of their own, what the box
    /// brings and what the kitchen has, with structured data that carries only the first: the
    /// second is the recipe's too. Lists of other things in the same section (allergens, the
    /// tools) are not.
    @Test func aSecondListUnderItsOwnTitleBesideTheStructuredLinesIsTheRecipes() throws {
        let page = """
            <!DOCTYPE html>
            <html lang="fr">
            <head>
            <meta charset="utf-8">
            <title>Cuisses de canard rôties</title>
            <script type="application/ld+json">
            {"@context": "https://schema.org", "@type": "Recipe", "name": "Cuisses de canard rôties",
             "recipeIngredient": ["2x cuisse de canard (360g)", "4x pomme de terre (880g)", "1x gousse d'ail (4g)"],
             "recipeInstructions": [{"@type": "HowToStep", "text": "Préchauffez le four à 200°C."}, {"@type": "HowToStep", "text": "Rôtissez les cuisses 45 min avec les pommes de terre."}]}
            </script>
            </head>
            <body>
            <h1>Cuisses de canard rôties</h1>
            <div class="ingredients">
              <div class="box">
                <div><h2>Dans votre box</h2><p>2 personnes</p></div>
                <ul>
                  <li><span>2x</span> <span>cuisse de canard (360g)</span></li>
                  <li><span>4x</span> <span>pomme de terre (880g)</span></li>
                  <li><span>1x</span> <span>gousse d'ail (4g)</span></li>
                </ul>
                <div class="allergens">
                  <div>Allergènes &amp; composition</div>
                  <ul>
                    <li><p><span>Cuisse de canard</span></p><div><p>Composition : 100% viande de canard</p></div></li>
                  </ul>
                </div>
              </div>
              <p>Dans votre cuisine</p>
              <ul>
                <li>sel</li>
                <li>poivre</li>
                <li>huile d'olive</li>
              </ul>
              <p>Ustensiles</p>
              <ul>
                <li>four</li>
                <li>plat à gratin</li>
              </ul>
            </div>
            <p>La recette</p>
            <ol><li>Préchauffez le four à 200°C.</li><li>Rôtissez les cuisses 45 min avec les pommes de terre.</li></ol>
            </body>
            </html>
            """
        let lines = ["2x cuisse de canard (360g)", "4x pomme de terre (880g)", "1x gousse d'ail (4g)", "sel", "poivre", "huile d'olive"]
        #expect(try scrape(page).ingredients.map(\.line) == lines)
    }

    /// Lists under a method's or a tip's title beside the structured lines are not ingredients.
    @Test func listsUnderAMethodOrTipTitleBesideTheStructuredLinesAreNotTakenForIngredients() throws {
        let recipe = try scrape("""
            <html><head><script type="application/ld+json">
            {"@context":"https://schema.org","@type":"Recipe","name":"Soupe","recipeIngredient":["2 poireaux","3 pommes de terre"],
             "recipeInstructions":[{"@type":"HowToStep","text":"Coupez"},{"@type":"HowToStep","text":"Cuisez 20 min"}]}
            </script></head><body><h1>Soupe</h1><div>
            <h3>Ingrédients</h3><ul><li>2 poireaux</li><li>3 pommes de terre</li></ul>
            <p>Préparation</p><ol><li>Coupez</li><li>Cuisez 20 min</li></ol>
            <p>Astuce</p><ul><li>Servez chaud</li></ul>
            </div></body></html>
            """)
        #expect(recipe.ingredients.map(\.line) == ["2 poireaux", "3 pommes de terre"])
    }

    /// Structured data that lists only the titles of the recipe's parts, which the page shows
    /// as headings over each part's lines (here paragraphs, as a content editor sets them).
    /// The same titles over the steps say nothing of the lines.
    @Test func structuredLinesThatAreOnlyThePartsTitlesGiveWayToThePagesLists() throws {
        let recipe = try scrape("""
            <html><head><script type="application/ld+json">
            {"@context":"https://schema.org","@type":"Recipe","name":"Yule log","recipeIngredient":["Sponge","Ganache","Decoration"],
             "recipeInstructions":[{"@type":"HowToStep","name":"Sponge","text":"Whisk and bake."},
               {"@type":"HowToStep","name":"Ganache","text":"Melt and stir."}]}
            </script></head><body><h1>Yule log</h1>
            <div class="part"><h2>Sponge</h2><div class="contents"><p>4 eggs</p><p>100 g sugar</p><p>60 g flour</p></div></div>
            <div class="part"><h2>Ganache</h2><div class="contents"><p>200 g dark chocolate</p><p>25 cl cream</p></div></div>
            <div class="part"><h2>Decoration</h2><div class="contents"><p>Cocoa powder</p></div></div>
            <div class="step"><h2>Sponge</h2><p>Whisk and bake.</p></div>
            </body></html>
            """)
        #expect(recipe.ingredientGroups.map(\.name) == ["Sponge", "Ganache", "Decoration"])
        #expect(recipe.ingredients.map(\.line) == ["4 eggs", "100 g sugar", "60 g flour", "200 g dark chocolate", "25 cl cream", "Cocoa powder"])
    }

    /// Lines without amounts that are the ingredients themselves ("Salt", "Pepper"), with the
    /// same words as titles elsewhere on the page, stay as they are.
    @Test func structuredLinesWithoutAmountsThatAreNotTitlesStay() throws {
        let recipe = try scrape("""
            <html><head><script type="application/ld+json">
            {"@context":"https://schema.org","@type":"Recipe","name":"Seasoning","recipeIngredient":["Salt","Pepper"],
             "recipeInstructions":["Mix."]}
            </script></head><body><h1>Seasoning</h1><h2>Salt</h2><p>Salt was once paid as wages.</p></body></html>
            """)
        #expect(recipe.ingredients.map(\.line) == ["Salt", "Pepper"])
        #expect(recipe.ingredientGroups.map(\.name) == [nil])
    }
}

import Foundation
import LarderCore
import LarderHTML
import Testing

/// Recipes written as a plain article, with no recipe markup and no telling class names: the
/// scraper reads them as a reader does, from the section titles down.
struct PlainPageTests {
    func scrape(_ html: String) throws -> Recipe {
        try RecipeScraper.scrape(html: Data(html.utf8), url: URL(string: "https://example.com/recipe"))
    }

    @Test func linesWrittenAsParagraphsUnderABoldTitleAreRead() throws {
        let page = """
        <html><head><title>Apple tart</title></head><body><h1>Apple tart</h1>
        <p><strong>Ingredients:</strong></p>
        <p>- 250g shortcrust pastry</p>
        <p>- 4 large <a href="/apples">Bramley apples</a>, peeled and diced</p>
        <div class="newsletter-signup"><p>Sign up to our newsletter!</p></div>
        <p>- 250ml cream</p>
        <p><strong>Method:</strong></p>
        <p>Line four tart tins with the pastry.</p>
        <p>Bake for 25 minutes.</p>
        <p><strong>Serving suggestions</strong></p>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredients.map(\.line) == ["250g shortcrust pastry", "4 large Bramley apples, peeled and diced", "250ml cream"])
        #expect(recipe.steps.map(\.text) == ["Line four tart tins with the pastry.", "Bake for 25 minutes."])
    }

    @Test func boldLinesAndSubheadingsInsideTheSectionNameGroups() throws {
        let page = """
        <html><body><h1>Chicken rice</h1>
        <h3>Ingredients</h3>
        <div><p>400g chicken thighs</p><p>280g jasmine rice</p>
        <p><strong>The Marinade</strong></p><p>2 teaspoons sesame oil</p><p>2 tablespoons soy sauce</p></div>
        <h4>For the dip:</h4>
        <p>1 cup yogurt<br>1 tbsp honey</p>
        <h3>Method</h3>
        <ol><li>Marinate the chicken.</li><li>Cook the rice.</li></ol>
        <ul><li><a href="/tag/rice">rice</a></li><li><a href="/tag/chicken">chicken</a></li></ul>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredientGroups.map(\.name) == [nil, "The Marinade", "For the dip:"])
        #expect(recipe.ingredientGroups.map { $0.ingredients.map(\.line) } == [
            ["400g chicken thighs", "280g jasmine rice"], ["2 teaspoons sesame oil", "2 tablespoons soy sauce"], ["1 cup yogurt", "1 tbsp honey"],
        ])
        // The tag list after the method is another part of the page.
        #expect(recipe.steps.map(\.text) == ["Marinate the chicken.", "Cook the rice."])
    }

    @Test func aListReadsWithoutTheYieldAndUnitSwitchAroundItAndItsCopyInOtherUnits() throws {
        let page = """
        <html><body><h1>Shortbread</h1>
        <h2><span>Ingredients</span><span class="editsection">[edit]</span></h2>
        <p>Makes 12</p><div class="tabs"><span>Metric</span> <span>Cups</span></div>
        <div class="tab"><ul><li>200 g butter</li><li>100 g sugar</li></ul></div>
        <div class="tab"><ul><li>7 oz butter</li><li>3.5 oz sugar</li></ul></div>
        <h2>Step-by-step</h2><ol><li>Cream the butter and sugar.</li></ol>
        <p><strong>Preparation Time:</strong> 30 mins</p>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredients.map(\.line) == ["200 g butter", "100 g sugar"])
        #expect(recipe.steps.map(\.text) == ["Cream the butter and sugar."])
    }

    @Test func anUntitledListOfAmountsIsTheIngredientsAndTheProseAfterItTheMethod() throws {
        let page = """
        <html><head><title>Chicken salad</title></head><body>
        <ul class="nav"><li><a>Home</a></li><li><a>Recipes</a></li><li><a>Shop</a></li></ul>
        <h1>Chicken salad</h1>
        <ul><li>6 cups rotisserie chicken, shredded</li><li>3 cups red grapes, halved</li><li>½ cup blue cheese, crumbled</li><li>2 cups mayonnaise</li></ul>
        <p>Combine chicken, grapes and blue cheese in a large mixing bowl, then fold in the mayonnaise until everything is coated. Adjust the seasoning to taste.</p>
        <p>Serve in lettuce cups.</p>
        <h3>More salads</h3><p>Potato salad</p>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.title == "Chicken salad")
        #expect(recipe.ingredients.map(\.line) == ["6 cups rotisserie chicken, shredded", "3 cups red grapes, halved", "½ cup blue cheese, crumbled", "2 cups mayonnaise"])
        #expect(recipe.steps.count == 2)
        #expect(recipe.steps.last?.text == "Serve in lettuce cups.")
    }

    @Test func aPageWhoseListsAreNotAmountsHasNoRecipe() {
        let page = """
        <html><head><title>Our shop</title></head><body><h1>Our shop</h1>
        <ul><li>Opening hours</li><li>2 locations</li><li>Gift cards</li><li>Contact</li></ul>
        <p>We sell kitchen things.</p></body></html>
        """
        #expect(throws: ScrapeError.noRecipe) { try scrape(page) }
    }

    @Test func groupTitlesWrittenAsLinesOfTheStructuredDataBecomeGroups() throws {
        let page = """
        <html><head><script type="application/ld+json">
        {"@context":"https://schema.org","@type":"Recipe","name":"Panna cotta",
         "recipeIngredient":["For the panna cotta:","1 can coconut milk","2 tsp agar","FOR THE SAUCE","1 cup strawberries","1 tbsp sugar"],
         "recipeInstructions":"Warm the milk with the agar. Set. Cook the strawberries with the sugar."}
        </script></head><body></body></html>
        """
        let recipe = try scrape(page)
        // Named as the page writes its titles, colon and all, as a recipe card's headings are.
        #expect(recipe.ingredientGroups.map(\.name) == ["For the panna cotta:", "FOR THE SAUCE"])
        #expect(recipe.ingredients.map(\.line) == ["1 can coconut milk", "2 tsp agar", "1 cup strawberries", "1 tbsp sugar"])
    }

    @Test func factsInARowOrBesideTheirWordAreRead() throws {
        let lists = "<h2>Ingredients</h2><ul><li>1 onion</li><li>2 tins tomatoes</li></ul><h2>Method</h2><ol><li>Cook.</li></ol>"
        let row = try scrape("<html><body><h1>Soup</h1><p><em>Serves 2-4 | Prep 10 min | Cook 25 min | Whole30</em></p>\(lists)</body></html>")
        #expect(row.yield?.quantity == Amount(2, upper: 4))
        #expect(row.times.prep?.minutes == 10)
        #expect(row.times.cook?.minutes == 25)
        let apart = try scrape("<html><body><h1>Soup</h1><div class=\"item\"><span>3-4</span> <p>Servings</p></div>\(lists)</body></html>")
        #expect(apart.yield?.quantity == Amount(3, upper: 4))
        #expect(apart.yield?.unit == "servings")
        let labelled = try scrape("<html><body><h1>Sopa</h1><dl><div><dt>Serve</dt><dd>Até 4 porções</dd></div></dl>\(lists)</body></html>")
        #expect(labelled.yield?.quantity == Amount(4))
        let titled = try scrape("<html><body><h1>Suppe</h1><h2>Zutaten für 4 Personen</h2><ul><li>1 Zwiebel</li><li>2 Dosen Tomaten</li></ul></body></html>")
        #expect(titled.yield?.quantity == Amount(4))
        #expect(titled.yield?.unit == "servings")
    }

    @Test func aFactWhoseLabelSitsInAContainerOfItsOwnIsRead() throws {
        // Label and value each in a cell of a row, the label alone in its cell: the value is the
        // next cell, not the label's own next sibling (it has none). Spanish labels, times in
        // hours and minutes written "1 h 10 m".
        let lists = "<h2>Ingredientes</h2><ul><li>1 cebolla</li><li>2 latas de tomate</li></ul><h2>Preparación</h2><ol><li>Cocinar.</li></ol>"
        func row(_ label: String, _ value: String) -> String {
            "<div class=\"row\"><div class=\"title\"><p>\(label)</p></div><div class=\"value\"><div><p>\(value)</p></div></div></div>"
        }
        let page = "<html><body><h1>Sopa</h1>\(row("Preparación", "35 m"))\(row("Cocinado", "35 m"))\(row("Tiempo total", "1 h 10 m"))\(lists)</body></html>"
        let recipe = try scrape(page)
        #expect(recipe.times.prep?.minutes == 35)
        #expect(recipe.times.cook?.minutes == 35)
        #expect(recipe.times.total?.minutes == 70)
        // English pages that give one time label it "Time".
        let english = try scrape("<html><body><h1>Soup</h1><p>Time: 45 mins</p><h2>Ingredients</h2><ul><li>1 onion</li><li>2 tins tomatoes</li></ul><h2>Method</h2><ol><li>Cook.</li></ol></body></html>")
        #expect(english.times.total?.minutes == 45)
    }

    @Test func aYieldGivenAsAQuantitativeValueIsRead() throws {
        let page = """
        <html><head><script type="application/ld+json">
        {"@context":"https://schema.org","@type":"Recipe","name":"Piskóta","recipeYield":{"@type":"QuantitativeValue","value":"6","unitText":"személyre"},
         "recipeIngredient":["6 tojás"],"recipeInstructions":"Süsd meg."}
        </script></head><body></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.yield?.quantity == Amount(6))
        #expect(recipe.yield?.text == "6 személyre")
    }

    @Test func pageGroupsAreFoundForLinesThePageShowsALittleDifferently() throws {
        let page = """
        <html><head><script type="application/ld+json">
        {"@context":"https://schema.org","@type":"Recipe","name":"Cinnamon rolls",
         "recipeIngredient":["5 cups flour, divided","2 teaspoons salt","3/4 cup butter, softened","3/4 cup light brown sugar","2 tablespoons ground cinnamon"],
         "recipeInstructions":"Make the dough. Fill and roll."}
        </script></head><body>
        <div class="ingredients"><p class="section-name">Dough</p><ul>
          <li>5 cups flour (625 g), divided</li><li>2 teaspoons salt</li></ul>
        <p class="section-name">Filling</p><ul>
          <li>¾ cup butter (170 g), softened</li><li>¾ cup light brown sugar (165 g)</li><li>2 Tbsp. ground cinnamon</li></ul></div>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredientGroups.map(\.name) == ["Dough", "Filling"])
        #expect(recipe.ingredientGroups.map(\.ingredients.count) == [2, 3])
        // The structured lines are kept.
        #expect(recipe.ingredients.first?.line == "5 cups flour, divided")
    }

    @Test func aCardTitleOverTheWholeListOrTheDishNamesNoGroup() throws {
        let page = """
        <html><body>
        <div class="wprm-recipe-container"><h2 class="wprm-recipe-name">Lemon cake</h2>
        <div class="wprm-recipe-ingredients-container">
          <h3>Ingredients (US cups)</h3>
          <span>Cook mode <strong>Disabled</strong></span>
          <h4 class="wprm-recipe-group-name">Lemon cake</h4>
          <ul><li class="wprm-recipe-ingredient">1 cup flour</li><li class="wprm-recipe-ingredient">2 eggs</li></ul>
          <h4 class="wprm-recipe-group-name">Ingredients for the glaze</h4>
          <ul><li class="wprm-recipe-ingredient">1 cup icing sugar</li><li class="wprm-recipe-ingredient">1 lemon</li></ul>
        </div>
        <div class="wprm-recipe-instructions-container"><ul><li class="wprm-recipe-instruction-text">Bake.</li></ul></div>
        </div></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredientGroups.map(\.name) == [nil, "Ingredients for the glaze"])
        #expect(recipe.ingredients.map(\.line) == ["1 cup flour", "2 eggs", "1 cup icing sugar", "1 lemon"])
    }

    @Test func withNoBylineThePublisherIsTheAuthor() throws {
        let lists = "<h2>Ingredients</h2><ul><li>1 onion</li><li>2 tins tomatoes</li></ul><h2>Method</h2><ol><li>Cook.</li></ol>"
        let titled = try scrape("<html><head><title>Green Minestrone Soup | Donna Hay</title></head><body><h1>Green Minestrone Soup</h1>\(lists)</body></html>")
        #expect(titled.provenance.author == "Donna Hay")
        let slogan = "<meta property=\"og:site_name\" content=\"Donal Skehan | EAT LIVE GO - Donal Skehan is a food writer\">"
        let named = try scrape("<html><head>\(slogan)<title>Pancakes</title></head><body><h1>Pancakes</h1>\(lists)</body></html>")
        #expect(named.provenance.author == "Donal Skehan")
        // Microdata gives a link its address; the author is the name beside it.
        let linked = try scrape("""
            <html><head><meta itemprop="author" content="Claire Saffitz"></head><body>
            <div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Noodle bowl</h1>
            <a itemprop="author" href="https://example.com/contributors/claire-saffitz">Claire Saffitz</a>
            <ul><li itemprop="recipeIngredient">1 lb noodles</li><li itemprop="recipeIngredient">2 eggs</li></ul></div></body></html>
            """)
        #expect(linked.provenance.author == "Claire Saffitz")
        // A byline on the page names the cook before the site does.
        let site = "<meta property=\"og:site_name\" content=\"Plating Pixels\">"
        let labelled = try scrape("<html><head>\(site)</head><body><h1>Ribs</h1><div><strong>Author:</strong> Matt Ivan</div>\(lists)</body></html>")
        #expect(labelled.provenance.author == "Matt Ivan")
        let rel = try scrape("<html><head>\(site)</head><body><h1>Ribs</h1><p>Posted by <a rel=\"author\" href=\"/u/1\">Jassy Davis</a></p>\(lists)</body></html>")
        #expect(rel.provenance.author == "Jassy Davis")
        let sentence = try scrape("<html><head>\(site)</head><body><h1>Ribs</h1><p>By the time the ribs are done, it is 9 pm.</p>\(lists)</body></html>")
        #expect(sentence.provenance.author == "Plating Pixels")
        let menu = try scrape("<html><head>\(site)</head><body><ul><li><a href=\"/by-ingredient\"><strong>BY INGREDIENT</strong></a></li></ul><h1>Ribs</h1>\(lists)</body></html>")
        #expect(menu.provenance.author == "Plating Pixels")
    }

    @Test func theShareImageKeepsTheRecipesOwnOrderOfImages() throws {
        func page(_ head: String, images: String) -> String {
            """
            <html><head>\(head)<script type="application/ld+json">
            {"@context":"https://schema.org","@type":"Recipe","name":"Stew","image":\(images),
             "recipeIngredient":["1 onion","2 carrots"],"recipeInstructions":"Cook."}
            </script></head><body></body></html>
            """
        }
        // The share image is the recipe's second picture: the first still leads.
        let listed = try scrape(page(#"<meta property="og:image" content="https://example.com/b.jpg">"#, images: #"["https://example.com/a.jpg","https://example.com/b.jpg"]"#))
        #expect(listed.images.compactMap(\.url) == ["https://example.com/a.jpg", "https://example.com/b.jpg"])
        // Of two share images on a WordPress page, the one the recipe names leads.
        let two = #"<meta property="og:image" content="https://example.com/wp-content/theme.jpg"><meta property="og:image" content="https://example.com/wp-content/dish.jpg">"#
        let wordpress = try scrape(page(two, images: #"["https://example.com/wp-content/dish-225x225.jpg","https://example.com/wp-content/dish.jpg"]"#))
        #expect(wordpress.images.first?.url == "https://example.com/wp-content/dish.jpg")
        // A share image the structured data names as the page's primary image leads, wherever
        // the site keeps its uploads.
        let primary = page(#"<meta property="og:image" content="https://example.com/images/stew-1.jpg"><script type="application/ld+json">{"@graph":[{"@type":"ImageObject","@id":"https://example.com/stew/#primaryimage","url":"https:\/\/example.com\/images\/stew-1.jpg"}]}</script>"#,
                           images: #"["https://example.com/images/stew-225x225.jpg","https://example.com/images/stew.jpg"]"#)
        #expect(try scrape(primary).images.first?.url == "https://example.com/images/stew-1.jpg")
        // A recipe that gives its pictures' sizes keeps its largest first, even on WordPress.
        let sized = try scrape(page(#"<meta property="og:image" content="https://example.com/wp-content/uploads/stew.jpg">"#,
                                    images: #"[{"@type":"ImageObject","url":"https://example.com/wp-content/uploads/stew-1200x801.jpg","width":1200,"height":801},{"@type":"ImageObject","url":"https://example.com/wp-content/uploads/stew-1200x900.jpg","width":1200,"height":900}]"#))
        #expect(sized.images.first?.url == "https://example.com/wp-content/uploads/stew-1200x900.jpg")
        // Addresses that state their sizes: the larger picture leads.
        let larger = try scrape(page(#"<meta property="og:image" content="https://img.example.com/fit/1200x630/stew.jpg">"#,
                                     images: #"["https://img.example.com/fit/750x500/stew.jpg"]"#))
        #expect(larger.images.compactMap(\.url) == ["https://img.example.com/fit/1200x630/stew.jpg", "https://img.example.com/fit/750x500/stew.jpg"])
        let smaller = try scrape(page(#"<meta property="og:image" content="https://img.example.com/upload/w_600,h_315/stew.jpg">"#,
                                      images: #"["https://img.example.com/upload/w_1600,h_900/stew.jpg"]"#))
        #expect(smaller.images.first?.url == "https://img.example.com/upload/w_1600,h_900/stew.jpg")
        // A share image that is the site's icon shows no dish.
        let icon = #"<meta property="og:image" content="https://example.com/wp-content/uploads/cropped-Site-Icon.png">"#
        let iconPage = try scrape(page(icon, images: #"["https://example.com/wp-content/uploads/stew.jpg"]"#))
        #expect(iconPage.images.compactMap(\.url) == ["https://example.com/wp-content/uploads/stew.jpg"])
        // A template that wrote the site's address before a whole address meant the whole one.
        let joined = try scrape(page("", images: #""http://example.comhttps://cdn.example.com/stew.jpg""#))
        #expect(joined.images.first?.url == "https://cdn.example.com/stew.jpg")
        let proxied = try scrape(page("", images: #""https://img.example.com/fit?url=https://cdn.example.com/stew.jpg""#))
        #expect(proxied.images.first?.url == "https://img.example.com/fit?url=https://cdn.example.com/stew.jpg")
    }

    @Test func aPageThatNamesNoPictureShowsItsFirstDishNotItsFurniture() throws {
        let page = """
        <html><head><title>Pan de centeno</title></head><body><h1>Pan de centeno</h1>
        <img src="/_next/static/media/recipeImgFallback.593cac7a.jpg"><a href="/print"><img src="/Images/printer.png"></a>
        <h2>Ingredientes</h2><ul><li>500 g harina de centeno</li><li>350 ml agua</li><li>10 g sal</li></ul>
        <h2>Preparación</h2><p>Mezcla la harina con el agua.</p><p><img src="http://example.com/media/Posts/attachments/5663f04d.jpg"></p>
        </body></html>
        """
        #expect(try scrape(page).images.first?.url == "http://example.com/media/Posts/attachments/5663f04d.jpg")
    }

    @Test func amountsTheStructuredDataLeftOutAreTakenFromThePage() throws {
        let page = """
        <html><head><script type="application/ld+json">
        {"@context":"https://schema.org","@type":"Recipe","name":"Salade niçoise",
         "recipeIngredient":["Eier","Kopfsalat","grüne Bohnen","Salz"],"recipeInstructions":"Alles mischen."}
        </script></head><body><p><b>Zutaten für 4 Portionen</b></p>
        <ul><li>4 Eier</li><li>1 Kopfsalat</li><li>200 g grüne Bohnen</li><li>Salz</li></ul>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredients.map(\.line) == ["4 Eier", "1 Kopfsalat", "200 g grüne Bohnen", "Salz"])
        // A page that does not list them all keeps the structured lines.
        let partial = try scrape(page.replacingOccurrences(of: "<li>Salz</li>", with: ""))
        #expect(partial.ingredients.map(\.line) == ["Eier", "Kopfsalat", "grüne Bohnen", "Salz"])
    }

    /// The page sets each line out in parts side by side rather than as a list item: a row of
    /// its own (`<div class="ingredient"><div>80 ml</div><div>soy sauce</div></div>`, a line
    /// without an amount included) or a table row of cells. The dish's name in the title and
    /// the heading is no line's row.
    @Test func amountsLeftOutAreTakenFromRowsThatSetTheLineOutInParts() throws {
        let divs = """
        <html><head><title>Chicken teriyaki</title><script type="application/ld+json">
        {"@context":"https://schema.org","@type":"Recipe","name":"Chicken teriyaki",
         "recipeIngredient":["chicken","soy sauce","brown sugar","oil for frying"],"recipeInstructions":"Marinate, then fry."}
        </script></head><body><h1>Chicken teriyaki</h1><p>Soy sauce and sugar make the glaze.</p>
        <div class="calc"><div class="ingredient"><div class="amount">300 g</div><div class="label">chicken</div></div>
        <div class="ingredient"><div class="amount">80 ml</div><div class="label"><a href="/soy">soy sauce</a></div></div>
        <div class="ingredient"><div class="amount">1 tsp</div><div class="label">brown sugar</div></div>
        <div class="ingredient"><div class="label">oil for frying</div></div></div>
        </body></html>
        """
        #expect(try scrape(divs).ingredients.map(\.line) == ["300 g chicken", "80 ml soy sauce", "1 tsp brown sugar", "oil for frying"])
        let table = """
        <html><head><script type="application/ld+json">
        {"@context":"https://schema.org","@type":"Recipe","name":"Cookies",
         "recipeIngredient":["flour","butter","butter","peanut butter"],"recipeInstructions":"Mix and bake."}
        </script></head><body><h1>Cookies</h1><table><tbody>
        <tr><td>1 ½</td><td>cups</td><td><a href="/flour">all-purpose flour</a></td></tr>
        <tr><td>1</td><td>stick</td><td>butter <small>room temp.</small></td></tr>
        <tr><td>½</td><td>stick</td><td>butter flavored shortening</td></tr>
        <tr><td>1</td><td>cup</td><td>peanut butter</td></tr></tbody></table>
        </body></html>
        """
        #expect(try scrape(table).ingredients.map(\.line) == ["1 ½ cups all-purpose flour", "1 stick butter room temp.", "½ stick butter flavored shortening", "1 cup peanut butter"])
    }

    @Test func theMethodsTitleWrittenAsAParagraphEndsTheIngredients() throws {
        let page = """
        <html><body><h1>Pan de espelta</h1><p>Ingredientes:</p>
        <p>350 g de agua mineral<br>500 g de harina integral de espelta<br>1-2 cucharaditas de sal</p>
        <p>Preparación:</p><p>1. Pon el agua en el vaso y calienta 2 min a 37º en velocidad 1, hasta que esté templada.</p>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredients.map(\.line) == ["350 g de agua mineral", "500 g de harina integral de espelta", "1-2 cucharaditas de sal"])
        #expect(recipe.steps.count == 1)
    }

    @Test func theStepsEndWhereTheNotesBeginAndButtonsAreNoSteps() throws {
        let page = """
        <html><body><h1>Zucchini slice</h1><h2>Ingredients</h2><ul><li>5 eggs</li><li>1 zucchini, grated</li></ul>
        <h2>Method</h2><p>STEP 1 | Preheat oven to 170°C.</p><p>STEP 2 | Bake for 35-40 mins until golden.</p>
        <p><a href="/print">Print Recipe</a></p><p>NOTE | the vegetables can be swapped for corn kernels.</p></body></html>
        """
        #expect(try scrape(page).steps.map(\.text) == ["Preheat oven to 170°C.", "Bake for 35-40 mins until golden."])
    }

    @Test func ingredientsInBoldParagraphsAreLinesAndAListOfStepsEndsThem() throws {
        let page = """
        <html><body><h1>Bürli de Saint-Gall</h1><p><span>Ingrédients pour le levain (1 nuit)</span></p>
        <p><b>150 g de farine bise</b></p><p><b>150 g d'eau tiède</b></p><p><b>10 g de levain chef</b></p>
        <ul><li>Mettre le levain chef dans un bol,</li></ul><p>Verser l'eau tiédie par dessus et bien mélanger l'ensemble avec un fouet.</p>
        </body></html>
        """
        #expect(try scrape(page).ingredients.map(\.line) == ["150 g de farine bise", "150 g d'eau tiède", "10 g de levain chef"])
    }

    @Test func aDefinitionListNamedForIngredientsIsRead() throws {
        let page = """
        <html><head><title>black sesame brittle</title></head><body><h1>black sesame brittle</h1>
        <dl class='ingredients'><h3>brittle</h3><dt><b>brown sugar</b> <u>45 g</u></dt><dt><b>vanilla extract</b> <u>1.25 ml</u></dt>
        <dt><b>black sesame seeds</b> <u>35 g</u></dt></dl>
        <ul class='instructions'><li>Line a baking sheet.</li><li>Melt the sugar.</li></ul></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredients.map(\.line) == ["brown sugar 45 g", "vanilla extract 1.25 ml", "black sesame seeds 35 g"])
        #expect(recipe.steps.map(\.text) == ["Line a baking sheet.", "Melt the sugar."])
    }

    @Test func plainLinesThePageShowsAsTitlesBecomeGroups() throws {
        func page(_ body: String) -> String {
            """
            <html><head><script type="application/ld+json">
            {"@context":"https://schema.org","@type":"Recipe","name":"Tacos",
             "recipeIngredient":["1 kg pork shoulder","2 limes","Apple slaw","2 apples","pinch of salt","1 fennel bulb"],
             "recipeInstructions":"Cook the pork. Make the slaw."}
            </script></head><body>\(body)</body></html>
            """
        }
        let titled = try scrape(page("""
            <div class="ingredients"><div class="item">1 kg pork shoulder</div><div class="item">2 limes</div>
            <div class="ingredients__title">Apple slaw</div><div class="item">2 apples</div>
            <div class="item"><strong>pinch of salt</strong></div><div class="item">1 fennel bulb</div></div>
            """))
        #expect(titled.ingredientGroups.map(\.name) == [nil, "Apple slaw"])
        #expect(titled.ingredientGroups.map(\.ingredients.count) == [2, 3])
        // The same words in the post, or bold inside a list line, title nothing.
        let mentioned = try scrape(page("""
            <p>Serve with <b>Apple slaw</b> and lime.</p>
            <ul><li>1 kg pork shoulder</li><li>2 limes</li><li>2 apples</li><li><strong>pinch of salt</strong></li><li>1 fennel bulb</li></ul>
            """))
        #expect(mentioned.ingredientGroups.count == 1)
        #expect(mentioned.ingredients.count == 6)
    }

    @Test func hiddenCopiesOfTheListAreSkippedAndAShortLineBetweenListsTitlesTheNext() throws {
        let page = """
        <html><body><h1>Ribs</h1><h2>Ingredients</h2>
        <ul><li>1 rack baby back ribs</li><li>1 cup brown sugar</li></ul>
        <ul class="u-visuallyhidden"><li>1 rack baby back ribs</li><li>7 oz brown sugar</li></ul>
        <p>Optional</p>
        <ul><li>Your favourite BBQ sauce</li></ul>
        <h2>Method</h2><div class="accordion is-visually-hidden"><ol><li>Smoke the ribs for 3 hours.</li><li>Wrap them in foil.</li></ol></div>
        </body></html>
        """
        let recipe = try scrape(page)
        // A collapsed accordion's steps are steps.
        #expect(recipe.steps.map(\.text) == ["Smoke the ribs for 3 hours.", "Wrap them in foil."])
        #expect(recipe.ingredientGroups.map(\.name) == [nil, "Optional"])
        #expect(recipe.ingredients.map(\.line) == ["1 rack baby back ribs", "1 cup brown sugar", "Your favourite BBQ sauce"])
    }

    @Test func aCardWithoutStepsTakesTheMethodFromThePage() throws {
        let page = """
        <html><body><h1>Salsa</h1>
        <ul class="recipe-ingredients"><li>2 mangoes</li><li>1 lime</li></ul>
        <h3>Cooking Instructions</h3><ol><li>Dice the mango.</li><li>Squeeze the lime over it.</li></ol>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredients.map(\.line) == ["2 mangoes", "1 lime"])
        #expect(recipe.steps.map(\.text) == ["Dice the mango.", "Squeeze the lime over it."])
    }

    @Test func stepsWrittenAsParagraphsEndWhereAListBegins() throws {
        let page = """
        <html><body><h1>Hartige taart</h1>
        <h2>Ingredients</h2><ul><li>200 g beans</li><li>250 g mince</li></ul>
        <h2><strong>Method:</strong></h2>
        <p>Heat the oven to 200 degrees. Chop the onion and cook the beans for five minutes, then drain them well.</p>
        <p>Fill the pastry and bake for 30 minutes.</p>
        <div class="meta"><ul><li><span>Main course</span></li></ul></div>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.steps.count == 2)
        #expect(recipe.steps.last?.text == "Fill the pastry and bake for 30 minutes.")
    }

    @Test func aPageThatNamesNoPictureShowsItsFirstContentImage() throws {
        let page = """
        <html><body><img src="/img/site-logo.png"><h1>Chicken salad</h1>
        <img src="/img/author-avatar.jpg"><img src="/img/spacer.png" width="1" height="1">
        <img data-src="/img/chicken-salad.jpg" src="data:image/gif;base64,R0lGOD">
        <h2>Ingredients</h2><ul><li>2 cups chicken</li><li>1 cup grapes</li></ul></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.images.compactMap(\.url) == ["https://example.com/img/chicken-salad.jpg"])
    }

    @Test func aMicrodataIngredientLaidOutInPartsIsOneLineAndAListInOneElementIsSplit() throws {
        let parts = try scrape("""
            <html><body><div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Farro bowl</h1>
            <ul><li itemprop="recipeIngredient"><div><span>2</span>
            Pasture-Raised Eggs</div></li><li itemprop="recipeIngredient"><div><span>½</span> <span>cup</span>
            Farro</div></li></ul></div></body></html>
            """)
        #expect(parts.ingredients.map(\.line) == ["2 Pasture-Raised Eggs", "½ cup Farro"])
        let whole = try scrape("""
            <html><body><div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Tsukudani</h1>
            <div itemprop="recipeIngredient"><div class="ingredient">as you like celery leaves</div><div class="ingredient">1 tbsp sugar</div></div>
            <meta itemprop="recipeIngredient" content="<p>3 tablespoons soy sauce<br />1 tbsp sake</p>"></div></body></html>
            """)
        #expect(whole.ingredients.map(\.line) == ["as you like celery leaves", "1 tbsp sugar", "3 tablespoons soy sauce", "1 tbsp sake"])
    }

    @Test func aMethodUnderTheDishsNameAfterTheIngredientsIsRead() throws {
        let page = """
        <html><body><h1>Carpaccio</h1><h2>Zutaten</h2>
        <ul><li>1 Kohlrabi</li><li>1 Fenchelknolle</li><li>4 EL Olivenöl</li></ul>
        <h2>Kohlrabi-Fenchel-Carpaccio</h2>
        <p>Den Kohlrabi schälen, den Fenchel waschen und beide in sehr feine Scheiben hobeln.</p>
        <p>Mit Öl beträufeln und servieren.</p>
        <h2>Mehr Rezepte</h2><ul><li><a href="/a">Suppe</a></li><li><a href="/b">Salat</a></li></ul>
        </body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.ingredients.count == 3)
        #expect(recipe.steps.map(\.text) == ["Den Kohlrabi schälen, den Fenchel waschen und beide in sehr feine Scheiben hobeln.", "Mit Öl beträufeln und servieren."])
    }

    @Test func aTitleThatOpensItsParagraphLeavesTheRestAsTheFirstStep() throws {
        let page = """
        <html><body><h1>Pannenkoekjes</h1><h2>Benodigdheden:</h2><ul><li>2 eieren</li><li>250 ml melk</li></ul>
        <p><strong>Bereidingswijze:<br/></strong>Splits de eieren en klop de dooiers met de melk.<br/><img src="/a.jpg"></p>
        <p>Bak de pannenkoekjes 2 minuten per kant.</p></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.steps.map(\.text) == ["Splits de eieren en klop de dooiers met de melk.", "Bak de pannenkoekjes 2 minuten per kant."])
    }
}

/// Ingredient lines laid out in parts, and controls that sit among them.
struct LaidOutLineTests {
    func scrape(_ html: String) throws -> Recipe {
        try RecipeScraper.scrape(html: Data(html.utf8), url: URL(string: "https://example.com/recipe"))
    }

    @Test func aTableRowOrACheckboxRowIsOneLine() throws {
        let table = """
        <html><body><h1>Roast chicken</h1><h2>Ingredients</h2>
        <table><tr><td>150ml</td><td>red wine</td></tr><tr><td></td><td>Salt and pepper</td></tr><tr><td>3</td><td>onions, quartered</td></tr></table>
        <h2>Method</h2><p>Marinate the chicken.</p><p>Roast for an hour.</p></body></html>
        """
        #expect(try scrape(table).ingredients.map(\.line) == ["150ml red wine", "Salt and pepper", "3 onions, quartered"])
        let checkboxes = """
        <html><body><h1>Tejberizs</h1><div class="title">Hozzávalók</div><div><div>4 főre</div>
        <div class="row"><input type="checkbox"><div><div>2 rúd</div><div class="bold">fahéj</div></div></div>
        <div class="row"><input type="checkbox"><div><div>1 csomag</div><div class="bold">pudingpor</div><div>(40 g-os)</div></div></div>
        <div class="row"><input type="checkbox"><div><div>1 l</div><div class="bold">tej</div></div></div></div>
        <h2>Elkészítés</h2><p>A tejet feltesszük főni.</p></body></html>
        """
        #expect(try scrape(checkboxes).ingredients.map(\.line) == ["2 rúd fahéj", "1 csomag pudingpor (40 g-os)", "1 l tej"])
    }

    @Test func unitTabsAreControlsAndTheOpenTabIsRead() throws {
        let page = """
        <html><body><h1>Pancakes</h1><h3>Ingredients</h3>
        <ul class="nav nav-tabs" role="tablist"><li><a data-toggle="tab" href="#us">US</a></li><li><a data-toggle="tab" href="#metric">METRIC</a></li></ul>
        <div class="tab-content"><div class="tab-pane fade" id="us"><p>8.8oz plain flour</p><p>6.7 fl oz buttermilk</p></div>
        <div class="tab-pane fade show active" id="metric"><p>250g plain flour</p><p>200ml buttermilk</p></div></div>
        <h3>Method</h3><p>Whisk everything together.</p></body></html>
        """
        #expect(try scrape(page).ingredients.map(\.line) == ["250g plain flour", "200ml buttermilk"])
    }

    @Test func aStructuredListOfOneLineGivesWayToThePagesFullList() throws {
        func page(_ line: String, list: String) -> String {
            """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Pasta",
            "recipeIngredient":["\(line)"],"recipeInstructions":["Cook the pasta.","Stir in the cheese."]}</script></head>
            <body><h1>Pasta</h1><h2>Ingredients</h2><ul>\(list)</ul><h2>Method</h2><p>Cook the pasta.</p></body></html>
            """
        }
        let full = "<li>300g fusilli pasta</li><li>100g grated cheese</li><li>2 tbsp za'atar</li>"
        // The main ingredients only, or every line glued into one: the page's list is the recipe's.
        #expect(try scrape(page("Cheese, Pasta, Za'atar", list: full)).ingredients.count == 3)
        #expect(try scrape(page("300g fusilli pasta 100g grated cheese 2 tbsp za'atar", list: full)).ingredients.count == 3)
        // A recipe of one ingredient keeps it, whatever other list the page has.
        let ages = "<li>4 to 6 months</li><li>6 to 8 months</li><li>9 to 12 months</li>"
        #expect(try scrape(page("5 mirabelles", list: ages)).ingredients.map(\.line) == ["5 mirabelles"])
    }
}

/// A dish in parts, each part's list under a title of its own: every part is kept.
struct PartTitlePageTests {
    @Test func everyPartsListUnderItsOwnIngredientsTitleIsKept() throws {
        let page = """
        <html><body><h1>Dumplings</h1>
        <h3>Ingredients for Filling</h3>
        <ul><li>2 cups onions</li><li>1 pound ground beef</li></ul>
        <h3>Ingredients for Topping</h3>
        <ul><li>1 cup chana lentils</li><li>2 tsp tomato paste</li><li>30 ml oil</li></ul>
        <h3>Ingredients for Yogurt Dip</h3>
        <ul><li>1 tsp dried mint</li><li>500 ml plain yogurt</li></ul>
        <h3>Method</h3>
        <p>Cook the filling, fold the dumplings and steam them for 30 minutes.</p>
        </body></html>
        """
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://example.com/dumplings"))
        #expect(recipe.ingredients.map(\.line) == ["2 cups onions", "1 pound ground beef", "1 cup chana lentils", "2 tsp tomato paste",
                                                   "30 ml oil", "1 tsp dried mint", "500 ml plain yogurt"])
        #expect(recipe.ingredientGroups.map(\.name) == ["Ingredients for Filling", "Ingredients for Topping", "Ingredients for Yogurt Dip"])
        #expect(recipe.steps.map(\.text) == ["Cook the filling, fold the dumplings and steam them for 30 minutes."])
    }

    @Test func aTitleOverTheWholeListIsNoPart() throws {
        let page = """
        <html><body><h1>Soup</h1>
        <nav><h3>Ingredients</h3><ul><li><a href="/a">Onions</a></li><li><a href="/b">Beef</a></li></ul></nav>
        <h3>Ingredients</h3>
        <ul><li>1 onion</li><li>1 litre stock</li><li>200 g beef</li></ul>
        <h3>Method</h3><p>Simmer everything for an hour.</p>
        </body></html>
        """
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://example.com/soup"))
        #expect(recipe.ingredients.map(\.line) == ["1 onion", "1 litre stock", "200 g beef"])
    }
}

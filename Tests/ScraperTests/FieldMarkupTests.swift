import Foundation
import LarderCore
import LarderHTML
import Testing

/// Yields and authors a page states in its markup, not in recipe data: a count beside an icon,
/// an author's label in the page's language, a label in a table cell.
struct FieldMarkupTests {
    let lists = "<h2>Ingredients</h2><ul><li>4 eggs</li><li>1 avocado</li></ul><h2>Method</h2><ol><li>Bake the eggs in the avocado.</li></ol>"
    let site = "<meta property=\"og:site_name\" content=\"Kitchen Notes\">"

    func scrape(_ html: String) throws -> Recipe {
        try RecipeScraper.scrape(html: Data(html.utf8), url: URL(string: "https://example.com/recipe"))
    }

    @Test func aCountBesideAServingsIconOrInABoxNamedForServingsIsTheYield() throws {
        let icon = try scrape("""
            <html><head><title>Baked eggs</title></head><body><h1>Baked eggs</h1>
            <ul class="facts"><li><span class="icon icon-difficulty"></span><span>easy</span></li>
            <li><span class="icon icon-serves"></span><span> 4 </span></li></ul>\(lists)</body></html>
            """)
        #expect(icon.yield?.quantity?.value == 4)
        #expect(icon.yield?.unit == "servings")
        let box = try scrape("""
            <html><head><title>Baked eggs</title></head><body><h1>Baked eggs</h1>
            <div class="item portions"><svg><use xlink:href="#icon-people"></use></svg><h2>2</h2></div>\(lists)</body></html>
            """)
        #expect(box.yield?.quantity?.value == 2)
        // A number beside an icon that counts something else is no yield.
        let likes = try scrape("""
            <html><head><title>Baked eggs</title></head><body><h1>Baked eggs</h1>
            <div class="meta"><span class="icon-heart"></span><span>12</span></div>\(lists)</body></html>
            """)
        #expect(likes.yield == nil)
    }

    @Test func factsAfterANoBreakSpaceAreRead() throws {
        // `&nbsp;` before the label, as editors leave it: white space, not a letter.
        let recipe = try scrape("""
            <html><head><title>Meatballs</title></head><body><h1>Meatballs</h1>
            <p><em>&nbsp;Serves 4 | Prep 10 min | Cook 25 min | <strong>Whole30</strong></em></p>\(lists)</body></html>
            """)
        #expect(recipe.yield?.quantity?.value == 4)
        #expect(recipe.times.prep?.minutes == 10)
        #expect(recipe.times.cook?.minutes == 25)
    }

    @Test func labelsInATablesHeaderRowHaveTheirValuesInTheRowBelow() throws {
        let recipe = try scrape("""
            <html><head><title>Fruit skewers</title></head><body><h1>Fruit skewers</h1>
            <table><tr><th scope="col">Prep time</th><th scope="col">Cook time</th><th scope="col">Yields</th></tr>
            <tr><td>15 minutes</td><td>5 minutes</td><td>4 servings</td></tr></table>\(lists)</body></html>
            """)
        #expect(recipe.times.prep?.minutes == 15)
        #expect(recipe.times.cook?.minutes == 5)
        #expect(recipe.yield?.quantity?.value == 4)
        // With the header in a `<thead>` and the values in the `<tbody>` after it.
        let sections = try scrape("""
            <html><head><title>Fruit skewers</title></head><body><h1>Fruit skewers</h1>
            <table><thead><tr><th>Total time</th><th>Serves</th></tr></thead><tbody><tr><td>20 min</td><td>6</td></tr></tbody></table>
            \(lists)</body></html>
            """)
        #expect(sections.times.total?.minutes == 20)
        #expect(sections.yield?.quantity?.value == 6)
    }

    @Test func aTimeTheMarkupGaveWithoutALengthLeavesItToTheLabelledText() throws {
        // Microdata round a label and its value: the time it gives says no length.
        let recipe = try scrape("""
            <html><head><title>Pasta</title></head><body><div itemscope itemtype="https://schema.org/Recipe">
            <h1 itemprop="name">Pasta</h1><div itemprop="cookTime"><h3>Tillagningstid</h3><h3>30 minuter</h3></div>
            <ul><li itemprop="recipeIngredient">400 g pasta</li><li itemprop="recipeIngredient">1 aubergine</li></ul>
            <ol><li itemprop="recipeInstructions">Koka pastan.</li></ol></div></body></html>
            """)
        #expect(recipe.times.cook?.minutes == 30)
    }

    @Test func schemaOrgTimesWrittenInTheSecondsPlaceAreMinutes() throws {
        func page(_ prep: String, _ cook: String) -> String {
            """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Fig bars",
            "prepTime":"\(prep)","cookTime":"\(cook)","recipeIngredient":["1 cup figs","2 cups flour"],"recipeInstructions":["Bake."]}</script>
            </head><body></body></html>
            """
        }
        let minutes = try scrape(page("PT45S", "PT30S"))
        #expect(minutes.times.prep?.minutes == 45)
        #expect(minutes.times.cook?.minutes == 30)
        // Seconds that add up to whole minutes are seconds.
        let seconds = try scrape(page("PT900S", "PT1200S"))
        #expect(seconds.times.prep?.minutes == 15)
        #expect(seconds.times.cook?.minutes == 20)
    }

    @Test func theChoicesOfAServingsSelectorAreNoYield() throws {
        let recipe = try scrape("""
            <html><head><title>Bread lasagna</title></head><body><h1>Bread lasagna</h1>
            <form><select name="portions"><option value="1">1 Person</option><option value="2">2 People</option></select></form>
            <h3 class="servings">Serves&nbsp;8</h3>\(lists)</body></html>
            """)
        #expect(recipe.yield?.quantity?.value == 8)
    }

    @Test func anAuthorsLabelInThePagesLanguageOrInATableCellNamesTheCook() throws {
        let russian = try scrape("<html><head>\(site)</head><body><h1>Курица</h1><p>Автор: <a href=\"/a/7\">Лариса Ивановна</a></p>\(lists)</body></html>")
        #expect(russian.provenance.author == "Лариса Ивановна")
        let spanish = try scrape("<html><head>\(site)</head><body><h1>Tortilla</h1><p><b>Autora:</b> Ana Ruiz</p>\(lists)</body></html>")
        #expect(spanish.provenance.author == "Ana Ruiz")
        let table = try scrape("""
            <html><head>\(site)</head><body><h1>Miso soup</h1>
            <table><tr><th><span>Servings</span></th><td>2</td></tr><tr><th><span>Author</span></th><td><span>kachasan</span></td></tr></table>
            \(lists)</body></html>
            """)
        #expect(table.provenance.author == "kachasan")
        // A label whose neighbour is a sentence names no one: the site stays the author.
        let prose = try scrape("<html><head>\(site)</head><body><h1>Soup</h1><dl><dt>Author</dt><dd>Our test kitchen tried this soup 12 times.</dd></dl>\(lists)</body></html>")
        #expect(prose.provenance.author == "Kitchen Notes")
    }
}

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

import Foundation
import LarderCore
import LarderHTML
import Testing

/// A page without recipe markup is titled by its first `<h1>` that a reader sees: sites put
/// headings for screen readers first ("Navigation", "More from us"), hidden by a class of their
/// own naming (dr.dk's `dre-heading__sr-only`, WordPress's `screen-reader-text`) or by `hidden`.
struct HiddenHeadingTitleTests {
    func title(hiddenBy attributes: String) throws -> String {
        let recipe = try RecipeScraper.scrape(html: Data("""
            <html><head><title>Shortbread | Example</title></head><body>
            <nav><h1 \(attributes)>Navigation</h1><ul><li><a href="/">Home</a></li></ul></nav>
            <main><h1 class="article-title">Millionaires’ Shortbread</h1>
            <h2>Ingredients</h2><ul><li>250 g flour</li><li>175 g butter</li><li>75 g sugar</li></ul>
            <h2>Method</h2><ol><li>Rub the butter into the flour and sugar.</li><li>Bake for 20 minutes.</li></ol></main>
            </body></html>
            """.utf8), url: URL(string: "https://example.com/shortbread"))
        return recipe.title
    }

    @Test(arguments: [#"class="dre-heading__sr-only""#, #"class="screen-reader-text""#, #"class="sr-only""#, "hidden",
                      #"style="display: none""#, #"class="visually-hidden""#])
    func aHeadingReadersDoNotSeeIsNotTheTitle(_ attributes: String) throws {
        #expect(try title(hiddenBy: attributes) == "Millionaires’ Shortbread")
    }

    @Test func aHeadingShownIsTheTitleStill() throws {
        #expect(try title(hiddenBy: #"class="site-heading""#) == "Navigation")
    }
}

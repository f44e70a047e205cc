import Foundation
import LarderCore
import LarderHTML
import Testing

/// The address a scraped recipe is filed under: the page's own claim, unless the claim is the
/// site's home page, which names no recipe.
struct PageAddressTests {
    func page(canonical: String?, ogURL: String?) -> Data {
        let links = (canonical.map { "<link rel=\"canonical\" href=\"\($0)\">" } ?? "") + (ogURL.map { "<meta property=\"og:url\" content=\"\($0)\">" } ?? "")
        return Data("""
            <html><head>\(links)<script type="application/ld+json">
            {"@type":"Recipe","name":"Flatbread","recipeIngredient":["250 g flour","150 g yogurt"],"recipeInstructions":"Mix, roll and cook."}
            </script></head><body></body></html>
            """.utf8)
    }

    func address(canonical: String? = nil, ogURL: String? = nil, fetched: String?) throws -> String? {
        try RecipeScraper.scrape(html: page(canonical: canonical, ogURL: ogURL), url: fetched.flatMap(URL.init(string:))).provenance.sourceURL
    }

    @Test func aClaimedHomePageGivesWayToTheFetchedAddress() throws {
        let fetched = "https://example.org/breads/flatbread"
        #expect(try address(canonical: "http://example.org/", ogURL: "http://example.org/", fetched: fetched) == fetched)
        #expect(try address(ogURL: "/index.html", fetched: fetched) == fetched)
        // A claim that names a page still wins: it drops tracking and routes to the same page.
        #expect(try address(canonical: "https://example.org/flatbread", fetched: fetched + "?utm_source=x") == "https://example.org/flatbread")
        #expect(try address(canonical: "http://example.org/", ogURL: "https://example.org/flatbread", fetched: fetched) == "https://example.org/flatbread")
        // A saved page with nothing else keeps the home page, as the site it came from.
        #expect(try address(ogURL: "http://example.org/", fetched: nil) == "http://example.org/")
    }
}

import Foundation
import LarderCore
@testable import LarderHTML
import Testing

/// The size conventions of image addresses, and the rules that put a page's share image first.
struct ImageAdapterTests {
    @Test(arguments: [
        ("width x height", "https://example.com/wp-content/uploads/2024/01/cake-300x200.jpg", 300, 200),
        ("w_ and h_ transformations", "https://res.example.net/image/upload/w_1200,h_630,c_fill/cake.jpg", 1200, 630),
        ("h_ and w_ transformations", "https://res.example.net/image/upload/h_630,w_1200/cake.jpg", 1200, 630),
        ("width and height parameters", "https://img.example.com/cake.jpg?width=1200&height=630", 1200, 630),
        ("Google image server", "https://lh3.example.com/abc=w1200-h630", 1200, 630),
        ("width alone", "https://img.example.com/cake.jpg?w=1200", 1200, nil),
    ] as [(String, String, Int, Int?)])
    func eachConventionReadsItsAddresses(_ name: String, _ url: String, _ width: Int, _ height: Int?) throws {
        let convention = try #require(StatedImageSize.all.first { $0.name == name })
        #expect(StatedImageSize.read(url, by: convention) == StatedImageSize(width: width, height: height))
        #expect(StatedImageSize(url: url) == StatedImageSize(width: width, height: height))
    }

    @Test func anAddressThatStatesNoSizeHasNone() {
        #expect(StatedImageSize(url: "https://example.com/images/cake.jpg") == nil)
        // A year and a month are not a size.
        #expect(StatedImageSize(url: "https://example.com/2024/01/cake.jpg") == nil)
    }

    func page(share: String, images: [String], extra: String = "") -> Data {
        let list = images.map { "\"\($0)\"" }.joined(separator: ",")
        return Data("""
        <html><head><meta property="og:image" content="\(share)">
        <script type="application/ld+json">[{"@context":"https://schema.org","@type":"Recipe","name":"Cake","image":[\(list)],
        "recipeIngredient":["1 egg","2 cups flour"],"recipeInstructions":["Bake."]}\(extra)]</script></head><body></body></html>
        """.utf8)
    }

    func firstImage(_ html: Data) throws -> String? {
        try RecipeScraper.scrape(html: html, url: URL(string: "https://example.com/cake")).images.first?.url
    }

    @Test func aWordPressFeaturedImageLeadsOverItsCrops() throws {
        let share = "https://example.com/wp-content/uploads/cake.jpg"
        #expect(try firstImage(page(share: share, images: ["https://example.com/wp-content/uploads/cake-225x225.jpg"])) == share)
        // Elsewhere the recipe's own picture keeps its place.
        let other = "https://cdn.example.org/cake.jpg"
        #expect(try firstImage(page(share: other, images: ["https://cdn.example.org/cake-square.jpg"])) == "https://cdn.example.org/cake-square.jpg")
    }

    @Test func anSEOPluginsPrimaryImageLeads() throws {
        let share = "https://cdn.example.org/cake.jpg"
        let primary = #",{"@type":"ImageObject","@id":"https://example.com/cake#primaryimage","url":"https://cdn.example.org/cake.jpg"}"#
        #expect(try firstImage(page(share: share, images: ["https://cdn.example.org/cake-square.jpg"], extra: primary)) == share)
    }

    @Test func theLargerStatedSizeLeads() throws {
        let share = "https://cdn.example.org/cake.jpg?w=1200"
        #expect(try firstImage(page(share: share, images: ["https://cdn.example.org/cake.jpg?w=300"])) == share)
        #expect(try firstImage(page(share: "https://cdn.example.org/cake.jpg?w=200", images: ["https://cdn.example.org/cake.jpg?w=900"]))
            == "https://cdn.example.org/cake.jpg?w=900")
    }

    @Test func withoutAShareImageAWordPressUploadsLargestCropLeads() throws {
        func page(images: [String], share: String? = nil) -> Data {
            let list = images.map { "\"\($0)\"" }.joined(separator: ",")
            let meta = share.map { "<meta property=\"og:image\" content=\"\($0)\">" } ?? ""
            return Data("""
            <html><head>\(meta)<script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Cake",
            "image":[\(list)],"recipeIngredient":["1 egg","2 cups flour"],"recipeInstructions":["Bake."]}</script></head><body></body></html>
            """.utf8)
        }
        let uploads = "https://example.com/wp-content/uploads/2024/01/"
        let plugin = [uploads + "cake.jpg", uploads + "cake-500x500.jpg", uploads + "cake-500x375.jpg", uploads + "cake-480x270.jpg"]
        #expect(try firstImage(page(images: plugin)) == uploads + "cake-500x500.jpg")
        // The crops listed first, the upload last; and an upload WordPress scaled down.
        #expect(try firstImage(page(images: [uploads + "cake-225x225.jpg", uploads + "cake-320x180.jpg", uploads + "cake.jpg"])) == uploads + "cake-320x180.jpg")
        #expect(try firstImage(page(images: [uploads + "pie-scaled.jpg", uploads + "pie-500x500.jpg"])) == uploads + "pie-500x500.jpg")
        // A share image says which picture the page means; sizes of another picture are no crops of this one.
        #expect(try firstImage(page(images: plugin, share: uploads + "cake.jpg")) == uploads + "cake.jpg")
        #expect(try firstImage(page(images: [uploads + "cake.jpg", uploads + "tart-500x500.jpg"])) == uploads + "cake.jpg")
    }

    @Test func aJetpackCopyOfAShareImageIsThatPicture() throws {
        let plain = "https://example.com/wp-content/uploads/2024/11/pie.jpg"
        let copy = "https://i0.wp.com/example.com/wp-content/uploads/2024/11/pie.jpg?fit=1000%2C664&ssl=1"
        // The recipe's markup names the copy; both are the page's share images.
        let html = Data("""
            <html><head><meta property="og:image" content="\(plain)"><meta property="og:image" content="\(copy)">
            <script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Pie","thumbnailUrl":"\(copy)",
            "recipeIngredient":["1 egg","2 cups pumpkin"],"recipeInstructions":["Bake."]}</script></head><body></body></html>
            """.utf8)
        #expect(try firstImage(html) == plain)
        #expect(JetpackPhoton.original(of: copy) == "https://example.com/wp-content/uploads/2024/11/pie.jpg")
        #expect(JetpackPhoton.original(of: plain) == nil)
    }

    @Test func everyRuleAndConventionHasACase() {
        #expect(ShareImageRules.all.map(\.name) == ["WordPress featured image", "SEO plugin primary image", "larger stated size"])
        #expect(StatedImageSize.all.count == 6)
    }
}

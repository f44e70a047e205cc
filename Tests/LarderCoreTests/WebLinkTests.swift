import Foundation
import LarderCore
import Testing

/// Only web addresses become links in what Larder writes.
struct WebLinkTests {
    @Test(arguments: ["https://example.org/pie", "http://example.org", "HTTPS://Example.org/a b)(<x>", "https://example.org?q=1"])
    func webAddressesAreLinks(_ address: String) {
        #expect(WebLink.http(address) == address)
    }

    @Test(arguments: ["javascript:alert(document.cookie)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
                      "data:text/html,<script>alert(1)</script>", "vbscript:msgbox", "file:///etc/passwd", "//example.org/pie.jpg",
                      "images/pie.jpg", "Grandma's notebook", "https://", "http:///etc/passwd", " https://example.org", "https:// evil"])
    func everythingElseIsNot(_ address: String) {
        #expect(WebLink.http(address) == nil)
    }

    @Test func markdownWritesOtherSchemesAsPlainText() {
        var recipe = Recipe(id: "sneaky", title: "Sneaky Pie")
        recipe.provenance.sourceURL = "javascript:alert(document.cookie)"
        recipe.images = [RecipeImage(url: "javascript:alert(1)"), RecipeImage(url: "data:text/html,<script>alert(2)</script>")]
        let markdown = MarkdownWriter().render(recipe)
        #expect(markdown.contains("\nSource: javascript:alert(document.cookie)\n"), "shown, as text")
        #expect(!markdown.contains("<javascript"))
        #expect(!markdown.contains("]("), "no link and no picture")
        #expect(!markdown.contains("\nsource:") && !markdown.contains("\nimage:"), "front matter holds links only")

        recipe.images.append(RecipeImage(url: "https://example.org/pie.jpg"))
        recipe.provenance.sourceURL = "https://example.org/pie"
        let honest = MarkdownWriter().render(recipe)
        #expect(honest.contains("![Sneaky Pie](<https://example.org/pie.jpg>)"))
        #expect(honest.contains("\nSource: <https://example.org/pie>\n"))
        #expect(honest.contains("\nsource: \"https://example.org/pie\"\n"))
    }

    func json(_ object: [String: JSONValue]) throws -> String {
        String(decoding: try CanonicalJSON.encoder.encode(JSONValue.object(object)), as: UTF8.self)
    }

    /// An address that is not a web link is left out of every data format (the export's
    /// read-back then names it as dropped: `FidelityCheckTests`).
    @Test func dataFormatsHoldOnlyWebAddresses() throws {
        var recipe = Recipe(id: "sneaky", title: "Sneaky Pie")
        recipe.provenance.sourceURL = "javascript:alert(document.cookie)"
        recipe.images = [RecipeImage(url: "javascript:alert(1)")]
        let outputs: [(String, String)] = [
            ("schema.org", try json(SchemaOrgWriter.object(for: recipe))),
            ("Nextcloud", try json(NextcloudWriter.object(for: recipe))),
            ("TheMealDB", try json(MealDBWriter.object(for: recipe))),
            ("Paprika", try json(PaprikaMapper.object(for: recipe, photo: nil))),
            ("Cooklang", CooklangWriter.text(for: recipe)),
        ]
        for (format, text) in outputs {
            #expect(!text.lowercased().contains("javascript"), "\(format): \(text)")
        }
    }
}

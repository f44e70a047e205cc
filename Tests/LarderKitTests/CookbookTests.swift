import Foundation
import LarderCore
import LarderHTML
@testable import LarderKit
import Testing
import TestSupport

/// The printable cookbook, read back with an HTML parser as a browser would read it.
struct CookbookTests {
    static let fixedDay = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21

    /// Renders `recipes` through the cookbook sink and parses the result.
    func render(_ recipes: [Recipe], options: CookbookOptions = CookbookOptions(date: fixedDay), in scratch: ScratchFolder,
                name: String = "book.html") async throws -> (html: String, document: HTMLDocument) {
        let output = scratch.path(name)
        let sink = try CookbookSink(output: output, options: options)
        let report = try await Pipeline(sources: [RecipeListSource(recipes)], stages: [], sink: sink).run()
        #expect(report.failed == 0)
        let html = try String(contentsOf: output, encoding: .utf8)
        return (html, try HTMLDocument(html: html))
    }

    @Test func theSampleLibraryBecomesABookWithOnePagePerRecipe() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        _ = try await importInputs([Fixtures.url("apps").path, Fixtures.url("schema-org").path, Fixtures.url("json").path], into: library)
        let count = try library.recipeIDs().count
        #expect(count > 5)
        let options = CookbookOptions(title: "Family Kitchen", subtitle: "Sunday best", date: Self.fixedDay)
        let sink = try CookbookSink(output: scratch.path("book.html"), options: options, imageSource: library)
        _ = try await Pipeline(sources: [LibrarySource(library: library)], stages: [], sink: sink).run()
        let html = try String(contentsOf: scratch.path("book.html"), encoding: .utf8)
        let page = try HTMLDocument(html: html)

        // A title page with the title, subtitle, count and date.
        let titlePage = try #require(page.elements(matching: "//section[@class='title-page']").first)
        #expect(titlePage.elements(matching: ".//h1").first?.text == "Family Kitchen")
        #expect(titlePage.text.contains("Sunday best"))
        #expect(titlePage.text.contains("\(count) recipes"))
        #expect(titlePage.text.contains("2026-09-21"))
        #expect(page.title == "Family Kitchen")

        // The contents list every recipe once, and every link lands on an element of the page.
        let entries = page.elements(matching: "//nav[@id='contents']//li[@class='contents-entry']/a")
        #expect(entries.count == count)
        let ids = page.elements(matching: "//*[@id]").compactMap { $0.attribute("id") }
        #expect(Set(ids).count == ids.count, "ids are unique")
        let links = page.elements(matching: "//a[@href]").compactMap { $0.attribute("href") }
        for link in links where link.hasPrefix("#") {
            #expect(ids.contains(String(link.dropFirst())), "link \(link) has a target")
        }

        // One recipe section per recipe, in the contents' order, each starting a new page.
        let recipes = page.elements(matching: "//article[contains(concat(' ', @class, ' '), ' recipe ')]")
        #expect(recipes.count == count)
        #expect(recipes.compactMap { $0.attribute("id") } == entries.compactMap { $0.attribute("href").map { String($0.dropFirst()) } })
        #expect(html.contains(".recipe { break-before: page;"))
        #expect(html.contains("size: A4;"))
        // The sample with an embedded photo carries it inside the file.
        #expect(page.elements(matching: "//img").allSatisfy { $0.attribute("src")?.hasPrefix("data:image/") == true })
    }

    @Test func quantitiesStandInTheirOwnColumn() async throws {
        let scratch = try ScratchFolder()
        var recipe = Recipe(id: "bread", title: "Bread")
        recipe.ingredientGroups = [IngredientGroup(name: "Dough", ingredients: [
            Ingredient(line: "1 ½ cups flour, sifted"), Ingredient(line: "salt to taste"), Ingredient(line: "2 large eggs"),
        ])]
        recipe.instructionSections = [InstructionSection(name: nil, steps: [Step(text: "Mix."), Step(text: "Bake.")])]
        let (_, page) = try await render([recipe], in: scratch)
        let rows = page.elements(matching: "//table[@class='ingredient-list']//tr").map { row in
            row.elements(matching: "./td").map(\.text)
        }
        #expect(rows == [["1 ½ cups", "flour, sifted"], ["", "salt to taste"], ["2", "large eggs"]])
        #expect(page.elements(matching: "//section[@class='ingredients']/h4").map(\.text) == ["Dough"])
        #expect(page.elements(matching: "//ol[@class='steps']/li").map(\.text) == ["Mix.", "Bake."])
    }

    /// The index lists every recipe under its title and its main ingredients, the same
    /// ingredient written differently under one heading, staples under none.
    @Test func theIndexFilesRecipesUnderTheirTitlesAndMainIngredients() async throws {
        let scratch = try ScratchFolder()
        func recipe(_ title: String, _ lines: [(String, String, Double?, String?)]) -> Recipe {
            var recipe = Recipe(id: Slug.make(title), title: title)
            recipe.ingredientGroups = [IngredientGroup(ingredients: lines.map { line, name, amount, unit in
                Ingredient(line: line, quantity: amount.map { Amount($0) }, unit: unit, name: name)
            })]
            return recipe
        }
        let tart = recipe("Tomato Tart", [("3 Tomatoes", "Tomatoes", 3, nil), ("1 tsp salt", "salt", 1, "teaspoon"), ("2 tbsp olive oil", "olive oil", 2, "tablespoon")])
        let salad = recipe("Summer Salad", [("1 tomato", "tomato", 1, nil), ("200 g crème fraîche", "crème fraîche", 200, "gram"), ("water", "water", nil, nil)])
        let (_, page) = try await render([tart, salad], in: scratch)
        let headings = page.elements(matching: "//section[@id='index']//li[contains(@class, 'index-ingredient')]").map { item in
            (item.elements(matching: "./span[@class='index-term']").first?.text ?? "",
             item.elements(matching: ".//span[@class='index-recipe']").map(\.text))
        }
        // Named as the first recipe in the book (Summer Salad) names it.
        #expect(headings.map(\.0) == ["Crème fraîche", "Tomato"])
        #expect(headings.last?.1 == ["Summer Salad", "Tomato Tart"])
        let titles = page.elements(matching: "//section[@id='index']//li[contains(@class, 'index-title')]//span[@class='index-term']").map(\.text)
        #expect(titles == ["Summer Salad", "Tomato Tart"])
        #expect(page.elements(matching: "//section[@id='index']//h3").map(\.text) == ["C", "S", "T"])
        // Every index entry links to its recipe.
        let targets = Set(page.elements(matching: "//article").compactMap { $0.attribute("id") })
        #expect(page.elements(matching: "//section[@id='index']//a").allSatisfy { targets.contains(String(($0.attribute("href") ?? "").dropFirst())) })
    }

    /// The source is printed short, and linked without what follows the reader.
    @Test func theSourceIsPrintedShort() async throws {
        let scratch = try ScratchFolder()
        var recipe = Recipe(id: "chili", title: "Chili")
        recipe.provenance.sourceURL = "https://www.example.com/recipes/chili/?utm_source=newsletter&email=joe%40mail.example.org"
        let (_, page) = try await render([recipe], in: scratch)
        let link = try #require(page.elements(matching: "//p[@class='source']/a").first)
        #expect(link.text == "example.com/recipes/chili")
        #expect(link.attribute("href") == "https://www.example.com/recipes/chili/")
    }

    /// Recipe text is shown as text: no element or attribute of the page comes from it.
    @Test func hostileRecipeTextRunsNothing() async throws {
        let scratch = try ScratchFolder()
        let attacks = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "\"><svg onload=alert(3)>", "</style><script>alert(4)</script>",
                       "{{title}} {{{title}}}", "' onmouseover='alert(5)", "@import url(https://tracker.example/x.css);", "<img src=\"file:///etc/passwd\">"]
        var hostile = Recipe(id: "x\"><script>", title: attacks[0])
        hostile.description = attacks[1]
        hostile.categories = [attacks[3]]
        hostile.cuisines = [attacks[5]]
        hostile.provenance.author = attacks[2]
        hostile.provenance.sourceURL = "javascript:alert(6)"
        hostile.images = [RecipeImage(url: "file:///etc/passwd"), RecipeImage(url: "/etc/passwd", path: "../../../etc/passwd")]
        hostile.ingredientGroups = [IngredientGroup(name: attacks[2], ingredients: attacks.map { Ingredient(line: "1 cup " + $0) })]
        hostile.instructionSections = [InstructionSection(name: attacks[4], steps: attacks.map { Step(text: $0, name: attacks[5]) })]
        hostile.notes = attacks
        hostile.nutrition = ["calories": attacks[1]]
        hostile.yield = Yield(text: attacks[2])
        var plain = Recipe(id: "plain", title: "Plain")
        plain.provenance.sourceURL = "https://example.com/plain"
        let (html, page) = try await render([hostile, plain], options: CookbookOptions(title: attacks[0], subtitle: attacks[1], date: Self.fixedDay), in: scratch)

        // Only the elements and attributes the template writes.
        let templateElements: Set<String> = ["html", "head", "meta", "title", "style", "body", "section", "div", "h1", "h2", "h3", "h4", "p", "span",
                                             "time", "nav", "ol", "li", "a", "article", "header", "dl", "dt", "dd", "table", "tbody", "tr", "td", "th",
                                             "strong", "footer", "ul"]
        let templateAttributes: Set<String> = ["lang", "charset", "name", "content", "class", "id", "href", "scope", "data-chapter"]
        var elements: Set<String> = []
        var attributes: Set<String> = []
        page.root?.forEachDescendant { element in
            elements.insert(element.name)
            attributes.formUnion(element.attributeNames)
            return true
        }
        #expect(elements.isSubset(of: templateElements), "unexpected elements: \(elements.subtracting(templateElements))")
        #expect(attributes.isSubset(of: templateAttributes), "unexpected attributes: \(attributes.subtracting(templateAttributes))")
        // The style block is the template's CSS alone; links go to the page or to http(s).
        #expect(page.elements(matching: "//style").count == 1)
        #expect(!page.elements(matching: "//style").first!.rawText.contains("alert"))
        #expect(!page.elements(matching: "//style").first!.rawText.contains("@import"))
        #expect(page.elements(matching: "//img").isEmpty)
        #expect(page.elements(matching: "//a[@href]").allSatisfy { ($0.attribute("href") ?? "").hasPrefix("#") || ($0.attribute("href") ?? "").hasPrefix("https://") })
        // Yet every word is there to read.
        let text = page.root?.text ?? ""
        for attack in attacks { #expect(text.contains(attack), "shown as text: \(attack)") }
        #expect(text.contains("javascript:alert(6)"))
        #expect(!html.contains("<script"))
    }

    @Test func picturesAreEmbeddedOrWrittenBesideTheBook() async throws {
        let scratch = try ScratchFolder()
        var photo = Recipe(id: "photo", title: "With photo")
        photo.images = [RecipeImage(url: "https://example.com/p.png", embeddedData: Self.png(width: 640, height: 480))]
        var pixel = Recipe(id: "pixel", title: "With a spacer pixel")
        pixel.images = [RecipeImage(embeddedData: Self.png(width: 1, height: 1))]
        var remote = Recipe(id: "remote", title: "Only a web address")
        remote.images = [RecipeImage(url: "https://example.com/r.jpg")]

        let (_, embedded) = try await render([photo, pixel, remote], in: scratch)
        let sources = embedded.elements(matching: "//img").compactMap { $0.attribute("src") }
        #expect(sources == ["data:image/png;base64," + Data(Self.png(width: 640, height: 480)).base64EncodedString()])

        let (_, beside) = try await render([photo, pixel, remote], options: CookbookOptions(images: .folder, date: Self.fixedDay), in: scratch, name: "My Book.html")
        #expect(beside.elements(matching: "//img").compactMap { $0.attribute("src") } == ["My%20Book-images/photo.png"])
        #expect(try Data(contentsOf: scratch.path("My Book-images/photo.png")) == Data(Self.png(width: 640, height: 480)))

        let (_, none) = try await render([photo], options: CookbookOptions(images: .none, date: Self.fixedDay), in: scratch, name: "none.html")
        #expect(none.elements(matching: "//img").isEmpty)
    }

    /// A recipe names its image paths itself: only paths inside the library's images/ are read,
    /// so a hand-edited `../` path cannot copy a file from elsewhere into an export.
    @Test func imagePathsOutsideTheLibraryAreNeverRead() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        let bytes = Data(Self.png(width: 64, height: 64))
        try FileManager.default.createDirectory(at: scratch.path("library/images/inside"), withIntermediateDirectories: true)
        try bytes.write(to: scratch.path("secret.png"))
        try bytes.write(to: scratch.path("library/images/inside/1.png"))
        var outside = Recipe(id: "outside", title: "Outside")
        outside.images = [RecipeImage(path: "../secret.png")]
        var inside = Recipe(id: "inside", title: "Inside")
        inside.images = [RecipeImage(path: "images/inside/1.png")]

        let sink = try CookbookSink(output: scratch.path("book.html"), options: CookbookOptions(date: Self.fixedDay), imageSource: library)
        _ = try await Pipeline(sources: [RecipeListSource([outside, inside])], stages: [], sink: sink).run()
        let page = try HTMLDocument(html: try String(contentsOf: scratch.path("book.html"), encoding: .utf8))
        #expect(page.elements(matching: "//article[@id='recipe-outside']//img").isEmpty)
        #expect(page.elements(matching: "//article[@id='recipe-inside']//img").count == 1)

        let markdown = try MarkdownSink(output: scratch.path("md"), imageSource: library)
        _ = try await Pipeline(sources: [RecipeListSource([outside, inside])], stages: [], sink: markdown).run()
        #expect(!FileManager.default.fileExists(atPath: scratch.path("md/images/outside").path))
        #expect(FileManager.default.fileExists(atPath: scratch.path("md/images/inside/1.png").path))
    }

    @Test func aTemplateFolderReplacesTheBuiltInFilesItHas() async throws {
        let scratch = try ScratchFolder()
        let templates = scratch.path("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("body { font-family: \"Comic Neue\"; } @page { size: {{pageSize}}; }".utf8).write(to: templates.appendingPathComponent("style.mustache"))
        try Data("<h2 class=\"mine\">{{title}} ({{number}})</h2>".utf8).write(to: templates.appendingPathComponent("recipe.mustache"))
        let recipe = Recipe(id: "soup", title: "Soup & Bread")
        let (html, page) = try await render([recipe], options: CookbookOptions(pageSize: .letter, date: Self.fixedDay, template: templates), in: scratch)
        #expect(html.contains("font-family: \"Comic Neue\"; } @page { size: letter; }"))
        #expect(page.elements(matching: "//h2[@class='mine']").map(\.text) == ["Soup & Bread (1)"])
        // The built-in book template is still the one used.
        #expect(page.elements(matching: "//nav[@id='contents']").count == 1)

        try Data("{{#recipes}} unclosed".utf8).write(to: templates.appendingPathComponent("cookbook.mustache"))
        #expect(throws: TemplateProblem.self) { try CookbookSink(output: scratch.path("bad.html"), options: CookbookOptions(template: templates)) }
        do {
            _ = try CookbookSink(output: scratch.path("bad.html"), options: CookbookOptions(template: templates))
        } catch {
            #expect("\(error)".contains("cookbook.mustache"))
        }
        let empty = scratch.path("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: TemplateProblem.self) { try CookbookSink(output: scratch.path("x.html"), options: CookbookOptions(template: empty)) }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("bad.html").path))
    }

    /// The first bytes of a PNG of the given size (`TestImages.pngHeader`).
    static func png(width: UInt32, height: UInt32) -> [UInt8] { TestImages.pngHeader(width: width, height: height) }
}

import Foundation
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// How the books file and order recipes (`BookOrder`): one chapter for categories that differ
/// only in letter case, titles in the order a reader alphabetises (accents folded), in the HTML
/// book, the Markdown cookbook's index.md and the PDF alike.
struct BookOrderTests {
    static func recipe(_ title: String, category: String?) -> Recipe {
        var recipe = Recipe(id: Slug.make(title), title: title)
        recipe.categories = category.map { [$0] } ?? []
        recipe.ingredientGroups = [IngredientGroup(ingredients: [Ingredient(line: "1 egg")])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Cook.")])]
        return recipe
    }

    static let recipes = [
        recipe("Jam Roly-Poly", category: "Main Course"), recipe("Île Flottante", category: "Main course"),
        recipe("Hummus", category: "main course"), recipe("Zabaglione", category: "Main course"),
        recipe("Éclair", category: "Dessert"), recipe("Apple Crumble", category: "Dessert"), recipe("Toast", category: nil),
        recipe("Soup 10", category: "uncategorized"), recipe("Soup 2", category: "Dessert"),
    ]

    @Test func chaptersFoldLetterCaseAndTitlesSortAsReadersDo() {
        let groups = BookOrder.groups(Self.recipes, by: { $0.categories.first }, unnamed: BookOrder.uncategorized)
        // "Main course" is what most of its recipes say; a category spelled "uncategorized"
        // is the chapter of those without one, last.
        #expect(groups.map(\.name) == ["Dessert", "Main course", "Uncategorized"])
        #expect(groups.map(\.items.count) == [3, 4, 2])
        let titles = ["Zabaglione", "Île Flottante", "Hummus", "Jam Roly-Poly", "éclair", "Eggs", "Soup 10", "Soup 2"]
        #expect(titles.sorted(by: BookOrder.precedes) == ["éclair", "Eggs", "Hummus", "Île Flottante", "Jam Roly-Poly", "Soup 2", "Soup 10", "Zabaglione"])
    }

    @Test func theHTMLBookHasOneChapterPerCategoryWhateverItsCase() async throws {
        let scratch = try ScratchFolder()
        let output = scratch.path("book.html")
        let sink = try CookbookSink(output: output, options: CookbookOptions())
        _ = try await Pipeline(sources: [RecipeListSource(Self.recipes)], stages: [], sink: sink).run()
        let html = try String(contentsOf: output, encoding: .utf8)
        #expect(html.components(separatedBy: "<section class=\"contents-category\"").count - 1 == 3, "three chapters")
        #expect(html.components(separatedBy: ">Main course <span class=\"count\">4</span>").count == 2, "\(html)")
        let order = ["Hummus", "Île Flottante", "Jam Roly-Poly", "Zabaglione"].map { html.range(of: "<span class=\"entry-title\">\($0)</span>")!.lowerBound }
        #expect(order == order.sorted(), "the chapter lists Île Flottante among the I's")
    }

    @Test func theMarkdownIndexHasOneHeadingPerCategoryWhateverItsCase() async throws {
        let scratch = try ScratchFolder()
        let sink = try MarkdownSink(output: scratch.path("book"))
        _ = try await Pipeline(sources: [RecipeListSource(Self.recipes)], stages: [], sink: sink).run()
        let index = try String(contentsOf: scratch.path("book/index.md"), encoding: .utf8)
        #expect(index.components(separatedBy: "\n## ").dropFirst().map { $0.prefix { $0 != "\n" } } == ["Dessert (3)", "Main course (4)", "Uncategorized (2)"], "\(index)")
        let order = ["[Hummus]", "[Île Flottante]", "[Jam Roly-Poly]", "[Zabaglione]"].map { index.range(of: $0)!.lowerBound }
        #expect(order == order.sorted(), "\(index)")
    }
}

/// The same, and the contents' last line, read back from the PDF.
@Suite(.enabled(if: PDFTools.available, PDFTools.missing))
struct PDFBookOrderTests {
    @Test func thePDFHasOneChapterPerCategoryAndSortsAccentedTitlesAmongTheirLetter() async throws {
        let scratch = try ScratchFolder()
        let pdf = scratch.path("book.pdf")
        let sink = try PDFCookbookSink(output: pdf, options: CookbookOptions(title: "Order"), engine: try PDFEngine.locate())
        _ = try await Pipeline(sources: [RecipeListSource(BookOrderTests.recipes)], stages: [], sink: sink).run()
        let book = try await PrintedBook(pdf.path)
        // One chapter for the three spellings: its recipes together, in order.
        let titles = await book.contentsLines().map(\.title).filter { $0 != "Index" }
        #expect(titles == ["Apple Crumble", "Éclair", "Soup 2", "Hummus", "Île Flottante", "Jam Roly-Poly", "Zabaglione", "Soup 10", "Toast"], "\(titles)")
    }

    /// A contents page never holds only the line to the index: a book whose recipes fill the
    /// contents page exactly carries its last entry over with the Index line.
    @Test func theIndexLineIsNeverAloneOnAContentsPage() async throws {
        let scratch = try ScratchFolder()
        func book(_ count: Int) async throws -> PrintedBook {
            let recipes = (1...count).map { BookOrderTests.recipe(String(format: "Recipe %03d", $0), category: "Soups") }
            let pdf = scratch.path("book-\(count).pdf")
            let sink = try PDFCookbookSink(output: pdf, options: CookbookOptions(title: "Fill"), engine: try PDFEngine.locate())
            _ = try await Pipeline(sources: [RecipeListSource(recipes)], stages: [], sink: sink).run()
            return try await PrintedBook(pdf.path)
        }
        // How many entries one contents page holds, from a book with more than that.
        let large = try await book(200)
        let perPage = await large.contentsLines(pages: 2...2).count
        #expect(perPage > 20 && perPage < 200)
        // Exactly that many: the Index line would fall onto a page of its own.
        let full = try await book(perPage)
        var contentsPages = 2...2
        while await full.contentsLines(pages: contentsPages.upperBound + 1...contentsPages.upperBound + 1).count > 0 {
            contentsPages = 2...(contentsPages.upperBound + 1)
        }
        for page in contentsPages {
            let lines = await full.contentsLines(pages: page...page)
            #expect(lines.contains { $0.title != "Index" }, "page \(page) holds more than the Index line: \(lines)")
        }
        #expect(await full.contentsLines(pages: contentsPages).last?.title == "Index")
    }
}

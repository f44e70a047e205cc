import Foundation
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// The PDF cookbook, made by the real `larder` binary with WeasyPrint and read back with
/// poppler's `pdftotext`, page by page, as a reader would turn the pages. `make setup` installs
/// both; without them these tests are skipped and say why.
@Suite(.enabled(if: PDFTools.available, "needs weasyprint and pdftotext on PATH (make setup installs them: apt-get install weasyprint poppler-utils)"))
struct PDFCookbookTests {
    @Test func theSamplesBookHasEveryRecipeOnThePageItsContentsAndIndexGive() async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        _ = try await LarderCommand.run(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--library", library])
        let pdf = scratch.path("book.pdf").path
        let export = try await LarderCommand.run(["export", "--library", library, "--format", "pdf", "--output", pdf, "--title", "Larder Samples"])
        #expect(export.status == 0, "\(export.errors)")
        let book = try await PrintedBook(pdf)
        let stored = Library(root: URL(fileURLWithPath: library))
        let titles = try stored.recipeIDs().map { try stored.load(id: $0).title }
        #expect(titles.count == 13)

        // The contents give a page for every recipe, the index the same page for its title.
        let contents = await book.contentsEntries()
        #expect(Set(contents.keys) == Set(titles))
        let index = await book.rawText(pages: book.pageCount...book.pageCount).collapsingWhitespace
        for title in titles {
            let page = try #require(contents[title], "\(title) is in the contents")
            // The recipe starts there: its title is on that page, not as a continuation.
            #expect(await book.body(page).collapsingWhitespace.contains(title), "\(title) is on page \(page)")
            #expect(!(await book.header(page)).contains("continued"), "page \(page) starts \(title)")
            // Every mention in the index gives that page.
            let mentions = index.numbers(after: title + ", ")
            #expect(!mentions.isEmpty && mentions.allSatisfy { $0 == page }, "the index gives \(title) page \(page): \(mentions)")
        }
        // Each recipe on its own pages; a page it runs onto is headed with its title.
        let starts = contents.values.sorted()
        #expect(Set(starts).count == titles.count)
        let indexPage = book.pageCount
        for (position, start) in starts.enumerated() {
            let end = (position + 1 < starts.count ? starts[position + 1] : indexPage) - 1
            let title = contents.first { $0.value == start }!.key
            for page in stride(from: start + 1, through: end, by: 1) {
                #expect(await book.header(page).collapsingWhitespace.contains("\(title), continued"), "page \(page) carries on \(title)")
            }
        }
        // No page is empty or holds only the source line; every page past the first is numbered.
        for page in 1...book.pageCount {
            let lines = await book.body(page).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(!lines.isEmpty, "page \(page) is not empty")
            #expect(!lines.allSatisfy { $0.hasPrefix("Source:") || $0.hasPrefix("By ") }, "page \(page) holds more than a source line: \(lines)")
            if page > 1 { #expect(await book.footer(page).trimmingCharacters(in: .whitespacesAndNewlines) == "\(page)") }
        }
        // Paper: at most 1.3 pages per recipe, besides the title page, contents and index.
        let recipePages = indexPage - starts[0]
        #expect(Double(recipePages) <= 1.3 * Double(titles.count), "\(recipePages) pages for \(titles.count) recipes")
        // The PDF's outline and metadata.
        let info = try await Program("pdfinfo", [pdf]).run().output
        #expect(info.contains("Title:           Larder Samples"))
        #expect(info.contains("Producer:        WeasyPrint"))
    }

    /// Recipe text that would be markup, CSS or a file to pull in is printed as text, and the
    /// engine reads no file and fetches nothing for it.
    @Test func hostileRecipeTextStaysTextInThePDF() async throws {
        let scratch = try ScratchFolder()
        let attacks = ["<script>alert(1)</script>", "</style><h1>styled</h1>", "@import url(http://127.0.0.1:9/x.css);",
                       "<img src=\"file:///etc/passwd\">", "<link rel=attachment href=\"file:///etc/hostname\">"]
        var recipe = Recipe(id: "hostile", title: "Hostile Soup " + attacks[0])
        recipe.description = attacks[1] + " " + attacks[2]
        recipe.categories = [attacks[1]]
        recipe.ingredientGroups = [IngredientGroup(name: attacks[2], ingredients: [Ingredient(line: "1 cup " + attacks[3]), Ingredient(line: attacks[4])])]
        recipe.instructionSections = [InstructionSection(steps: attacks.map { Step(text: "Stir. " + $0) })]
        recipe.notes = attacks
        recipe.images = [RecipeImage(url: "file:///etc/passwd"), RecipeImage(url: "/etc/passwd", path: "../../../../etc/passwd")]
        recipe.provenance.sourceURL = "file:///etc/passwd"
        let pdf = scratch.path("hostile.pdf")
        let sink = try PDFCookbookSink(output: pdf, options: CookbookOptions(title: attacks[1]), engine: try PDFEngine.locate())
        let report = try await Pipeline(sources: [RecipeListSource([recipe])], stages: [], sink: sink).run()
        #expect(report.failed == 0)
        let printed = try await PrintedBook(pdf.path)
        let text = await printed.rawText(pages: 1...printed.pageCount).collapsingWhitespace
        for attack in attacks { #expect(text.contains(attack), "printed as text: \(attack)") }
        #expect(!text.contains("root:x:0:0"), "no file was read into the book")
        let attachments = try await Program("pdfdetach", ["-list", pdf.path]).run().output
        #expect(attachments.contains("0 embedded files"), "\(attachments)")
        let images = try await Program("pdfimages", ["-list", pdf.path]).run().output.split(separator: "\n")
        #expect(images.count == 2, "only the header of the listing, no image: \(images)")
    }

    /// Recipes of every length around the end of a page, rendered in the usual layout: the
    /// source line never lands on a page of its own, and the last step is never left alone.
    @Test func theSourceStaysWithTheLastStepWhateverTheLength() async throws {
        let scratch = try ScratchFolder()
        let words = "stir the sauce gently over a low heat until it thickens and coats the back of a spoon then season"
            .split(separator: " ").map(String.init)
        var document = try CookbookDocument(options: CookbookOptions(title: "Lengths"))
        for length in 0..<30 {
            var recipe = Recipe(id: "length-\(length)", title: "Length \(length)")
            recipe.ingredientGroups = [IngredientGroup(ingredients: ["2 onions", "1 cup stock", "3 carrots"].map { Ingredient(line: $0) })]
            let steps = (1...9).map { Step(text: (words + words).joined(separator: " ") + " (\($0))") }
            let last = Step(text: Array((Array(repeating: words, count: 8).flatMap { $0 }).prefix(4 + length * 4)).joined(separator: " ") + " (last)")
            recipe.instructionSections = [InstructionSection(steps: steps + [last])]
            recipe.provenance.author = "Test Cook"
            recipe.provenance.sourceURL = "https://example.com/recipes/length-\(length)"
            document.add(recipe, imageSource: nil)
        }
        let html = scratch.path("book.html"), pdf = scratch.path("book.pdf")
        try Data(try document.render(pagedMedia: true).utf8).write(to: html)
        _ = try PDFEngine.locate().render(html: html, pdf: pdf, work: scratch.url)
        let book = try await PrintedBook(pdf.path)
        var runOvers = 0
        for page in 3..<book.pageCount {
            let lines = await book.body(page).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let text = lines.filter { !$0.hasPrefix("Source:") && !$0.hasPrefix("By ") }
            #expect(!text.isEmpty, "page \(page) holds only the source: \(lines)")
            #expect(!(text.first?.hasPrefix("10. ") ?? false), "page \(page) starts with the last step alone: \(lines)")
            if await book.header(page).contains("continued") { runOvers += 1 }
        }
        #expect(runOvers > 5, "the lengths reach past the end of the page")
    }

    /// A template that points outside the book (a stylesheet, a picture by path) makes no PDF:
    /// the engine loads nothing, and the export says what was refused.
    @Test func aTemplateThatLoadsFromOutsideTheBookIsRefused() async throws {
        let scratch = try ScratchFolder()
        let templates = scratch.path("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("body { background: url(file:///etc/passwd); }\n".utf8).write(to: templates.appendingPathComponent("style.mustache"))
        let pdf = scratch.path("book.pdf")
        let result = try await LarderCommand.run(["convert", Fixtures.url("schema-org").path, "--format", "pdf", "--output", pdf.path,
                                          "--template", templates.path])
        #expect(result.status != 0)
        #expect(result.errors.contains("file:///etc/passwd"), "\(result.errors)")
        #expect(result.errors.contains("a PDF does not load"))
        #expect(!FileManager.default.fileExists(atPath: pdf.path), "no PDF is left behind")
    }

    /// A recipe whose large picture would push its last steps onto a second page is set with the
    /// picture beside the method, and fits one page.
    @Test func aRecipeThatFitsWithItsPictureBesideStaysOnOnePage() async throws {
        let server = try await LocalServer()
        let scratch = try ScratchFolder()
        var environment: [String: String] = [:]
        environment["XDG_CACHE_HOME"] = scratch.path("cache").path
        let step = "Stir the onions over a low heat until they are soft and golden, scraping the bottom of the pan "
            + "now and then so that nothing catches, and add a splash of water whenever the pan looks dry."
        let recipe: [String: Any] = [
            "@context": "https://schema.org", "@type": "Recipe", "name": "Slow Onion Tart",
            "recipeIngredient": ["6 onions, sliced", "1 sheet puff pastry", "100 g gruyère", "2 sprigs thyme"],
            "recipeInstructions": (1...8).map { ["@type": "HowToStep", "text": "\(step) (\($0))"] },
            "image": server.url("/photo/tart.png").absoluteString,
        ]
        let input = scratch.path("tart.json")
        try JSONSerialization.data(withJSONObject: recipe).write(to: input)

        // As HTML, the recipe is laid out as usual; in the PDF it is measured and set tighter.
        let html = scratch.path("tart.html")
        _ = try await LarderCommand.run(["convert", input.path, "--format", "cookbook", "--output", html.path, "--images"], environment: environment)
        let htmlBook = try String(contentsOf: html, encoding: .utf8)
        #expect(htmlBook.contains("<img src=\"data:image/png;base64,") && !htmlBook.contains("class=\"recipe fit-"))
        let pdf = scratch.path("tart.pdf").path
        let result = try await LarderCommand.run(["convert", input.path, "--format", "pdf", "--output", pdf, "--images"], environment: environment)
        #expect(result.status == 0, "\(result.errors)")
        let book = try await PrintedBook(pdf)
        #expect(await book.contentsEntries() == ["Slow Onion Tart": 3])
        #expect(book.pageCount == 4, "title page, contents, the tart on one page, the index")
        #expect(await book.body(3).contains("(8)"), "the last step is on the recipe's page")
        let images = try await Program("pdfimages", ["-list", pdf]).run().output
        #expect(images.split(separator: "\n").count == 3, "the picture is printed: \(images)")
    }

    /// A TheMealDB meal imported with `--images` keeps its picture in the library, and the PDF
    /// made from the library prints it without fetching anything.
    @Test func aMealImportedWithImagesPrintsWithItsPicture() async throws {
        let scratch = try ScratchFolder()
        let api = scratch.path("mealdb")
        try FileManager.default.createDirectory(at: api.appendingPathComponent("lookup"), withIntermediateDirectories: true)
        let server = try await LocalServer(mealdbFolder: api)
        // The stand-in reads its folder at each call: the meal names a picture on the same server.
        let meal = try String(contentsOf: Fixtures.url("workflow/mealdb-api/lookup/52928.json"), encoding: .utf8)
            .replacingOccurrences(of: "https://www.themealdb.com/images/media/meals/ryppsv1511815505.jpg",
                                  with: server.url("/photo/meal.png").absoluteString)
        try Data(meal.utf8).write(to: api.appendingPathComponent("lookup/52928.json"))
        var environment: [String: String] = [:]
        environment["XDG_CACHE_HOME"] = scratch.path("cache").path
        let library = scratch.path("library").path
        let imported = try await LarderCommand.run(["import", "mealdb:id=52928", "--mealdb-url", server.url("/api/json/v1/1/").absoluteString,
                                            "--images", "--library", library], environment: environment)
        try #require(imported.status == 0, "\(imported.errors)")
        let pdf = scratch.path("meal.pdf").path
        let exported = try await LarderCommand.run(["export", "--library", library, "--format", "pdf", "--output", pdf], environment: environment)
        try #require(exported.status == 0, "\(exported.errors)")
        let images = try await Program("pdfimages", ["-list", pdf]).run().output.split(separator: "\n")
        #expect(images.count == 3, "the meal's picture is printed: \(images)")
    }

    /// A long ingredient list beside a short method: set tighter, the nutrition and the source
    /// follow the method in its column instead of waiting below the list, and the recipe fits
    /// one page with every line of it.
    @Test func aLongListBesideAShortMethodFitsOnePage() async throws {
        let server = try await LocalServer()
        let scratch = try ScratchFolder()
        var environment: [String: String] = [:]
        environment["XDG_CACHE_HOME"] = scratch.path("cache").path
        let step = "Stir the sauce over a low heat until it thickens and coats the back of a spoon, then season it well."
        let recipe: [String: Any] = [
            "@context": "https://schema.org", "@type": "Recipe", "name": "Spice Blend Stew",
            "recipeIngredient": (1...37).map { "\($0) g spice \($0)" },
            "recipeInstructions": (1...5).map { "\(step) (\($0))" },
            "nutrition": ["@type": "NutritionInformation", "calories": "300 kcal", "fatContent": "10 g", "proteinContent": "12 g",
                          "sugarContent": "4 g", "sodiumContent": "400 mg", "fiberContent": "3 g", "carbohydrateContent": "30 g"],
            "image": server.url("/photo/stew.png").absoluteString,
        ]
        let input = scratch.path("stew.json")
        try JSONSerialization.data(withJSONObject: recipe).write(to: input)
        let pdf = scratch.path("stew.pdf").path
        let result = try await LarderCommand.run(["convert", input.path, "--format", "pdf", "--output", pdf, "--images"], environment: environment)
        try #require(result.status == 0, "\(result.errors)")
        let book = try await PrintedBook(pdf)
        #expect(book.pageCount == 4, "title page, contents, the stew on one page, the index")
        let page = await book.body(3)
        for number in 1...37 { #expect(page.contains("spice \(number)\n") || page.contains("spice \(number) "), "spice \(number) is printed") }
        #expect(page.contains("(5)") && page.contains("Calories"), "the method and the nutrition are on the recipe's page")
    }

    /// A list longer than two pages' column: WeasyPrint 57 drops the end of such a float, so
    /// Larder sets the list above the method, and every line is printed.
    @Test func anIngredientListLongerThanTwoPagesPrintsEveryLine() async throws {
        let scratch = try ScratchFolder()
        let recipe: [String: Any] = [
            "@context": "https://schema.org", "@type": "Recipe", "name": "Everything Soup",
            "recipeIngredient": (1...100).map { "\($0) g ingredient number \($0)" }, "recipeInstructions": ["Simmer everything."],
        ]
        let input = scratch.path("soup.json")
        try JSONSerialization.data(withJSONObject: recipe).write(to: input)
        let pdf = scratch.path("soup.pdf").path
        let result = try await LarderCommand.run(["convert", input.path, "--format", "pdf", "--output", pdf])
        try #require(result.status == 0, "\(result.errors)")
        let book = try await PrintedBook(pdf)
        let text = await book.rawText(pages: 1...book.pageCount)
        let printed = Set(text.split(separator: "\n").compactMap { line in
            line.range(of: "ingredient number ").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
        })
        #expect(printed == Set(1...100), "missing: \(Set(1...100).subtracting(printed).sorted())")
        #expect(text.contains("Simmer everything."))
    }
}

/// Runs the engine-free checks: what happens without WeasyPrint.
struct PDFEngineLookupTests {
    @Test func withoutWeasyPrintTheExportSaysHowToInstallItAndExits2() async throws {
        let scratch = try ScratchFolder()
        let pdf = scratch.path("book.pdf")
        var environment: [String: String] = [:]
        environment["PATH"] = scratch.url.path
        let missing = try await LarderCommand.run(["convert", Fixtures.url("schema-org").path, "--format", "pdf", "--output", pdf.path],
                                          environment: environment)
        #expect(missing.status == 2)
        #expect(missing.errors.contains("no weasyprint on PATH"), "\(missing.errors)")
        #expect(missing.errors.contains("sudo apt-get install -y weasyprint"))
        #expect(!FileManager.default.fileExists(atPath: pdf.path))

        // A program that is not WeasyPrint's launcher is named as such.
        let impostor = scratch.path("weasyprint")
        try Data("#!/bin/sh\necho hello\n".utf8).write(to: impostor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: impostor.path)
        let wrong = try await LarderCommand.run(["convert", Fixtures.url("schema-org").path, "--format", "pdf", "--output", pdf.path,
                                         "--pdf-engine", impostor.path])
        #expect(wrong.status == 2)
        #expect(wrong.errors.contains("is not WeasyPrint's launcher"), "\(wrong.errors)")

        // The PDF's options belong to it.
        let html = try await LarderCommand.run(["convert", Fixtures.url("schema-org").path, "--format", "cookbook", "--output", scratch.path("b.html").path,
                                        "--pdf-engine", impostor.path])
        #expect(html.status == 2)
        #expect(html.errors.contains("--pdf-engine is for --format pdf"))
    }

    /// `--images` on export downloads the pictures a recipe has only as web addresses, for the
    /// book alone; without it the book prints none and fetches nothing.
    @Test func exportImagesDownloadsRemotePicturesForTheBook() async throws {
        let server = try await LocalServer()
        let scratch = try ScratchFolder()
        let recipe: [String: Any] = [
            "@context": "https://schema.org", "@type": "Recipe", "name": "Pictured Pie",
            "recipeIngredient": ["2 apples"], "recipeInstructions": ["Bake."],
            "image": server.url("/photo/pie.png").absoluteString,
        ]
        let input = scratch.path("pie.json")
        try JSONSerialization.data(withJSONObject: recipe).write(to: input)
        let library = scratch.path("library").path
        _ = try await LarderCommand.run(["import", input.path, "--library", library])
        var environment: [String: String] = [:]
        environment["XDG_CACHE_HOME"] = scratch.path("cache").path

        let without = scratch.path("plain.html")
        _ = try await LarderCommand.run(["export", "--library", library, "--format", "cookbook", "--output", without.path], environment: environment)
        #expect(!(try String(contentsOf: without, encoding: .utf8)).contains("<img"))

        let with = scratch.path("pictured.html")
        let result = try await LarderCommand.run(["export", "--library", library, "--format", "cookbook", "--output", with.path, "--images"],
                                         environment: environment)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOf: with, encoding: .utf8).contains("<img src=\"data:image/png;base64,"))
        // The library is as it was: its recipe still has only the address.
        let stored = Library(root: URL(fileURLWithPath: library))
        #expect(try stored.recipeIDs().map { try stored.load(id: $0) }.flatMap { $0.images }.allSatisfy { $0.path == nil })
    }
}

extension String {
    var collapsingWhitespace: String {
        split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The numbers that follow each occurrence of `prefix`.
    func numbers(after prefix: String) -> [Int] {
        var found: [Int] = []
        var rest = self[...]
        while let range = rest.range(of: prefix) {
            let digits = rest[range.upperBound...].prefix { $0.isNumber }
            if let number = Int(digits) { found.append(number) }
            rest = rest[range.upperBound...]
        }
        return found
    }
}

/// A PDF read back with pdftotext: the body of each page (inside the margins), its header and
/// its footer, as `-layout` lays them out.
struct PrintedBook {
    let path: String
    let pageCount: Int

    /// A4 in points, and the margins of the built-in style (21 mm top, 19 mm bottom).
    static let width = 595, height = 842, top = 60, bottom = 54

    init(_ path: String) async throws {
        self.path = path
        let info = try await Program("pdfinfo", [path]).run().output
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
        pageCount = Int(line.split(separator: " ").last ?? "") ?? 0
        // No PDF (the export failed) is a failed test, not a page range that traps.
        try #require(pageCount > 0, "\(path) is a PDF with pages")
    }

    /// The text in a band of the page, without the form feed pdftotext ends a page with.
    func text(_ page: Int, y: Int, height: Int) async -> String {
        let text = (try? await Program("pdftotext", ["-layout", "-f", "\(page)", "-l", "\(page)", "-x", "0", "-y", "\(y)", "-W", "\(Self.width)",
                                                    "-H", "\(height)", path, "-"]).run().output) ?? ""
        return text.replacingOccurrences(of: "\u{0C}", with: "")
    }

    func body(_ page: Int) async -> String { await text(page, y: Self.top, height: Self.height - Self.top - Self.bottom) }
    func header(_ page: Int) async -> String { await text(page, y: 0, height: Self.top) }
    func footer(_ page: Int) async -> String { await text(page, y: Self.height - Self.bottom, height: Self.bottom) }

    /// The text in reading order (columns one after the other), for the contents and index,
    /// whose entries wrap inside their columns.
    func rawText(pages: ClosedRange<Int>) async -> String {
        (try? await Program("pdftotext", ["-f", "\(pages.lowerBound)", "-l", "\(pages.upperBound)", path, "-"]).run().output) ?? ""
    }

    /// `Title ........ 12` lines of the contents pages (page 2 on, up to the first recipe).
    func contentsEntries() async -> [String: Int] {
        var entries: [String: Int] = [:]
        for line in await rawText(pages: 2...2).split(separator: "\n") {
            guard let dots = line.range(of: "..") else { continue }
            let title = line[..<dots.lowerBound].trimmingCharacters(in: .whitespaces)
            let number = line[dots.upperBound...].drop { $0 == "." || $0 == " " }
            if let page = Int(number), !title.isEmpty, title != "Index" { entries[title] = page }
        }
        return entries
    }
}

enum PDFTools {
    static var available: Bool {
        ["weasyprint", "pdftotext", "pdfinfo", "pdfimages"].allSatisfy { Program.find($0) != nil }
    }
}

/// A recipe with characters no installed font has: WeasyPrint prints them as nothing, so the
/// export says which recipe loses what, and still writes the PDF. A private-use code point of
/// plane 15 is in no font of any machine, so this holds whatever fonts are installed.
@Suite(.enabled(if: PDFTools.available, "needs weasyprint and pdftotext on PATH (make setup installs them: apt-get install weasyprint poppler-utils)"))
struct PDFUnprintableTextTests {
    @Test func textNoFontCanPrintIsNamedAndThePDFIsStillWritten() async throws {
        let scratch = try ScratchFolder()
        let recipes = scratch.path("recipes")
        try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
        let odd = #"{"@type":"Recipe","name":"Odd Glyph Soup \u{F0041}","recipeIngredient":["1 cup \u{F0042} water"],"recipeInstructions":["Boil."]}"#
        try Data(odd.replacingOccurrences(of: #"\u{F0041}"#, with: "\u{F0041}").replacingOccurrences(of: #"\u{F0042}"#, with: "\u{F0042}").utf8)
            .write(to: recipes.appendingPathComponent("odd.json"))
        try Data(#"{"@type":"Recipe","name":"Plain Soup","recipeIngredient":["1 cup water"],"recipeInstructions":["Boil."]}"#.utf8)
            .write(to: recipes.appendingPathComponent("plain.json"))
        let pdf = scratch.path("book.pdf").path
        let result = try await LarderCommand.run(["convert", recipes.path, "--format", "pdf", "--output", pdf])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("note: 1 recipe has private-use characters (U+F0041) no installed font can print, so the PDF leaves it blank: \"Odd Glyph Soup \u{F0041}\""), "\(result.errors)")
        #expect(!result.errors.contains("Plain Soup"))
        #expect(try await PrintedBook(pdf).pageCount > 1, "the PDF is written")
    }
}

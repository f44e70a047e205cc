import Foundation
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// The PDF cookbook, made by the real `larder` binary with Typst and read back with poppler's
/// `pdftotext`, page by page, as a reader would turn the pages. `make setup` installs both;
/// without them these tests are skipped and say why.
@Suite(.enabled(if: PDFTools.available, PDFTools.missing))
struct PDFCookbookTests {
    @Test func theSamplesBookHasEveryRecipeOnThePageItsContentsAndIndexGive() async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        _ = try await PDFTools.larder(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--library", library])
        let pdf = scratch.path("book.pdf").path
        let export = try await PDFTools.larder(["export", "--library", library, "--format", "pdf", "--output", pdf, "--title", "Larder Samples"])
        #expect(export.status == 0, "\(export.errors)")
        try await Self.checkSamplesBook(pdf, library: library)
        // Progress, as plain lines when stderr is no terminal: the recipes, then the pages.
        #expect(export.errors.contains("PDF: 13 recipes prepared\n"), "\(export.errors)")
        #expect(export.errors.contains("PDF: 13 of 13 recipes laid out\n"))
        #expect(export.errors.contains("PDF: \(try await PrintedBook(pdf).pageCount) pages laid out in "))
    }

    /// A large book is laid out in parts, each in a process of its own, and bound: the same
    /// book, every rule kept across the parts' seams (here parts of 4 recipes).
    @Test func aBookLaidOutInPartsIsTheSameBook() async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        _ = try await PDFTools.larder(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--library", library])
        let stored = Library(root: URL(fileURLWithPath: library))
        let pdf = scratch.path("book.pdf")
        let steps = ProgressLog()
        let sink = try PDFCookbookSink(output: pdf, options: CookbookOptions(title: "Larder Samples"), engine: try PDFEngine.locate(),
                                       imageSource: stored, progress: { steps.add($0) }, recipesPerPart: 4)
        let report = try await Pipeline(sources: [LibrarySource(library: stored)], stages: [StoredImageStage(library: stored)], sink: sink).run()
        #expect(report.failed == 0)
        try await Self.checkSamplesBook(pdf.path, library: library)
        #expect(steps.lines.contains("engine(LarderKit.EngineProgress.binding)"), "\(steps.lines)")
        #expect(steps.lines.contains("engine(LarderKit.EngineProgress.recipes(done: 8, of: 13))"), "\(steps.lines)")
    }

    /// The rules every book of the Samples keeps, read back from the PDF.
    static func checkSamplesBook(_ pdf: String, library: String) async throws {
        let book = try await PrintedBook(pdf)
        let stored = Library(root: URL(fileURLWithPath: library))
        let titles = try stored.recipeIDs().map { try stored.load(id: $0).title }
        #expect(titles.count == 13)
        // The title page: the book's title alone, without a page number.
        let titlePage = await book.rawText(pages: 1...1)
        #expect(titlePage.collapsingWhitespace.hasPrefix("Larder Samples"), "\(titlePage)")
        #expect(await book.footer(1).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)

        // The contents give a page for every recipe, the index the same page for its title.
        let contents = await book.contentsEntries()
        #expect(Set(contents.keys) == Set(titles))
        let index = await book.rawText(pages: book.pageCount...book.pageCount).collapsingWhitespace
        for title in titles {
            let page = try #require(contents[title], "\(title) is in the contents")
            // The recipe starts there: its title is on that page, not as a continuation.
            #expect(await book.body(page).collapsingWhitespace.contains(title), "\(title) is on page \(page)")
            #expect(await !book.header(page).contains("continued"), "page \(page) starts \(title)")
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
        let info = try await PDFTools.run("pdfinfo", [pdf]).output
        #expect(info.contains("Title:           Larder Samples"))
        #expect(info.contains("Creator:         Typst"))
        #expect(try await PDFTools.run("pdftotext", ["-f", "3", "-l", "3", "-layout", pdf, "-"]).output.contains("Source: example.org/crepes"))
    }

    /// Recipe text that would be Typst markup or code, HTML or a file to pull in is printed as
    /// text, and the engine reads no file and fetches nothing for it.
    @Test func hostileRecipeTextStaysTextInThePDF() async throws {
        let scratch = try ScratchFolder()
        let attacks = ["#set page(width: 1cm)", "$x^2 + y$", "*bold* _slanted_", "@missing-ref", "<fake-label>", "= Heading",
                       "// not a comment", #"back\\slash \"quote"#, "#read(\"/etc/passwd\")", "#image(\"/etc/passwd\")",
                       "#import \"@preview/cetz:0.3.0\"", "[#box[x]]", "<script>alert(1)</script>", "<img src=\"file:///etc/passwd\">"]
        var recipe = Recipe(id: "hostile", title: "Hostile Soup " + attacks[0])
        recipe.description = attacks[1] + " " + attacks[2]
        recipe.categories = [attacks[5]]
        recipe.cuisines = [attacks[3]]
        recipe.ingredientGroups = [IngredientGroup(name: attacks[4], ingredients: [Ingredient(line: "1 cup " + attacks[6]), Ingredient(line: attacks[7])])]
        // A line that starts with markup, as a step would.
        recipe.instructionSections = [InstructionSection(name: attacks[10], steps: attacks.map { Step(text: $0) })]
        recipe.notes = attacks
        recipe.provenance.author = attacks[8]
        recipe.images = [RecipeImage(url: "file:///etc/passwd"), RecipeImage(url: "/etc/passwd", path: "../../../../etc/passwd")]
        recipe.provenance.sourceURL = "file:///etc/passwd"
        let pdf = scratch.path("hostile.pdf")
        let sink = try PDFCookbookSink(output: pdf, options: CookbookOptions(title: attacks[9]), engine: try PDFEngine.locate())
        let report = try await Pipeline(sources: [RecipeListSource([recipe])], stages: [], sink: sink).run()
        #expect(report.failed == 0)
        let printed = try await PrintedBook(pdf.path)
        let text = await printed.rawText(pages: 1...printed.pageCount).collapsingWhitespace
        for attack in attacks { #expect(text.contains(attack), "printed as text: \(attack)") }
        #expect(!text.contains("root:x:0:0"), "no file was read into the book")
        // The page is A4 still: `#set page(width: 1cm)` was not run.
        #expect(try await PDFTools.run("pdfinfo", [pdf.path]).output.contains("595.276 x 841.89 pts (A4)"))
        let attachments = try await PDFTools.run("pdfdetach", ["-list", pdf.path]).output
        #expect(attachments.contains("0 embedded files"), "\(attachments)")
        let images = try await PDFTools.run("pdfimages", ["-list", pdf.path]).output.split(separator: "\n")
        #expect(images.count == 2, "only the header of the listing, no image: \(images)")
    }

    /// Recipes of every length around the end of their second page (too long for a tighter
    /// layout to save a page, so set as usual): the source line never lands on a page of its
    /// own, and the last step is never left alone.
    @Test func theSourceStaysWithTheLastStepWhateverTheLength() async throws {
        let scratch = try ScratchFolder()
        let words = "stir the sauce gently over a low heat until it thickens and coats the back of a spoon then season"
            .split(separator: " ").map(String.init)
        var recipes: [Recipe] = []
        for length in 0..<30 {
            var recipe = Recipe(id: "length-\(length)", title: "Length \(length)")
            recipe.ingredientGroups = [IngredientGroup(ingredients: ["2 onions", "1 cup stock", "3 carrots"].map { Ingredient(line: $0) })]
            let steps = (1...25).map { Step(text: (words + words).joined(separator: " ") + " (\($0))") }
            let last = Step(text: Array((Array(repeating: words, count: 8).flatMap { $0 }).prefix(4 + length * 4)).joined(separator: " ") + " (last)")
            recipe.instructionSections = [InstructionSection(steps: steps + [last])]
            recipe.provenance.author = "Test Cook"
            recipe.provenance.sourceURL = "https://example.com/recipes/length-\(length)"
            recipes.append(recipe)
        }
        let pdf = scratch.path("book.pdf")
        let sink = try PDFCookbookSink(output: pdf, options: CookbookOptions(title: "Lengths"), engine: try PDFEngine.locate())
        _ = try await Pipeline(sources: [RecipeListSource(recipes)], stages: [], sink: sink).run()
        let book = try await PrintedBook(pdf.path)
        var runOvers = 0
        for page in 3..<book.pageCount {
            let lines = await book.body(page).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let text = lines.filter { !$0.hasPrefix("Source:") && !$0.hasPrefix("By ") }
            #expect(!text.isEmpty, "page \(page) holds only the source: \(lines)")
            #expect(!(text.first?.hasPrefix("26. ") ?? false), "page \(page) starts with the last step alone: \(lines)")
            if await book.header(page).contains("continued") { runOvers += 1 }
        }
        #expect(runOvers > 5, "the lengths reach past the end of the page")
    }

    /// A `--template` that reads a file outside the book's folder makes no PDF: Typst's root is
    /// that folder, and the export says what was refused, naming the template and its line.
    @Test func aTemplateThatReadsOutsideTheBookIsRefused() async throws {
        let scratch = try ScratchFolder()
        for (reading, refusal) in [("/etc/passwd", "file not found"), ("../../../../../../etc/passwd", "would escape the project root")] {
            let template = scratch.path("outside.typ")
            try Data("#let book = json(\"book.json\")\n= #book.title\n#read(\"\(reading)\")\n".utf8).write(to: template)
            let pdf = scratch.path("book.pdf")
            let result = try await PDFTools.larder(["convert", Fixtures.url("schema-org").path, "--format", "pdf", "--output", pdf.path,
                                              "--template", template.path])
            #expect(result.status == 1)
            #expect(result.errors.contains("Typst could not lay out the book with \(template.path)"), "\(result.errors)")
            #expect(result.errors.contains(refusal) && result.errors.contains("\(template.path):3:"), "\(result.errors)")
            #expect(!result.errors.contains("root:x:0:0"))
            #expect(!FileManager.default.fileExists(atPath: pdf.path), "no PDF is left behind")
        }
    }

    /// A template that imports a Typst package fetches nothing: the package is not downloaded
    /// (not even through the proxy the environment names), and the export says so.
    @Test func aTemplateThatImportsAPackageFetchesNothing() async throws {
        let scratch = try ScratchFolder()
        let listener = try await ConnectionCounter()
        let template = scratch.path("package.typ")
        try Data("#import \"@preview/cetz:0.3.0\"\nHello\n".utf8).write(to: template)
        var environment = ProcessInfo.processInfo.environment
        for name in ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"] {
            environment[name] = "http://127.0.0.1:\(listener.port)"
        }
        let pdf = scratch.path("book.pdf")
        let result = try await PDFTools.larder(["convert", Fixtures.url("schema-org").path, "--format", "pdf", "--output", pdf.path,
                                          "--template", template.path], environment: environment)
        #expect(result.status == 1)
        #expect(result.errors.contains("cetz"), "\(result.errors)")
        #expect(try await listener.connections() == 0, "no connection was made for the package")
        #expect(!FileManager.default.fileExists(atPath: pdf.path))
    }

    /// `--template book.typ` replaces the built-in template: it receives the book as JSON, with
    /// the names docs/pdf.md lists.
    @Test func aTemplateOfOnesOwnLaysOutTheBook() async throws {
        let scratch = try ScratchFolder()
        let template = scratch.path("mine.typ")
        try Data(#"""
            #let book = json("book.json")
            #set page(paper: book.paper)
            My own book: #book.title (#book.recipeCountText)
            #for recipe in book.recipes [
              #pagebreak()
              #recipe.number. #recipe.title -- #recipe.ingredientGroups.map(g => g.ingredients.len()).sum() ingredients
            ]
            """#.utf8).write(to: template)
        let pdf = scratch.path("book.pdf").path
        let result = try await PDFTools.larder(["convert", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--format", "pdf", "--output", pdf,
                                          "--template", template.path, "--title", "Mine", "--page-size", "letter"])
        #expect(result.status == 0, "\(result.errors)")
        let book = try await PrintedBook(pdf)
        let text = await book.rawText(pages: 1...book.pageCount).collapsingWhitespace
        #expect(text.contains("My own book: Mine ("))
        #expect(book.pageCount > 1 && text.contains("1. "))
        #expect(try await PDFTools.run("pdfinfo", [pdf]).output.contains("612 x 792 pts (letter)"))
    }

    /// A template Typst cannot compile stops the export with exit code 1, naming the file and
    /// the line; a folder given for the PDF's template is a usage error (exit 2).
    @Test func aBrokenTemplateIsNamedWithItsLine() async throws {
        let scratch = try ScratchFolder()
        let template = scratch.path("broken.typ")
        try Data("#let book = json(\"book.json\")\n\n#book.no-such-field\n".utf8).write(to: template)
        let pdf = scratch.path("book.pdf").path
        let broken = try await PDFTools.larder(["convert", Fixtures.url("schema-org").path, "--format", "pdf", "--output", pdf, "--template", template.path])
        #expect(broken.status == 1)
        #expect(broken.errors.contains("\(template.path):3:"), "\(broken.errors)")
        #expect(broken.errors.contains("no-such-field"), "\(broken.errors)")
        let folder = try await PDFTools.larder(["convert", Fixtures.url("schema-org").path, "--format", "pdf", "--output", pdf, "--template", scratch.url.path])
        #expect(folder.status == 2)
        #expect(folder.errors.contains("is a folder: for --format pdf it names a Typst file"), "\(folder.errors)")
        #expect(!FileManager.default.fileExists(atPath: pdf))
    }

    /// A recipe whose large picture would push its last steps onto a second page is set with the
    /// picture beside the method, and fits one page.
    @Test func aRecipeThatFitsWithItsPictureBesideStaysOnOnePage() async throws {
        let server = try await LocalServer()
        let scratch = try ScratchFolder()
        var environment = ProcessInfo.processInfo.environment
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
        _ = try await PDFTools.larder(["convert", input.path, "--format", "cookbook", "--output", html.path, "--images"], environment: environment)
        let htmlBook = try String(contentsOf: html, encoding: .utf8)
        #expect(htmlBook.contains("<img src=\"data:image/png;base64,") && !htmlBook.contains("class=\"recipe fit-"))
        let pdf = scratch.path("tart.pdf").path
        let result = try await PDFTools.larder(["convert", input.path, "--format", "pdf", "--output", pdf, "--images"], environment: environment)
        #expect(result.status == 0, "\(result.errors)")
        let book = try await PrintedBook(pdf)
        #expect(await book.contentsEntries() == ["Slow Onion Tart": 3])
        #expect(book.pageCount == 4, "title page, contents, the tart on one page, the index")
        #expect(await book.body(3).contains("(8)"), "the last step is on the recipe's page")
        let images = try await PDFTools.run("pdfimages", ["-list", pdf]).output
        #expect(images.split(separator: "\n").count == 3, "the picture is printed: \(images)")
    }

    /// A picture whose bytes start like a PNG and are not one would stop Typst: the recipe is
    /// printed without it, the others with theirs, and a note names it.
    @Test func anUnreadablePictureIsLeftOutAndNamed() async throws {
        let scratch = try ScratchFolder()
        let broken = TestImages.pngHeader(width: 120, height: 80) + Array(repeating: 0x42, count: 300)
        // A real 120 x 80 PNG, made by Python's zlib.
        let made = scratch.path("good.png")
        _ = try await PDFTools.run("python3", ["-c", """
            import struct, sys, zlib
            def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            rows = b"".join(b"\\0" + bytes((x * 2 + y) % 256 for x in range(120) for _ in range(3)) for y in range(80))
            open(sys.argv[1], "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 120, 80, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
            """, made.path])
        let good = try Data(contentsOf: made)
        var bad = Recipe(id: "bad", title: "Broken Picture Pie")
        bad.images = [RecipeImage(url: "https://example.org/pie.png", embeddedData: broken)]
        bad.instructionSections = [InstructionSection(steps: [Step(text: "Bake.")])]
        var fine = Recipe(id: "fine", title: "Pictured Tart")
        fine.images = [RecipeImage(url: "https://example.org/tart.png", embeddedData: [UInt8](good))]
        fine.instructionSections = [InstructionSection(steps: [Step(text: "Bake.")])]
        let pdf = scratch.path("book.pdf")
        let sink = try PDFCookbookSink(output: pdf, options: CookbookOptions(title: "Pictures"), engine: try PDFEngine.locate())
        let report = try await Pipeline(sources: [RecipeListSource([bad, fine])], stages: [], sink: sink).run()
        #expect(report.failed == 0)
        #expect(report.notes.contains { $0.hasPrefix("the picture of \"Broken Picture Pie\" could not be read") }, "\(report.notes)")
        let book = try await PrintedBook(pdf.path)
        #expect(await book.rawText(pages: 1...book.pageCount).contains("Broken Picture Pie"))
        let images = try await PDFTools.run("pdfimages", ["-list", pdf.path]).output.split(separator: "\n")
        #expect(images.count == 3, "the good picture is printed: \(images)")
    }

    /// Stopping the export while Typst lays the book out stops the engine, and its workers, at
    /// once: no PDF, no process left, no work folder left.
    @Test func stoppingTheExportStopsTheEngine() async throws {
        let scratch = try ScratchFolder()
        let recipes = scratch.path("recipes")
        try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
        let step = "Stir the sauce over a low heat until it thickens and coats the back of a spoon, then season it well."
        for number in 1...400 {
            let recipe: [String: Any] = ["@type": "Recipe", "name": "Stew \(number)", "recipeIngredient": ["1 onion", "2 carrots"],
                                         "recipeInstructions": Array(repeating: step, count: 12)]
            try JSONSerialization.data(withJSONObject: recipe).write(to: recipes.appendingPathComponent("\(number).json"))
        }
        try FileManager.default.createDirectory(at: scratch.path("tmp"), withIntermediateDirectories: true)
        let pdf = scratch.path("book.pdf")
        let running = try LarderCommand.start(["convert", recipes.path, "--format", "pdf", "--output", pdf.path],
                                              environment: ["TMPDIR": scratch.path("tmp").path])
        let engines = { @Sendable () -> [String] in
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid -> String? in
                guard Int(pid) != nil, let line = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return nil }
                return line.contains(scratch.path("tmp").path) && line.contains("engine.py") ? pid : nil
            } ?? []
        }
        // Stop the export once the engine is laying out: the signal is sent by the thread that
        // sees it, at that moment, however busy the test pool is.
        try await running.waitUntil("the engine is laying out", thenSignal: SIGINT) { [running] in
            running.errorsSoFar.contains("recipes laid out") && !engines().isEmpty
        }
        let stopped = try await running.finish()
        #expect(stopped.status == 130, "\(stopped)")
        try await eventually("no engine process is left") { engines().isEmpty }
        #expect(!FileManager.default.fileExists(atPath: pdf.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("tmp").path).isEmpty, "no work folder is left")
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
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = scratch.path("cache").path
        let library = scratch.path("library").path
        let imported = try await PDFTools.larder(["import", "mealdb:id=52928", "--mealdb-url", server.url("/api/json/v1/1/").absoluteString,
                                            "--images", "--library", library], environment: environment)
        try #require(imported.status == 0, "\(imported.errors)")
        let pdf = scratch.path("meal.pdf").path
        let exported = try await PDFTools.larder(["export", "--library", library, "--format", "pdf", "--output", pdf], environment: environment)
        try #require(exported.status == 0, "\(exported.errors)")
        let images = try await PDFTools.run("pdfimages", ["-list", pdf]).output.split(separator: "\n")
        #expect(images.count == 3, "the meal's picture is printed: \(images)")
    }

    /// A long ingredient list beside a short method: set tighter, the nutrition and the source
    /// follow the method in its column instead of waiting below the list, and the recipe fits
    /// one page with every line of it.
    @Test func aLongListBesideAShortMethodFitsOnePage() async throws {
        let server = try await LocalServer()
        let scratch = try ScratchFolder()
        var environment = ProcessInfo.processInfo.environment
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
        let result = try await PDFTools.larder(["convert", input.path, "--format", "pdf", "--output", pdf, "--images"], environment: environment)
        try #require(result.status == 0, "\(result.errors)")
        let book = try await PrintedBook(pdf)
        #expect(book.pageCount == 4, "title page, contents, the stew on one page, the index")
        let page = await book.body(3)
        for number in 1...37 { #expect(page.contains("spice \(number)\n") || page.contains("spice \(number) "), "spice \(number) is printed") }
        #expect(page.contains("(5)") && page.contains("Calories"), "the method and the nutrition are on the recipe's page")
    }

    /// A list longer than two pages' column is printed whole, every line of it, beside the method.
    @Test func anIngredientListLongerThanTwoPagesPrintsEveryLine() async throws {
        let scratch = try ScratchFolder()
        let recipe: [String: Any] = [
            "@context": "https://schema.org", "@type": "Recipe", "name": "Everything Soup",
            "recipeIngredient": (1...100).map { "\($0) g ingredient number \($0)" }, "recipeInstructions": ["Simmer everything."],
        ]
        let input = scratch.path("soup.json")
        try JSONSerialization.data(withJSONObject: recipe).write(to: input)
        let pdf = scratch.path("soup.pdf").path
        let result = try await PDFTools.larder(["convert", input.path, "--format", "pdf", "--output", pdf])
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

/// Runs the engine-free checks: what happens without Typst.
struct PDFEngineLookupTests {
    @Test func withoutTypstTheExportSaysHowToInstallItAndExits2() async throws {
        let scratch = try ScratchFolder()
        let pdf = scratch.path("book.pdf")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = scratch.url.path
        let missing = try await PDFTools.larder(["convert", Fixtures.url("schema-org").path, "--format", "pdf", "--output", pdf.path],
                                          environment: environment)
        #expect(missing.status == 2)
        #expect(missing.errors.contains("there is no python3 on PATH"), "\(missing.errors)")
        #expect(missing.errors.contains("python3 -m pip install typst"))
        #expect(!FileManager.default.fileExists(atPath: pdf.path))

        // A Python that cannot import typst is named as such, with the install command.
        let python = scratch.path("python3")
        try Data("#!/bin/sh\necho \"ModuleNotFoundError: No module named 'typst'\" >&2\nexit 1\n".utf8).write(to: python)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: python.path)
        let cannot = try await PDFTools.larder(["convert", Fixtures.url("schema-org").path, "--format", "pdf", "--output", pdf.path],
                                         environment: environment)
        #expect(cannot.status == 2)
        #expect(cannot.errors.contains("\(python.path) cannot import its Python package (typst)"), "\(cannot.errors)")
        #expect(cannot.errors.contains("Install it with: python3 -m pip install typst"))
        let named = try await PDFTools.larder(["convert", Fixtures.url("schema-org").path, "--format", "pdf", "--output", pdf.path,
                                         "--pdf-engine", python.path])
        #expect(named.status == 2 && named.errors.contains("cannot import its Python package"), "\(named.errors)")
        #expect(!FileManager.default.fileExists(atPath: pdf.path))

        // The PDF's options belong to it.
        let html = try await PDFTools.larder(["convert", Fixtures.url("schema-org").path, "--format", "cookbook", "--output", scratch.path("b.html").path,
                                        "--pdf-engine", python.path])
        #expect(html.status == 2)
        #expect(html.errors.contains("--pdf-engine is for --format pdf"))
    }

    /// Japanese text and an emoji are printed in the system's fonts, a source address keeps its
    /// host and path with no debris of a tracking parameter whose value holds a `&`, and a
    /// picture known only by its web address is neither fetched nor printed without `--images`.
    @Test func japaneseEmojiAndATrackedSourcePrintAndNothingIsFetched() async throws {
        let server = try await LocalServer()
        let scratch = try ScratchFolder()
        let source = "https://www.example.com/recipes/curry/?utm_source=news%26letter&utm_campaign=a&b=c&fbclid=XYZ#recipe"
        let recipe: [String: Any] = [
            "@context": "https://schema.org", "@type": "Recipe", "name": "日本のカレーライス 🍛",
            "recipeIngredient": ["玉ねぎ 2個", "カレールウ 1箱 🍛"], "recipeInstructions": ["玉ねぎを炒める。", "ルウを加えて煮込む。"],
            "image": server.url("/image/curry.png").absoluteString, "url": source,
        ]
        let input = scratch.path("curry.json")
        try JSONSerialization.data(withJSONObject: recipe).write(to: input)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = scratch.path("cache").path
        let pdf = scratch.path("curry.pdf").path
        let result = try await PDFTools.larder(["convert", input.path, "--format", "pdf", "--output", pdf], environment: environment)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("no installed font"), "the machine's fonts print it all: \(result.errors)")
        let book = try await PrintedBook(pdf)
        let page = await book.rawText(pages: 3...3)
        // (pdftotext puts a space where the font changes, between "2" and "個".)
        let unspaced = page.filter { !$0.isWhitespace }
        for text in ["日本のカレーライス", "玉ねぎ2個", "ルウを加えて煮込む。", "🍛"] { #expect(unspaced.contains(text), "printed: \(text)\n\(page)") }
        // The emoji is drawn from the colour emoji font, not left as a box.
        let fonts = try await PDFTools.run("pdffonts", [pdf]).output
        #expect(fonts.contains("NotoColorEmoji") || fonts.contains("Type 3"), "\(fonts)")
        // The page's own parameter stays; the tracking ones go whole, "letter" after the `&` too.
        #expect(page.collapsingWhitespace.contains("Source: example.com/recipes/curry?b=c 3"), "\(page)")
        #expect(!page.contains("letter") && !page.contains("utm") && !page.contains("#recipe"), "\(page)")
        // No picture in the book, and the server was never asked for it.
        #expect(try await PDFTools.run("pdfimages", ["-list", pdf]).output.split(separator: "\n").count == 2)
        let hits = try await PDFTools.run("python3", ["-c", "import urllib.request,sys; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                server.url("/fault/hits/image/curry.png").absoluteString]).output
        #expect(hits.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "fetched \(hits) times")
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
        _ = try await PDFTools.larder(["import", input.path, "--library", library])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = scratch.path("cache").path

        let without = scratch.path("plain.html")
        _ = try await PDFTools.larder(["export", "--library", library, "--format", "cookbook", "--output", without.path], environment: environment)
        #expect(!(try String(contentsOf: without, encoding: .utf8)).contains("<img"))

        let with = scratch.path("pictured.html")
        let result = try await PDFTools.larder(["export", "--library", library, "--format", "cookbook", "--output", with.path, "--images"],
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
        let info = try await PDFTools.run("pdfinfo", [path]).output
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
        pageCount = Int(line.split(separator: " ").last ?? "") ?? 0
        // No PDF (the export failed) is a failed test, not a page range that traps.
        try #require(pageCount > 0, "\(path) is a PDF with pages")
    }

    /// The text in a band of the page, without the form feed pdftotext ends a page with.
    func text(_ page: Int, y: Int, height: Int) async -> String {
        let text = (try? await PDFTools.run("pdftotext", ["-layout", "-f", "\(page)", "-l", "\(page)", "-x", "0", "-y", "\(y)", "-W", "\(Self.width)",
                                                    "-H", "\(height)", path, "-"]).output) ?? ""
        return text.replacingOccurrences(of: "\u{0C}", with: "")
    }

    func body(_ page: Int) async -> String { await text(page, y: Self.top, height: Self.height - Self.top - Self.bottom) }
    func header(_ page: Int) async -> String { await text(page, y: 0, height: Self.top) }
    func footer(_ page: Int) async -> String { await text(page, y: Self.height - Self.bottom, height: Self.bottom) }

    /// The text in reading order (columns one after the other), for the contents and index,
    /// whose entries wrap inside their columns.
    func rawText(pages: ClosedRange<Int>) async -> String {
        (try? await PDFTools.run("pdftotext", ["-f", "\(pages.lowerBound)", "-l", "\(pages.upperBound)", path, "-"]).output) ?? ""
    }

    /// `Title . . . . 12` lines of the contents pages (`pages`, page 2 by default), in order.
    func contentsLines(pages: ClosedRange<Int> = 2...2) async -> [(title: String, page: Int)] {
        var entries: [(String, Int)] = []
        for line in await rawText(pages: pages).split(separator: "\n") {
            guard let dots = line.range(of: #"\s*(\.\s*){3,}"#, options: .regularExpression) else { continue }
            let title = line[..<dots.lowerBound].trimmingCharacters(in: .whitespaces)
            if let page = Int(line[dots.upperBound...].trimmingCharacters(in: .whitespaces)), !title.isEmpty { entries.append((title, page)) }
        }
        return entries
    }

    /// The recipes of the contents and their pages.
    func contentsEntries(pages: ClosedRange<Int> = 2...2) async -> [String: Int] {
        Dictionary(await contentsLines(pages: pages).filter { $0.title != "Index" }, uniquingKeysWith: { first, _ in first })
    }
}

enum PDFTools {
    /// Typst (the python3 on PATH imports it) and poppler's tools.
    static let available: Bool = (try? PDFEngine.locate()) != nil && ["pdftotext", "pdfinfo", "pdfimages"].allSatisfy { find($0) != nil }

    static let missing: Comment = "needs Typst for python3 and pdftotext on PATH (make setup installs them: pip install typst, apt-get install poppler-utils)"

    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    static func larder(_ arguments: [String], environment: [String: String]? = nil) async throws -> Result {
        try await run(try #require(LarderBinary.url).path, arguments, environment: environment)
    }

    /// Runs a program (a path, or a name on `PATH`) to its end, with `environment` in place of
    /// the test's own when given.
    static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) async throws -> Result {
        let run = try await Program(program, arguments, environment: environment ?? ProcessInfo.processInfo.environment).run()
        return Result(status: run.status, output: run.output, errors: run.errors)
    }
}

/// A recipe with characters no installed font has: Typst prints them as empty boxes, so the
/// export says which recipe loses what, and still writes the PDF. A private-use code point of
/// plane 15 is in no font of any machine, so this holds whatever fonts are installed.
@Suite(.enabled(if: PDFTools.available, PDFTools.missing))
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
        let result = try await PDFTools.larder(["convert", recipes.path, "--format", "pdf", "--output", pdf])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("note: 1 recipe has private-use characters (U+F0041) no installed font can print, so the PDF prints boxes in its place: \"Odd Glyph Soup \u{F0041}\""), "\(result.errors)")
        #expect(!result.errors.contains("Plain Soup"))
        #expect(try await PrintedBook(pdf).pageCount > 1, "the PDF is written")
    }
}

/// A loopback port that counts the connections made to it (and answers none).
final class ConnectionCounter: @unchecked Sendable {
    let port: Int
    private let listener: RunningProgram

    init() async throws {
        var program = Program("python3", ["-c", """
            import socket, sys, threading
            server = socket.socket()
            server.bind(("127.0.0.1", 0))
            server.listen(16)
            print(server.getsockname()[1], flush=True)
            def serve():
                while True:
                    connection, _ = server.accept()
                    print("connection", flush=True)
                    connection.close()
            threading.Thread(target=serve, daemon=True).start()
            sys.stdin.read()
            """])
        // It stops when its input closes, even if the test crashes.
        program.holdsInputOpen = true
        listener = try program.start()
        try await listener.waitUntil("it printed its port") { [listener] in listener.outputSoFar.contains("\n") }
        port = Int(listener.outputSoFar.split(separator: "\n").first.map(String.init) ?? "") ?? 0
    }

    /// Connections so far (read when the listener stops).
    func connections() async throws -> Int {
        listener.closeInput()
        let run = try await listener.finish()
        return run.output.components(separatedBy: "connection").count - 1
    }
}

/// What a sink said of its progress, for a test to read.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var said: [String] = []

    func add(_ step: PDFProgress) { lock.withLock { said.append("\(step)") } }

    var lines: [String] { lock.withLock { said } }
}

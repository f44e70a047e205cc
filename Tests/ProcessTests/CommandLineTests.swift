import Foundation
import LarderArchive
import LarderCore
import LarderKit
import Testing
import TestSupport

/// Runs the built `larder` binary, as a person would.
struct CommandLineTests {
    typealias Result = ProgramRun

    func larder(_ arguments: [String]) async throws -> ProgramRun {
        try await LarderCommand.run(arguments)
    }

    /// A scratch folder with a library of the recipe-app fixtures in it.
    func libraryOfTheAppFixtures() async throws -> (ScratchFolder, String) {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        // Some app files hold inputs that fail on purpose; the tests use the recipes that import.
        _ = try await larder(["import", Fixtures.url("apps").path, "--library", library])
        return (scratch, library)
    }

    @Test func exitCodesSayWhetherAnythingFailed() async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        let good = try await larder(["import", Fixtures.url("apps/recipe-search-local/recipes.json").path, "--library", library])
        #expect(good.status == 0)
        #expect(good.output.contains("2 imported, 0 skipped, 0 failed"))

        let mixed = try await larder(["import", Fixtures.url("malformed").path, Fixtures.url("mealdb/lookup/52772.json").path, "--library", library])
        #expect(mixed.status == 1)
        #expect(mixed.errors.contains("truncated-recipe.json"))
        #expect(mixed.output.contains("1 imported, 0 skipped, 2 failed"))

        let usage = try await larder(["export", "--library", library, "--format", "docx", "--output", scratch.path("x").path])
        #expect(usage.status == 2)
        #expect(usage.errors.contains("docx"))
    }

    /// A file named with a line break (or a bidi override) is printed with escapes, so each
    /// failure stays on its one line.
    @Test func aFailureOfAFileWhoseNameHoldsALineBreakIsPrintedOnOneLine() async throws {
        let scratch = try ScratchFolder()
        let inputs = scratch.path("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let nameless = Data(#"{"@type":"Recipe","recipeIngredient":["1 cup flour"]}"#.utf8)
        try nameless.write(to: inputs.appendingPathComponent("new\nline.json"))
        try nameless.write(to: inputs.appendingPathComponent("tab\there\u{202E}.json"))
        let result = try await larder(["import", inputs.path, "--library", scratch.path("library").path])
        #expect(result.status == 1)
        let failures = result.errors.split(separator: "\n").filter { $0.hasPrefix("failed: ") }
        #expect(failures.count == 2, "\(result.errors)")
        #expect(failures.contains { $0.contains("/new\\nline.json: ") && $0.hasSuffix("the recipe has no name") }, "\(failures)")
        #expect(failures.contains { $0.contains("/tab\\there\\u{202E}.json: ") }, "\(failures)")
    }

    /// An export while another run writes the library goes ahead (it changes nothing there) and
    /// says that what it wrote is what was stored by then.
    @Test func anExportWhileAnotherRunWritesTheLibraryNotesIt() async throws {
        let (scratch, library) = try await libraryOfTheAppFixtures()
        let writer = Library(root: URL(fileURLWithPath: library))
        try writer.open()  // this process holds the library, as a running import would
        let during = try await larder(["export", "--library", library, "--format", "jsonld", "--output", scratch.path("during.json").path])
        #expect(during.status == 0, "\(during.errors)")
        #expect(during.errors.contains("note: the library was being written by another larder run (process \(getpid())) during this export"), "\(during.errors)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("during.json").path))
        let backup = try await larder(["export", "--library", library, "--format", "json", "--output", scratch.path("during.tar.gz").path])
        #expect(backup.errors.contains("being written by another larder run"), "\(backup.errors)")
        try writer.close()
        let after = try await larder(["export", "--library", library, "--format", "jsonld", "--output", scratch.path("after.json").path])
        #expect(after.status == 0)
        #expect(!after.errors.contains("being written"), "\(after.errors)")
    }

    @Test func listFiltersAndExportWritesMarkdown() async throws {
        let (scratch, library) = try await libraryOfTheAppFixtures()
        let vegan = try await larder(["list", "--library", library, "--diet", "vegan"])
        #expect(vegan.status == 0)
        #expect(vegan.output.split(separator: "\n").map { $0.split(separator: "\t")[1] } == ["Chickpea Salad"])

        let export = try await larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path("md").path, "--cuisine", "Italian"])
        #expect(export.status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.path("md/beef-ragu.md").path))
        #expect(FileManager.default.fileExists(atPath: scratch.path("md/index.md").path))
    }

    /// `--output cookbook.zip` writes the same Markdown tree into one archive.
    @Test func markdownCookbookGoesIntoAnArchive() async throws {
        let (scratch, library) = try await libraryOfTheAppFixtures()
        #expect(try await larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path("folder").path]).status == 0)
        for name in ["cookbook.zip", "cookbook.tar.gz"] {
            let export = try await larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path(name).path])
            #expect(export.status == 0, "\(export.errors)")
            let reader = try ArchiveReader(path: scratch.path(name).path)
            var entries: [String: Data] = [:]
            while let entry = try reader.nextEntry() {
                entries[try #require(entry.path)] = try reader.readData(limit: 1 << 24)
            }
            // The folder also holds the list of what the export wrote, which lets a later export
            // replace it; an archive is replaced whole and needs none.
            var folder = try snapshot(scratch.path("folder")).reduce(into: [:]) { $0[String($1.key.dropFirst())] = $1.value }
            #expect(folder.removeValue(forKey: OutputFolder.markerName) != nil)
            #expect(entries == folder)
            #expect(entries["index.md"] != nil)
        }
        // Only the formats that write a tree of files go into an archive.
        let refused = try await larder(["export", "--library", library, "--format", "cookbook", "--output", scratch.path("book.html").path, "--archive", "zip"])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("writes one file; archives hold json, markdown, nextcloud or cooklang trees"))
    }

    @Test func exportWritesAPrintableCookbook() async throws {
        let (scratch, library) = try await libraryOfTheAppFixtures()
        let export = try await larder(["export", "--library", library, "--format", "cookbook", "--output", scratch.path("book.html").path,
                                 "--title", "Our Kitchen", "--page-size", "letter", "--servings", "3", "--cuisine", "Italian"])
        #expect(export.status == 0, "\(export.errors)")
        let html = try String(contentsOf: scratch.path("book.html"), encoding: .utf8)
        #expect(html.contains("<h1 class=\"book-title\">Our Kitchen</h1>"))
        #expect(html.contains("@page {\n  size: letter;"))
        #expect(html.contains("<h2 class=\"recipe-title\">Beef Ragù</h2>"))
        #expect(html.components(separatedBy: "<article class=\"recipe").count == 2, "the filter chose one recipe")
        #expect(html.contains("<td class=\"amount\">½ lb</td>"), "1 lb for 6 servings, scaled to 3")

        let misplaced = try await larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path("md").path, "--title", "X"])
        #expect(misplaced.status == 2)
        #expect(misplaced.errors.contains("--title is for --format cookbook"))
        let badTemplate = try await larder(["export", "--library", library, "--format", "cookbook", "--output", scratch.path("b.html").path,
                                      "--template", scratch.path("no-such-folder").path])
        #expect(badTemplate.status != 0)
        #expect(badTemplate.errors.contains("no-such-folder is not a folder of templates"))
    }

    /// The chosen recipes, doubled, into one shopping list: Markdown by default, JSON by name.
    @Test func exportWritesAShoppingListForTheChosenRecipes() async throws {
        let (scratch, library) = try await libraryOfTheAppFixtures()
        let markdown = try await larder(["export", "--library", library, "--format", "shopping-list", "--output", scratch.path("list.md").path,
                                   "--cuisine", "Italian", "--scale", "2"])
        #expect(markdown.status == 0)
        let text = try String(contentsOf: scratch.path("list.md"), encoding: .utf8)
        #expect(text.hasPrefix("# Shopping list\n\nFor 1 recipe: Beef Ragù."))
        #expect(text.contains("\n- [ ] 2 lb ground beef\n"), "1 lb doubled")

        #expect(try await larder(["export", "--library", library, "--format", "shopping-list", "--output", scratch.path("list.json").path]).status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.path("list.json"))) as? [String: Any]
        #expect((json?["recipes"] as? [String])?.count ?? 0 > 1)
        #expect((json?["items"] as? [[String: Any]])?.isEmpty == false)
    }

    @Test func convertNeedsNoLibrary() async throws {
        let scratch = try ScratchFolder()
        let result = try await larder(["convert", Fixtures.url("json").path, "--format", "json", "--output", scratch.path("out").path])
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out/recipes").path).count == 2)
        #expect(FileManager.default.fileExists(atPath: scratch.path("out/manifest.jsonl").path))
    }

    @Test func exportScalesAndConvertsWithoutTouchingTheLibrary() async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        #expect(try await larder(["import", Fixtures.url("scaling/pancakes.jsonld").path, "--library", library]).status == 0)
        let export = try await larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path("md").path,
                                 "--servings", "8", "--units", "metric"])
        #expect(export.status == 0)
        let page = try String(contentsOf: scratch.path("md/buttermilk-pancakes.md"), encoding: .utf8)
        #expect(page.contains("380 g all-purpose flour, sifted"))
        #expect(page.contains("4 tablespoons sugar"))
        #expect(page.contains("480 ml buttermilk"))
        #expect(page.contains("2 (14 oz) cans peaches, drained"))
        #expect(page.contains("910 g strawberries"))
        #expect(page.contains("salt, to taste"))
        #expect(page.contains("Serves 8"))
        // Headings inside the list became groups.
        #expect(page.contains("For the batter"))
        #expect(page.contains("For the topping"))
        #expect(!page.contains("- For the topping"))

        let stored = try String(contentsOf: scratch.path("library/recipes").appendingPathComponent(
            try #require(FileManager.default.contentsOfDirectory(atPath: scratch.path("library/recipes").path).first)), encoding: .utf8)
        #expect(stored.contains("1 ½ cups all-purpose flour, sifted"))

        let both = try await larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path("x").path, "--scale", "2", "--servings", "3"])
        #expect(both.status == 2)
    }

    @Test func parseShowsTheParts() async throws {
        let result = try await larder(["parse", "1 ½ cups all-purpose flour, sifted", "--scale", "2"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains("quantity 1.5"))
        #expect(lines.contains("unit cup"))
        #expect(lines.contains("name all-purpose flour"))
        #expect(lines.contains("comment sifted"))
        #expect(lines.contains("scaled 3 cups all-purpose flour, sifted"))

        // The lines given are read together to tell their language: German names and units
        // keep their German form, English ones follow their number.
        let german = try await larder(["parse", "--json", "--scale", "2", "2-3 Eier", "1 Liter Milch"])
        #expect(german.output.contains("\"scaled\":\"4–6 Eier\""), "\(german.output)")
        #expect(german.output.contains("\"scaled\":\"2 Liter Milch\""), "\(german.output)")
        let english = try await larder(["parse", "--json", "--scale", "2", "1 onion, chopped", "1 liter milk"])
        #expect(english.output.contains("\"scaled\":\"2 onions, chopped\""), "\(english.output)")
        #expect(english.output.contains("\"scaled\":\"2 liters milk\""), "\(english.output)")

        let json = try await larder(["parse", "--json", "--as", "duration", "1 hr 20 mins"])
        #expect(json.output.contains("\"minutes\":80"))
        #expect(json.output.contains("PT1H20M"))
    }

    @Test func savedPagesImportAndScrape() async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        let result = try await larder(["import", Fixtures.url("html").path, "--library", library])
        // Ten pages with a recipe; the Mealie app shell has none and fails with the reason.
        #expect(result.status == 1)
        #expect(result.output.contains("10 imported, 0 skipped, 1 failed"))
        #expect(result.errors.contains("mealie-recipe.html"))
        #expect(result.errors.contains("no recipe found"))

        let scraped = try await larder(["scrape", Fixtures.url("html/tandoor-ld_json_4.html").path, "--format", "markdown"])
        #expect(scraped.status == 0)
        #expect(scraped.output.contains("# Schokoladenpudding"))
        #expect(scraped.output.contains("100 g Zartbitterschokolade"))

        // The printed recipe is the one `import` keeps: its lines parsed.
        let json = try await larder(["scrape", Fixtures.url("html/tandoor-ld_json_4.html").path])
        let recipe = try CanonicalJSON.decode(Data(json.output.utf8))
        let chocolate = recipe.ingredients.first { $0.line == "100 g Zartbitterschokolade" }
        #expect(chocolate?.quantity == Amount(100))
        #expect(chocolate?.unit == "gram")
        let jsonld = try await larder(["scrape", Fixtures.url("html/tandoor-ld_json_4.html").path, "--format", "jsonld"])
        let object = try JSONValue.parse(Data(jsonld.output.utf8))
        #expect(object["@type"]?.stringValue == "Recipe")
        #expect(object["name"]?.stringValue == "Schokoladenpudding")
        #expect(object["recipeIngredient"]?.arrayValue?.contains(.string("100 g Zartbitterschokolade")) == true)
    }
}

import Foundation
import Testing
import TestSupport

/// What `export` writes for people who cook from it: scaled amounts, the printable cookbook,
/// the shopping list.
extension CommandLineTests {
    /// A library of the bundled Samples, as `make demo` imports them.
    func libraryOfTheSamples(in scratch: ScratchFolder) throws -> String {
        let library = scratch.path("samples").path
        let result = try larder(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--library", library])
        #expect(result.status == 0, "\(result.errors)")
        return library
    }

    /// Scaled Markdown of the Samples: English names follow their amounts, counts stay countable,
    /// German ones are left as written; in metric, solids without a density stay in cups.
    @Test func scaledSamplesReadAsACookWouldWriteThem() throws {
        let scratch = try ScratchFolder()
        let library = try libraryOfTheSamples(in: scratch)
        for (factor, folder) in [("2", "double"), ("0.5", "half"), ("0.333", "third")] {
            #expect(try larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path(folder).path, "--scale", factor]).status == 0)
        }
        let text = { (folder: String, page: String) in try String(contentsOf: scratch.path("\(folder)/\(page).md"), encoding: .utf8) }
        #expect(try text("double", "beef-ragu").contains("- 2 onions, finely chopped\n"))
        #expect(try text("half", "creamy-potato-soup-with-ham").contains("- 1 large carrot (peeled and chopped)\n"))
        #expect(try text("third", "creamy-potato-soup-with-ham").contains("- ½ large carrot (peeled and chopped)\n"))
        #expect(try text("third", "teriyaki-chicken-casserole").contains("- ½ chicken breast\n"))
        #expect(try text("half", "gyros-vom-drehspiess").contains("- 1 ½ Knoblauchzehen\n"))
        #expect(try text("double", "gyros-vom-drehspiess").contains("- 2 große Gemüsezwiebel\n"))

        #expect(try larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path("metric").path, "--units", "metric"]).status == 0)
        let soup = try text("metric", "creamy-potato-soup-with-ham")
        #expect(soup.contains("- 1 cup celery (chopped)\n"), "no millilitres of celery")
        #expect(soup.contains("- 470 ml vegetable broth\n"))
    }

    /// The printable cookbook's amount column holds the quantity and unit only, its item column
    /// the rest without a stray comma, and a yield agrees with its number.
    @Test func theCookbookPutsMeasuresInTheirColumnAndYieldsInTheirNumber() throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        let inputs = [Fixtures.url("schema-org/mealie-taiwanese-three-cup-chicken.json").path, Fixtures.url("apps/recipe-search-local/recipes.json").path]
        #expect(try larder(["import"] + inputs + ["--library", library]).status == 0)
        #expect(try larder(["export", "--library", library, "--format", "cookbook", "--output", scratch.path("book.html").path]).status == 0)
        let book = try String(contentsOf: scratch.path("book.html"), encoding: .utf8)
        #expect(book.contains("<td class=\"amount\">12-15 cloves</td><td class=\"item\">medium garlic, peeled</td>"))
        #expect(!book.contains("<td class=\"item\">,"))

        let forOne = try larder(["export", "--library", library, "--format", "cookbook", "--output", scratch.path("one.html").path,
                                 "--servings", "1", "--search", "Chickpea Salad"])
        #expect(forOne.status == 0, "\(forOne.errors)")
        let one = try String(contentsOf: scratch.path("one.html"), encoding: .utf8)
        #expect(one.contains("<dt>Yield</dt><dd>1 serving</dd>"))
        #expect(!one.contains("1 servings"))
    }

    /// The Samples' shopping list: a package keeps its size, free-range eggs are eggs, and the
    /// water comes from the tap.
    @Test func theShoppingListNamesWhatToBuy() throws {
        let scratch = try ScratchFolder()
        let library = try libraryOfTheSamples(in: scratch)
        #expect(try larder(["export", "--library", library, "--format", "shopping-list", "--output", scratch.path("list.md").path]).status == 0)
        let list = ShoppingListText.withoutRecipeNumbers(try String(contentsOf: scratch.path("list.md"), encoding: .utf8))
        #expect(list.contains("\n- [ ] 1 (12 oz) stir-fry vegetables\n"))
        #expect(list.contains("\n- [ ] 11 eggs\n"))
        #expect(!list.contains("free-range"))
        #expect(!list.lowercased().contains("] water") && !list.contains(" water\n"))
        #expect(list.hasSuffix("\nNot listed, from the tap or the freezer: water.\n"))
    }

    /// `--units metric` reaches the shopping list: grams and millilitres are never turned into
    /// ounces or cups, in an English or a German recipe (`Tasse` is a cup).
    @Test func theShoppingListAddsInTheSystemAskedFor() throws {
        let scratch = try ScratchFolder()
        let input = scratch.path("recipes.json")
        try Data("""
        [{"@type":"Recipe","name":"E","recipeIngredient":["200 g walnuts","1 cup walnuts","250 ml milk","1 cup milk"],"recipeInstructions":["Mix the milk and the walnuts."]},
         {"@type":"Recipe","name":"A","inLanguage":"de","recipeIngredient":["2 EL Olivenöl","3 EL Olivenöl","250 ml Milch","1 Tasse Milch"],"recipeInstructions":["Die Milch mit dem Öl mischen."]}]
        """.utf8).write(to: input)
        for (units, name) in [(["--units", "metric"], "metric.md"), ([], "as-written.md")] {
            let run = try larder(["convert", input.path, "--format", "shopping-list", "--output", scratch.path(name).path] + units)
            #expect(run.status == 0, "\(run.errors)")
            let list = ShoppingListText.withoutRecipeNumbers(try String(contentsOf: scratch.path(name), encoding: .utf8))
            // A cup of walnuts (weight by the cup unknown) stays a cup beside the grams, or is in
            // millilitres when metric was asked for.
            #expect(list.contains(units.isEmpty ? "- [ ] walnuts: 1 cup + 200 g\n" : "- [ ] walnuts: 240 ml + 200 g\n"), "\(list)")
            #expect(list.contains("- [ ] 490 ml Milch\n"), "\(list)")
            #expect(!list.contains("oz"), "\(list)")
        }
        let metric = ShoppingListText.withoutRecipeNumbers(try String(contentsOf: scratch.path("metric.md"), encoding: .utf8))
        #expect(metric.contains("- [ ] 75 ml Olivenöl\n"), "\(metric)")
    }
}

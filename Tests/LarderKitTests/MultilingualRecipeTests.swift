import Foundation
import LarderCore
import Testing
import TestSupport

/// Recipes in German, French and Spanish, and English ones with times and yields in words
/// (Tests/Fixtures/languages), through the real `larder` binary: what a person reads in the
/// exported Markdown and shopping list after importing them.
struct MultilingualRecipeTests {
    /// A library of the fixtures and the folder it sits in.
    func library() throws -> (ScratchFolder, String) {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        let result = try LarderRun.run(["import", Fixtures.url("languages").path, "--library", library])
        #expect(result.status == 0)
        #expect(result.output.contains("4 imported"))
        return (scratch, library)
    }

    func export(_ library: String, to folder: URL, _ options: [String] = []) throws -> [String: String] {
        let result = try LarderRun.run(["export", "--library", library, "--format", "markdown", "--output", folder.path] + options)
        #expect(result.status == 0, "\(result.output)")
        var pages: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "index.md" {
            pages[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return pages
    }

    @Test func metricKeepsSpoonsOfEveryLanguageAsSpoons() throws {
        let (scratch, library) = try library()
        let pages = try export(library, to: scratch.path("metric"), ["--units", "metric"])
        let gratin = try #require(pages["gratin-de-pommes-de-terre.md"])
        // "c. à soupe" is a tablespoon, never a cup of 240 ml.
        #expect(gratin.contains("- 1 c. à soupe d'huile d'olive\n"))
        #expect(!gratin.contains("ml"))
        #expect(gratin.contains("- 500 g de pommes de terre\n"))
        let soup = try #require(pages["kartoffelsuppe.md"])
        for line in ["- 2 EL Olivenöl", "- 1 TL Salz", "- 1 Prise Zucker", "- 1 Bund Petersilie", "- 2 Zwiebeln, fein gewürfelt"] {
            #expect(soup.contains(line + "\n"), "\(line)")
        }
        let cake = try #require(pages["saffron-cake.md"])
        #expect(cake.contains("- 410 ml milk\n"))
    }

    @Test func scalingRewritesAmountsAndUnitWordsInTheirLanguage() throws {
        let (scratch, library) = try library()
        let pages = try export(library, to: scratch.path("double"), ["--scale", "2"])
        let soup = try #require(pages["kartoffelsuppe.md"])
        for line in ["- 4 EL Olivenöl", "- 2 TL Salz", "- 2 Prisen Zucker", "- 2 Bund Petersilie", "- 4 Zwiebeln, fein gewürfelt"] {
            #expect(soup.contains(line + "\n"), "\(line)")
        }
        let gratin = try #require(pages["gratin-de-pommes-de-terre.md"])
        #expect(gratin.contains("- 2 c. à soupe d'huile d'olive\n"))
        #expect(gratin.contains("- 1 kg de pommes de terre\n"))
        #expect(gratin.contains("**Yield:** 4 (9-inch) pies"))
        let vinagreta = try #require(pages["vinagreta.md"])
        #expect(vinagreta.contains("- 2 cucharadas de aceite\n"))
        #expect(vinagreta.contains("**Yield:** 4 cups"))
        let cake = try #require(pages["saffron-cake.md"])
        #expect(cake.contains("- 2 tablespoons + 2 teaspoons sugar\n"))
        #expect(cake.contains("- a pinch of saffron\n"))
        #expect(cake.contains("**Yield:** 2 pans"))
    }

    @Test func timesAndYieldsInWordsAreRead() throws {
        let (scratch, library) = try library()
        let pages = try export(library, to: scratch.path("md"))
        let soup = try #require(pages["kartoffelsuppe.md"])
        // "1 ½ dozen" is 18; "1 Std. 30 Min." and "about 20 minutes" are times.
        #expect(soup.contains("servings: 18\n"))
        #expect(soup.contains("prep_time: 90\n"))
        #expect(soup.contains("cook_time: 20\n"))
        let gratin = try #require(pages["gratin-de-pommes-de-terre.md"])
        // "approx. 45 minutes", "half an hour"; two pies are not two servings.
        #expect(gratin.contains("prep_time: 45\n"))
        #expect(gratin.contains("cook_time: 30\n"))
        #expect(!gratin.contains("servings:"))
        let vinagreta = try #require(pages["vinagreta.md"])
        #expect(vinagreta.contains("total_time: 20\n"))
        #expect(!vinagreta.contains("servings:"))
        let cake = try #require(pages["saffron-cake.md"])
        #expect(cake.contains("total_time: 90\n"))
        #expect(!cake.contains("servings:"))
        // A pan is not a serving: asking for servings says so instead of guessing.
        let servings = try LarderRun.run(["export", "--library", library, "--format", "markdown", "--output", scratch.path("x").path,
                                          "--servings", "36", "--include-ingredient", "saffron"])
        #expect(servings.status == 1)
        #expect(servings.errors.contains("\"Saffron Cake\" does not say how many it serves"))
    }

    @Test func theShoppingListAddsCanonicalUnits() throws {
        let (scratch, library) = try library()
        let list = scratch.path("list.md")
        let result = try LarderRun.run(["export", "--library", library, "--format", "shopping-list", "--output", list.path])
        #expect(result.status == 0)
        let text = ShoppingListText.withoutRecipeNumbers(try String(contentsOf: list, encoding: .utf8))
        for line in ["2 tbsp Olivenöl", "1 tsp Salz", "1 pinch Zucker", "1 bunch Petersilie", "2 Zwiebeln", "1 tbsp huile d'olive",
                     "500 g pommes de terre", "1 tbsp aceite", "2 tbsp vinagre", "saffron",
                     // "1 tablespoon + 1 teaspoon": four teaspoons.
                     "1 ⅓ tbsp sugar"] {
            #expect(text.contains("- [ ] \(line)\n"), "\(line)")
        }
    }
}

import Foundation
import LarderCore
import LarderHTML
import LarderKit

/// The examples of the DocC articles (`Sources/*/*.docc`), as code that compiles and runs: the
/// lines between `// snippet: NAME` and `// end snippet` are, once dedented, the code block the
/// article marks `<!-- snippet: NAME -->`, character for character. `DocumentationTests` checks
/// both and runs each one.
enum DocumentationSnippets {
    static func parseAnIngredientLine() -> ParsedIngredient {
        // snippet: parse-an-ingredient-line
        let flour = IngredientParser.parse("1 ½ cups all-purpose flour, sifted")
        // flour.quantity?.value == 1.5
        // flour.unit == "cup"
        // flour.name == "all-purpose flour"
        // flour.comment == "sifted"
        // end snippet
        return flour
    }

    static func mapATheMealDBAnswer(_ answer: Data) throws -> [Recipe] {
        // snippet: map-a-themealdb-answer
        // `answer` holds what https://www.themealdb.com/api/json/v1/1/lookup.php?i=52775 sent.
        let meals = try JSONValue.parse(answer).objectValue?["meals"]?.arrayValue ?? []
        let context = MappingContext(input: "lookup.php?i=52775")
        let recipes = try meals.compactMap(\.objectValue).map { meal in
            try MealDBMapper.map(meal, context: context)
        }
        // recipes[0].title == "Vegan Lasagna", recipes[0].id == "mealdb-52775"
        // recipes[0].ingredientGroups[0].ingredients[0].line == "1 cups green red lentils"
        // recipes[0].ingredientGroups[0].ingredients[0].name == "green red lentils"
        // end snippet
        return recipes
    }

    static func scrapeAnHTMLString() throws -> Recipe {
        // snippet: scrape-an-html-string
        let page = """
            <html><head><title>Pancakes | Example Kitchen</title></head><body>
            <h1>Pancakes</h1>
            <h2>Ingredients</h2>
            <ul><li>2 eggs</li><li>250 ml milk</li><li>125 g flour</li></ul>
            <h2>Method</h2>
            <ol><li>Whisk everything together.</li><li>Fry ladlefuls in a hot pan.</li></ol>
            </body></html>
            """
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://example.com/pancakes"))
        // recipe.title == "Pancakes"
        // recipe.ingredientGroups[0].ingredients.map(\.line) == ["2 eggs", "250 ml milk", "125 g flour"]
        // recipe.instructionSections[0].steps.count == 2
        // end snippet
        return recipe
    }

    static func importIntoALibraryFolder(recipes recipesFolder: URL, library libraryFolder: URL) async throws -> RunReport {
        // snippet: import-into-a-library-folder
        let library = Library(root: libraryFolder)
        // Normalise, skip duplicates, check stored image paths, store: one policy for every duplicate.
        let preset = StagePreset.importIntoLibrary(library, policy: .skip)
        // Opens the library for writing (a library another run is writing fails here), then reads it
        // once for the duplicate check.
        let pipeline = try preset.pipeline(sources: [FileSource(path: recipesFolder.path)])
        // Stores each recipe, writes report.json and closes the library.
        let report = try await pipeline.run()
        // report.imported, report.skipped, report.failed: counts;
        // report.entries: what became of every input, and why.
        // end snippet
        return report
    }
}

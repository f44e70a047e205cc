import Foundation
import LarderCore
import Testing
import TestSupport

/// `larder scrape` prints the recipe `import` would keep, and says on standard error what
/// normalising it left out.
struct ScrapeCommandTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    func page(_ recipe: String) throws -> URL {
        let page = scratch.path("page.html")
        try Data("""
        <html><head><script type="application/ld+json">\(recipe)</script></head><body></body></html>
        """.utf8).write(to: page)
        return page
    }

    /// A recipe that normalising kept with a note (a number too large for JSON) was printed as
    /// the page had it: its lines unparsed, and the number failing the JSON writer.
    @Test func aRecipeKeptWithANoteIsPrintedNormalizedAndTheNoteSaid() async throws {
        let page = try page("""
        {"@context": "https://schema.org", "@type": "Recipe", "name": "Big  Soup",
         "calorieCount": 1e999,
         "recipeIngredient": ["2 cups <b>stock</b>", "1 onion"], "recipeInstructions": ["Cook."]}
        """)
        let run = try await LarderCommand.run(["scrape", page.path])
        #expect(run.status == 0, "\(run.errors)")
        let recipe = try CanonicalJSON.decode(Data(run.output.utf8))
        #expect(recipe.title == "Big Soup")
        #expect(recipe.extras["calorieCount"] == nil)
        let stock = recipe.ingredients.first { $0.line == "2 cups stock" }
        #expect(stock?.quantity == Amount(2))
        #expect(stock?.unit == "cup")
        #expect(run.errors.contains("\(page.path): Big Soup: dropped numbers that are not finite"), "\(run.errors)")
        #expect(run.errors.contains("from: extras.calorieCount"))
    }
}

import Foundation
import LarderCore
import LarderHTML
import Testing
import TestSupport

/// Every saved page in Tests/Fixtures/html (from ../shared/fixtures/formats/schema-org/html),
/// with what a reader of that page sees.
struct ScraperFixtureTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        var title: String
        var ingredients: Int
        var steps: Int
        var firstIngredient: String
        var author: String?
        var totalMinutes: Double?
        var sections: [String?] = []
        var testDescription: String { file }
    }

    static let pages: [Expected] = [
        Expected(file: "mealie-sous-vide-shrimp.html", title: "Sous Vide Shrimp", ingredients: 5, steps: 3,
                 firstIngredient: "1 1/2 pounds large peeled shrimp (about 700g)", author: "J. Kenji López-Alt", totalMinutes: 30),
        Expected(file: "tandoor-cookpad-microdata.html", title: "Chicken and Moringa Drumsticks Soup", ingredients: 9, steps: 5,
                 firstIngredient: "Chicken cuts", author: "SpottedByD"),
        Expected(file: "tandoor-ld_json_1.html", title: "Schokoladenpudding Rezept mit echter Schokolade", ingredients: 8, steps: 8,
                 firstIngredient: "170 g hochwertige Zartbitterschokolade (60 – 80% Kakaogehalt)", author: "Madame Dessert"),
        Expected(file: "tandoor-ld_json_2.html", title: "Selbst gemachter Schokopudding", ingredients: 5, steps: 2,
                 firstIngredient: "50 Gramm Schokolade", author: "BRIGITTE Küche", totalMinutes: 10),
        Expected(file: "tandoor-ld_json_3.html", title: "Schokopudding", ingredients: 7, steps: 2, firstIngredient: "4 EL Speisestärke", author: "GU"),
        Expected(file: "tandoor-ld_json_4.html", title: "Schokoladenpudding", ingredients: 6, steps: 3, firstIngredient: "100 g Zartbitterschokolade", totalMinutes: 10),
        Expected(file: "tandoor-ld_json_multiple.html", title: "Mamis feiner Schokopudding", ingredients: 5, steps: 5,
                 firstIngredient: "2 EL Kakaopulver", author: "GuteKueche.de", totalMinutes: 60),
        Expected(file: "tandoor-micro_data_1.html", title: "Pudding selber machen: Rezepte für Vanillepudding & Schokopudding", ingredients: 1, steps: 0,
                 firstIngredient: "1 Vanilleschote, 50 g Zucker, Eigelb von 1 Ei, 30 g Speisestärke, 500 ml Milch", author: "Inspiration for All"),
        Expected(file: "tandoor-micro_data_3.html", title: "Schokopudding", ingredients: 4, steps: 3, firstIngredient: "40 g Maizena Maisstärke"),
        Expected(file: "tandoor-regex_recipe-invalid-jsonld.html", title: "Test_Remove", ingredients: 2, steps: 1, firstIngredient: "1 Test_Remove Test_Remove"),
    ]

    @Test(arguments: pages)
    func readsThePage(_ expected: Expected) throws {
        let recipe = try RecipeScraper.scrape(html: Fixtures.data("html/\(expected.file)"), url: nil, input: expected.file)
        #expect(recipe.title == expected.title)
        let lines = recipe.ingredientGroups.flatMap(\.ingredients).map(\.line)
        #expect(lines.count == expected.ingredients)
        #expect(lines.first == expected.firstIngredient)
        #expect(recipe.instructionSections.flatMap(\.steps).count == expected.steps)
        #expect(recipe.provenance.author == expected.author)
        if let minutes = expected.totalMinutes { #expect(recipe.times.total?.minutes == minutes) }
        // Text is clean: no markup, no doubled spaces, no invisible characters.
        for text in lines + recipe.instructionSections.flatMap(\.steps).map(\.text) {
            #expect(!text.contains("<") || !text.contains(">"))
            #expect(!text.contains("  "))
            #expect(!text.unicodeScalars.contains { $0 == "\u{200B}" || $0 == "\u{00A0}" })
        }
    }

    @Test func aPageWithoutARecipeFailsWithTheReason() throws {
        #expect(throws: ScrapeError.noRecipe) {
            try RecipeScraper.scrape(html: Fixtures.data("html/mealie-recipe.html"), url: URL(string: "https://demo.mealie.io/"))
        }
    }
}

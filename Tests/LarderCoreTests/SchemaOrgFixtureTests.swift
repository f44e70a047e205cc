import Foundation
import LarderCore
import Testing
import TestSupport

/// Every JSON-LD block in Tests/Fixtures/schema-org (from ../shared/fixtures/formats/schema-org/jsonld)
/// with the recipe it holds, or the reason it holds none.
struct SchemaOrgFixtureTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        var title: String
        var ingredients: Int
        var steps: Int
        var servings: Double? = nil
        var totalMinutes: Double? = nil
        var sections: [String?] = [nil]
        var testDescription: String { file }
    }

    static let recipes: [Expected] = [
        Expected(file: "mealie-best-homemade-salsa-recipe.json", title: "The Best Homemade Salsa Recipe", ingredients: 11, steps: 2, servings: 20, totalMinutes: 5),
        // "Dipping Sauce:" inside the list becomes a group; "Sausage Bites" reads as a line.
        Expected(file: "mealie-blue-cheese-stuffed-turkey-meatballs-with-raspberry-balsamic-glaze-2.json",
                 title: "Blue Cheese Stuffed Turkey Meatballs with Raspberry Balsamic Glaze", ingredients: 12, steps: 3),
        Expected(file: "mealie-bon-appetit.json", title: "Hallacas", ingredients: 21, steps: 9, servings: 18),
        Expected(file: "mealie-chunky-apple-cake.json", title: "Chunky Apple Cake", ingredients: 12, steps: 4),
        Expected(file: "mealie-instant-pot-kerala-vegetable-stew.json", title: "How to make Instant Pot Kerala Vegetable Stew", ingredients: 18, steps: 13, servings: 4, totalMinutes: 20),
        Expected(file: "mealie-microwave-sweet-potatoes-04783.json", title: "Microwave jacket sweet potato", ingredients: 19, steps: 4, servings: 2),
        Expected(file: "mealie-moroccan-skirt-steak-with-roasted-pepper-couscous.json", title: "Moroccan Skirt Steak with Roasted Pepper Couscous", ingredients: 12, steps: 4, totalMinutes: 35),
        Expected(file: "mealie-pizza-knoblauch-champignon-paprika-vegan-html.json", title: "Pizza Knoblauch Champignon Paprika - vegan", ingredients: 13, steps: 3, servings: 2, totalMinutes: 75),
        Expected(file: "mealie-sous-vide-shrimp-block1.json", title: "Sous Vide Shrimp", ingredients: 5, steps: 0, servings: 4, totalMinutes: 30, sections: []),
        Expected(file: "mealie-taiwanese-three-cup-chicken.json", title: "Taiwanese Three Cup Chicken (San Bei Ji) Recipe", ingredients: 10, steps: 3, servings: 6, totalMinutes: 30),
        Expected(file: "tandoor-foodnetwork.json", title: "Cast Iron Home Fries", ingredients: 8, steps: 3, servings: 4, totalMinutes: 50),
        Expected(file: "tandoor-giallozafferano-block1.json", title: "Strangolapreti alla trentina", ingredients: 13, steps: 11, servings: 4, totalMinutes: 45),
        Expected(file: "tandoor-ld_json_1.json", title: "Schokoladenpudding Rezept mit echter Schokolade", ingredients: 8, steps: 8, servings: 6),
        Expected(file: "tandoor-ld_json_2-block1.json", title: "Selbst gemachter Schokopudding", ingredients: 5, steps: 2, totalMinutes: 10),
        Expected(file: "tandoor-ld_json_3.json", title: "Schokopudding", ingredients: 7, steps: 2),
        Expected(file: "tandoor-ld_json_4-block2.json", title: "Schokoladenpudding", ingredients: 6, steps: 3, servings: 4, totalMinutes: 10),
        Expected(file: "tandoor-ld_json_itemList-graph-howtosection.json", title: "Gyros vom Drehspieß", ingredients: 6, steps: 12, servings: 10,
                 sections: ["Am Vortag", "Am Grilltag"]),
        Expected(file: "tandoor-ld_json_multiple.json", title: "Mamis feiner Schokopudding", ingredients: 5, steps: 5, servings: 4, totalMinutes: 60),
        Expected(file: "tandoor-thespruceeats-howtosection.json", title: "Creamy Potato Soup With Ham", ingredients: 17, steps: 24, servings: 6, totalMinutes: 55,
                 sections: ["Stovetop Method", "Slow Cooker Method"]),
    ]

    /// Blocks of the same pages that describe something else (breadcrumbs, the website, a video).
    static let otherBlocks = ["mealie-sous-vide-shrimp-block2.json", "tandoor-giallozafferano-block2.json", "tandoor-ld_json_2-block2.json", "tandoor-ld_json_4-block1.json"]

    static func read(_ file: String) throws -> [MappedRecipe] {
        RecipeJSON.read(try Fixtures.data("schema-org/\(file)"), context: MappingContext(input: file))
    }

    @Test(arguments: recipes)
    func readsTheRecipe(_ expected: Expected) throws {
        let mapped = try Self.read(expected.file)
        let recipe = try #require(try mapped.first?.result.get())
        var normalized = recipe
        // As the import pipeline does: headings in the list become groups.
        normalized.ingredientGroups = IngredientHeading.splitGroups(recipe.ingredientGroups)
        #expect(normalized.title == expected.title)
        #expect(normalized.ingredientGroups.flatMap(\.ingredients).count == expected.ingredients)
        #expect(normalized.instructionSections.flatMap(\.steps).count == expected.steps)
        #expect(normalized.instructionSections.map(\.name) == expected.sections)
        #expect(normalized.yield?.servings?.value == expected.servings)
        #expect(normalized.times.total?.minutes == expected.totalMinutes)
        #expect(!normalized.images.isEmpty)
    }

    @Test(arguments: otherBlocks)
    func blocksWithoutARecipeSaySo(_ file: String) throws {
        let mapped = try Self.read(file)
        #expect(mapped.count == 1)
        guard case .failure(let error) = mapped.first?.result else {
            Issue.record("\(file) gave a recipe")
            return
        }
        #expect(error.description.hasPrefix("no recipe found"))
    }
}

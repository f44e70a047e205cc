import Foundation
import LarderCore
import Testing
import TestSupport

struct CanonicalJSONTests {
    /// Every recipe any fixture yields.
    static var allFixtureRecipes: [Recipe] {
        Fixtures.jsonFiles(in: "").flatMap { file in
            RecipeJSON.read((try? Data(contentsOf: file)) ?? Data(), context: MappingContext(input: file.lastPathComponent, importedAt: Date(timeIntervalSince1970: 1_700_000_000)))
                .compactMap { try? $0.result.get() }
        }
    }

    @Test func everyFixtureRoundTripsExactly() throws {
        let recipes = Self.allFixtureRecipes
        #expect(recipes.count > 25)
        for var recipe in recipes {
            // Embedded image bytes are stored as files by the library, not in the JSON.
            for index in recipe.images.indices { recipe.images[index].embeddedData = nil }
            let encoded = try CanonicalJSON.encode(recipe)
            let decoded = try CanonicalJSON.decode(encoded)
            #expect(decoded == recipe, "\(recipe.title) changed in a round trip")
            #expect(try CanonicalJSON.encode(decoded) == encoded, "\(recipe.title) does not encode to the same bytes")
        }
    }

    @Test func readsAHandWrittenVersionOneFileAndKeepsItsExtras() throws {
        let crepes = try CanonicalJSON.decode(Fixtures.data("json/canonical-v1.json"))
        #expect(crepes.title == "Crêpes")
        #expect(crepes.ingredientGroups[1].name == "To serve")
        #expect(crepes.ingredientGroups[1].ingredients[0].optional)
        #expect(crepes.extras["servedWarm"] == .bool(true))
        #expect(crepes.rating == Rating(value: 4.5, count: 12, best: 5))
    }

    @Test func refusesAFileFromANewerSchema() throws {
        let newer = #"{"schemaVersion": 99, "id": "x", "title": "X", "ingredientGroups": [], "instructionSections": []}"#
        #expect(throws: MappingError.unsupportedSchemaVersion(99)) { try CanonicalJSON.decode(Data(newer.utf8)) }
    }

    @Test func keysAreSortedAndBooleansStayBooleans() throws {
        var recipe = Recipe(id: "b", title: "B")
        recipe.extras = ["flag": .bool(true), "count": .number(1), "ratio": .number(0.5)]
        let text = String(decoding: try CanonicalJSON.encode(recipe), as: UTF8.self)
        #expect(text.range(of: "\"count\" : 1")!.lowerBound < text.range(of: "\"flag\" : true")!.lowerBound)
        #expect(try CanonicalJSON.decode(Data(text.utf8)).extras == recipe.extras)
    }
}

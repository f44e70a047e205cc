import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// TheMealDB gives each ingredient as a measure and a name in slots of their own; it has no
/// group headings. Imported, every filled slot is an ingredient line, whatever its measure says.
struct MealDBImportTests {
    /// The filled `strIngredientN` slots of a recorded meal.
    func filledSlots(_ fixture: String) throws -> [String] {
        let meal = try JSONValue.parse(Fixtures.data(fixture))["meals"]?.arrayValue?.first?.objectValue ?? [:]
        return meal.keys.filter { $0.hasPrefix("strIngredient") }
            .sorted { Int($0.dropFirst("strIngredient".count))! < Int($1.dropFirst("strIngredient".count))! }
            .compactMap { meal[$0]?.stringValue?.trimmed }.filter { !$0.isEmpty }
    }

    /// Timbits (`for frying` + `Oil`) and churros (`For frying` + `Sunflower Oil`): the joined
    /// line reads like a heading, and was taken for one, so the oil disappeared.
    @Test(arguments: ["mealdb/heading-like-measures/52929.json", "mealdb/heading-like-measures/53170.json"])
    func aMeasureThatReadsLikeAHeadingKeepsItsIngredient(_ fixture: String) async throws {
        let recipes = try await readAll(Fixtures.url(fixture).path).compactMap(\.recipe)
        let meal = try #require(recipes.first)
        #expect(meal.ingredients.compactMap(\.name) == (try filledSlots(fixture)))
        #expect(meal.ingredientGroups.allSatisfy { $0.name == nil }, "\(meal.ingredientGroups.map(\.name))")
        let frying = meal.ingredients.filter { $0.line.lowercased().hasPrefix("for frying") }
        #expect(frying.count == 1)
        #expect(frying.first?.name?.hasSuffix("Oil") == true)
    }
}

import Foundation
import LarderArchive
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

    /// Written as plain lines (schema.org, Paprika, Nextcloud), `For frying Oil` would read
    /// back as a heading; it is written `Oil, for frying`, and every ingredient comes back.
    @Test(arguments: ["jsonld", "paprika", "nextcloud"])
    func aMeasureThatReadsLikeAHeadingSurvivesFormatsOfPlainLines(_ format: String) async throws {
        let scratch = try ScratchFolder()
        let meal = try #require(try await readAll(Fixtures.url("mealdb/heading-like-measures/52929.json").path).first?.recipe)
        let output: URL
        let sink: RecipeSink
        switch format {
        case "jsonld":
            output = scratch.path("meal.jsonld")
            sink = try RecipeFormat.jsonld.writer!.makeSink(FormatOutput(url: output))
        case "paprika":
            output = scratch.path("meal.paprikarecipes")
            sink = try PaprikaSink(output: output, imageSource: nil)
        default:
            output = scratch.path("Recipes.zip")
            sink = NextcloudSink(tree: try ArchiveTree(output: output, format: .zip), imageSource: nil)
        }
        _ = try sink.write(meal)
        try sink.finish(report: RunReport())
        let again = try #require(try await readAll(output.path).first?.recipe)
        #expect(again.ingredients.count == meal.ingredients.count, "\(again.ingredientGroups)")
        #expect(again.ingredientGroups.allSatisfy { $0.name == nil })
        #expect(again.ingredients.contains { $0.line == "Oil, for frying" }, "\(again.ingredients.map(\.line))")
    }
}

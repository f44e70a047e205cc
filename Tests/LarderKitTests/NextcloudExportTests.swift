import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// `--format nextcloud` writes `recipe.json` in the shape Nextcloud Cookbook itself writes
/// (Tests/Fixtures/formats/nextcloud holds two of the app's own files).
struct NextcloudExportTests {
    /// Writes the recipes read from `inputs` as a Nextcloud folder; returns each written
    /// `recipe.json` by folder name, and the run's notes.
    func export(_ inputs: [String]) async throws -> (files: [String: [String: JSONValue]], notes: [String]) {
        let scratch = try ScratchFolder()
        let output = scratch.path("Recipes")
        let sink = try RecipeFormat.nextcloud.writer!.makeSink(FormatOutput(url: output))
        for input in inputs {
            for recipe in try await readAll(Fixtures.url(input).path).compactMap(\.recipe) { _ = try sink.write(recipe) }
        }
        try sink.finish(report: RunReport())
        var files: [String: [String: JSONValue]] = [:]
        // The hidden `.larder-export` lists what the export wrote (see OutputFolder).
        for folder in try FileManager.default.contentsOfDirectory(atPath: output.path) where !folder.hasPrefix(".") {
            let data = try Data(contentsOf: output.appendingPathComponent(folder).appendingPathComponent("recipe.json"))
            files[folder] = try JSONValue.parse(data).objectValue
        }
        return (files, sink.runNotes)
    }

    static let paprikaRolls = "formats/paprika/Zucchini_Rolls_with_Goat_Cheese_and_Mint.paprikarecipe"

    /// Paprika's `servings: "about 20 rolls"`, four categories and a creation time: the yield's
    /// words are kept (the app reads its number from them), categories beyond one are
    /// keywords (and the notes say so), dates are Unix seconds.
    @Test func theYieldKeepsItsWordsCategoriesBeyondOneAreKeywordsAndDatesAreUnixSeconds() async throws {
        let (files, notes) = try await export([Self.paprikaRolls])
        let rolls = try #require(files["Zucchini Rolls with Goat Cheese and Mint"])
        #expect(rolls["recipeYield"] == .string("about 20 rolls"))
        #expect(rolls["recipeCategory"] == .string("Grill"))
        let keywords = rolls["keywords"]?.stringValue?.split(separator: ",").map(String.init) ?? []
        #expect(Set(["Käse", "Vegetarisch", "Vorspeißen"]).isSubset(of: Set(keywords)), "\(keywords)")
        #expect(rolls["dateCreated"] == .string("1404374758"))
        #expect(notes.contains { $0.hasPrefix("Nextcloud Cookbook keeps categories only in part (the app has one category; the others are written as keywords)") }, "\(notes)")
        #expect(!notes.contains { $0.contains("yield") }, "\(notes)")
    }

    /// `Serves 6 to 8` stays those words in `recipeYield` (it was written as 6); a yield that is
    /// a number and no more words is the number, as the app writes it.
    @Test func aYieldInWordsKeepsItsWords() throws {
        var recipe = Recipe(title: "Chili")
        recipe.yield = YieldParser.parse("Serves 6 to 8")
        #expect(NextcloudWriter.object(for: recipe)["recipeYield"] == .string("Serves 6 to 8"))
        recipe.yield = YieldParser.parse("6")
        #expect(NextcloudWriter.object(for: recipe)["recipeYield"] == .number(6))
    }

    /// Every key the app's own file has is written with the same JSON type (number, string,
    /// list or object), for a recipe from the app and one from elsewhere.
    @Test func eachKeyHasTheTypeNextcloudWrites() async throws {
        let own = try JSONValue.parse(Fixtures.data("formats/nextcloud/Recipes/Skillet Shepherd's Pie/recipe.json")).objectValue ?? [:]
        let (files, _) = try await export(["formats/nextcloud/Recipes", Self.paprikaRolls])
        #expect(files.count == 3)
        func kind(_ value: JSONValue) -> String {
            switch value {
            case .string: return "string"
            case .number: return "number"
            case .array: return "list"
            case .object: return "object"
            case .bool: return "bool"
            case .null: return "null"
            }
        }
        for (name, written) in files {
            // A yield in words is written as its words: the app reads a number from them
            // (its `FixRecipeYieldFilter`), as it does from any site's recipe.
            let yieldInWords = written["recipeYield"]?.stringValue != nil
            for (key, value) in own where written[key] != nil && !["image", "author", "video"].contains(key) && !(key == "recipeYield" && yieldInWords) {
                #expect(kind(written[key]!) == kind(value), "\(name): \(key) is \(kind(written[key]!)), Nextcloud writes \(kind(value))")
            }
            for key in ["dateCreated", "dateModified"] {
                if let text = written[key]?.stringValue { #expect(text.allSatisfy { $0.isNumber }, "\(name): \(key) = \(text)") }
            }
        }
    }
}

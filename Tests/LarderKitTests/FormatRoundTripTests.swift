import Foundation
import LarderArchive
import LarderCore
import LarderKit
import Testing
import TestSupport

/// Every export format re-imports equal: a sample read from format X, written as X and read
/// again gives the same recipe (what X holds, and Larder's extras for what it does not).
struct FormatRoundTripTests {
    struct Case: Sendable, CustomStringConvertible {
        var input: String
        var format: String
        /// The output's name: its extension tells file from folder.
        var output: String
        var description: String { "\(input) as \(format)" }
    }

    static let cases: [Case] = [
        Case(input: "formats/paprika/mealie-test-paprika-folder.zip", format: "paprika", output: "out.paprikarecipes"),
        Case(input: "formats/paprika/Zucchinipuffer.paprikarecipe", format: "paprika", output: "one.paprikarecipe"),
        Case(input: "formats/nextcloud/Recipes", format: "nextcloud", output: "Recipes"),
        Case(input: "formats/nextcloud/Recipes", format: "nextcloud-zip", output: "Recipes.zip"),
        Case(input: "formats/cooklang", format: "cooklang", output: "cook"),
        Case(input: "schema-org", format: "jsonld", output: "all.jsonld"),
        Case(input: "formats/recipesage/synthetic-jsonld-export.json", format: "jsonld", output: "sage.jsonld"),
        Case(input: "mealdb/lookup", format: "mealdb", output: "meals.json"),
    ]

    func sink(_ format: String, at url: URL) throws -> RecipeSink {
        switch format {
        case "paprika": return try PaprikaSink(output: url, imageSource: nil)
        case "nextcloud": return NextcloudSink(tree: try FolderTree(folder: url), imageSource: nil)
        case "nextcloud-zip": return NextcloudSink(tree: try ArchiveTree(output: url, format: .zip), imageSource: nil)
        case "cooklang": return CooklangSink(tree: try FolderTree(folder: url), imageSource: nil)
        case "jsonld": return try RecipeFormat.jsonld.writer!.makeSink(FormatOutput(url: url))
        default: return try RecipeFormat.mealdb.writer!.makeSink(FormatOutput(url: url))
        }
    }

    @Test(arguments: cases)
    func writtenAndReadAgainIsTheSameRecipe(_ test: Case) async throws {
        let scratch = try ScratchFolder()
        let first = try await readAll(Fixtures.url(test.input).path, normalized: false).compactMap(\.recipe)
        #expect(!first.isEmpty)
        let output = scratch.path(test.output)
        let sink = try sink(test.format, at: output)
        for recipe in first { _ = try sink.write(recipe) }
        try sink.finish(report: RunReport())
        let second = try await readAll(output.path, normalized: false)
        #expect(second.allSatisfy { $0.failure == nil }, "\(second.compactMap(\.failure))")
        let again = second.compactMap(\.recipe)
        #expect(again.count == first.count)
        // JSON-LD holds times as ISO 8601 durations: "about 45 minutes" comes back as PT45M, the
        // same time in the schema's own form.
        let isJSONLD = test.format == "jsonld"
        func times(_ recipe: Recipe) -> Recipe { isJSONLD ? Self.isoTimes(comparable(recipe)) : comparable(recipe) }
        for (before, after) in zip(first.map(times), again.map(times)) {
            let same = before == after
            #expect(same, "\(before.title) changed:\n\(differences(before, after))")
        }
    }

    static func isoTimes(_ recipe: Recipe) -> Recipe {
        var copy = recipe
        func iso(_ duration: RecipeDuration?) -> RecipeDuration? {
            guard var duration, let minutes = duration.minutes else { return duration }
            if duration.text.flatMap(DurationParser.iso8601Minutes) == nil { duration.text = DurationText.iso8601(minutes: minutes) }
            return duration
        }
        copy.times.prep = iso(copy.times.prep)
        copy.times.cook = iso(copy.times.cook)
        copy.times.total = iso(copy.times.total)
        return copy
    }

    /// The fields that differ, for a readable failure.
    func differences(_ a: Recipe, _ b: Recipe) -> String {
        let left = (try? JSONValue.parse(CanonicalJSON.encode(a)).objectValue) ?? [:]
        let right = (try? JSONValue.parse(CanonicalJSON.encode(b)).objectValue) ?? [:]
        var lines = Set(left.keys).union(right.keys).sorted().filter { left[$0] != right[$0] }
            .map { "\($0): \(String(describing: left[$0]).prefix(300)) → \(String(describing: right[$0]).prefix(300))" }
        if a.images.map(\.embeddedData) != b.images.map(\.embeddedData) { lines.append("image bytes differ") }
        return lines.joined(separator: "\n")
    }
}

import Foundation
import LarderCore
import Testing
import TestSupport

/// Other apps' formats from the command line: detected or forced on import, written by
/// export and convert, with what a format cannot hold said once.
struct FormatCommandLineTests {
    let cli = CommandLineTests()

    @Test func convertSaysOnceWhatTheFormatHasNoPlaceFor() async throws {
        let scratch = try ScratchFolder()
        let output = scratch.path("recipes.paprikarecipes").path
        let result = try await cli.larder(["convert", Fixtures.url("formats/nextcloud/Recipes").path, "--format", "paprika", "--output", output])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("2 written"))
        let notes = result.errors.split(separator: "\n").filter { $0.hasPrefix("note: Paprika has no place for cuisines") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("dropped from 2 recipes") == true, "\(result.errors)")

        let back = try await cli.larder(["import", output, "--library", scratch.path("library").path])
        #expect(back.status == 0, "\(back.errors)")
        #expect(back.output.contains("2 imported"))
    }

    /// A time range has no place in a schema.org duration, a rating between whole stars and a
    /// rating count none in Paprika: each export's note names what it drops.
    @Test func exportNotesNameRangesAndRatingsTheyDrop() async throws {
        let scratch = try ScratchFolder()
        let input = scratch.path("range-soup.json")
        try Data(#"""
            {"@type":"Recipe","name":"Range Soup","cookTime":"10-15 Minutes",
             "aggregateRating":{"@type":"AggregateRating","ratingValue":3.74,"ratingCount":12},
             "recipeIngredient":["1 onion"],"recipeInstructions":["Cook the onion."]}
            """#.utf8).write(to: input)
        let jsonLD = try await cli.larder(["convert", input.path, "--format", "jsonld", "--output", scratch.path("ld").path])
        #expect(jsonLD.status == 0, "\(jsonLD.errors)")
        #expect(jsonLD.errors.contains(#"keeps cook time only in part (a time is one ISO 8601 length, so a range keeps its shorter end): changed in 1 recipe ("Range Soup")"#),
                "\(jsonLD.errors)")
        let paprika = try await cli.larder(["convert", input.path, "--format", "paprika", "--output", scratch.path("p").path])
        #expect(paprika.status == 0, "\(paprika.errors)")
        #expect(paprika.errors.contains(#"keeps rating only in part (Paprika keeps whole stars of five, and no count): changed in 1 recipe ("Range Soup")"#),
                "\(paprika.errors)")
        // The report says what came back: 3.74 of 5 from 12 ratings, as 4 stars.
        let report = try JSONValue.parse(Data(contentsOf: scratch.path("p.fidelity.json")))
        let rating = report["recipes"]?.arrayValue?.first?["differences"]?.arrayValue?.first { $0["field"] == .string("rating") }
        #expect(rating?["from"] == .array([.string("3.74 of 5 (12 ratings)")]) && rating?["to"] == .array([.string("4 of 5")]), "\(String(describing: rating))")
    }

    /// Cooklang holds a line's words where it has a place for them (`@Leaf lettuce{}`,
    /// `@garlic{3%cloves}`); a line it gives back in other words is named with its recipe in
    /// the export's note and, with what came back, in its fidelity report.
    @Test func cooklangExportKeepsALinesWordsOrNamesTheLine() async throws {
        let scratch = try ScratchFolder()
        let input = scratch.path("okra.json")
        try Data(#"""
            {"@type":"Recipe","name":"Roasted Okra",
             "recipeIngredient":["1 bunch of okra","3 garlic cloves, (peeled)","Leaf lettuce, as needed"],
             "recipeInstructions":["Roast the okra with the garlic."]}
            """#.utf8).write(to: input)
        let output = scratch.path("cook")
        let result = try await cli.larder(["convert", input.path, "--format", "cooklang", "--output", output.path])
        #expect(result.status == 0, "\(result.errors)")
        let text = try String(contentsOf: output.appendingPathComponent("Roasted Okra.cook"), encoding: .utf8)
        #expect(text.contains("@garlic{3%cloves}(peeled)"), "\(text)")
        #expect(text.contains("@Leaf lettuce{}(as needed)"), "\(text)")
        #expect(result.errors.contains(#"note: Cooklang keeps ingredient lines only in part"#), "\(result.errors)")
        #expect(result.errors.contains(#"changed in 1 recipe ("Roasted Okra")"#), "\(result.errors)")
        let report = try JSONValue.parse(Data(contentsOf: scratch.path("cook.fidelity.json")))
        let lines = report["recipes"]?.arrayValue?.first?["differences"]?.arrayValue?.first { $0["field"] == .string("ingredient lines") }
        #expect(lines?["from"]?.arrayValue?.contains(.string("1 bunch of okra")) == true, "\(String(describing: lines))")
        #expect(lines?["to"]?.arrayValue?.contains(.string("1 bunch okra")) == true, "\(String(describing: lines))")
    }

    @Test func fromForcesAFormatTheFileNameDoesNotTell() async throws {
        let scratch = try ScratchFolder()
        let text = scratch.path("old-recipes.dat")
        try FileManager.default.copyItem(at: Fixtures.url("formats/cooklang/Easy_Pancakes.cook"), to: text)
        let library = scratch.path("library").path
        let guessed = try await cli.larder(["import", text.path, "--library", library])
        #expect(guessed.status == 1)
        #expect(guessed.errors.contains("not any format Larder recognises by its first bytes, and not JSON (it begins \"-- TODO add source\")"), "\(guessed.errors)")
        let forced = try await cli.larder(["import", "--from", "cooklang", text.path, "--library", library])
        #expect(forced.status == 0, "\(forced.errors)")
        #expect(forced.output.contains("1 imported"))
    }

    @Test func oldAppExportsImportByTheirContent() async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        // Renamed so that only the bytes can tell: XML by its root, CSV by its header.
        let masterCook = scratch.path("from-grandma.dat")
        try FileManager.default.copyItem(at: Fixtures.url("formats/other/athenos-first-3.mx2"), to: masterCook)
        let csv = scratch.path("boxes.dat")
        try FileManager.default.copyItem(at: Fixtures.url("formats/other/myrecipebox.csv"), to: csv)
        let guessed = try await cli.larder(["import", masterCook.path, Fixtures.url("formats/other/copymethat.zip").path, "--library", library])
        #expect(guessed.status == 0, "\(guessed.errors)")
        #expect(guessed.output.contains("6 imported"), "\(guessed.output)")
        let forced = try await cli.larder(["import", "--from", "myrecipebox", csv.path, "--library", library])
        #expect(forced.status == 0, "\(forced.errors)")
        #expect(forced.output.contains("10 imported"), "\(forced.output)")
    }

    @Test func everyExportFormatIsWrittenAndReadBack() async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        let imported = try await cli.larder(["import", Fixtures.url("formats/cooklang").path, Fixtures.url("formats/tandoor").path, "--library", library])
        let count = try #require(Int(imported.output.split(separator: " ").dropFirst().first ?? ""), "\(imported.output)")
        #expect(count >= 6)
        for (format, output) in [("jsonld", "all.jsonld"), ("paprika", "all.paprikarecipes"), ("nextcloud", "nextcloud.zip"),
                                 ("cooklang", "cook"), ("mealdb", "meals.json")] {
            let path = scratch.path(output).path
            let written = try await cli.larder(["export", "--library", library, "--format", format, "--output", path])
            #expect(written.status == 0, "\(format): \(written.errors)")
            #expect(written.output.contains("\(count) written"), "\(format): \(written.output)")
            let again = try await cli.larder(["import", path, "--library", scratch.path("again-\(format)").path])
            #expect(again.output.contains("\(count) imported"), "\(format): \(again.output) \(again.errors)")
        }
    }
}

import Foundation
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
        let notes = result.errors.split(separator: "\n").filter { $0.hasPrefix("note: Paprika has no place for:") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("cuisine (2 recipes)") == true, "\(result.errors)")

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
        #expect(jsonLD.errors.contains("time ranges (their shorter end is kept)"), "\(jsonLD.errors)")
        let paprika = try await cli.larder(["convert", input.path, "--format", "paprika", "--output", scratch.path("p").path])
        #expect(paprika.status == 0, "\(paprika.errors)")
        #expect(paprika.errors.contains("ratings other than whole stars of five (rounded)"), "\(paprika.errors)")
        #expect(paprika.errors.contains("rating counts"), "\(paprika.errors)")
    }

    /// Cooklang holds a line's words where it has a place for them (`@Leaf lettuce{}`,
    /// `@garlic{3%cloves}`); a line it gives back in other words is named with its recipe in
    /// the export's note, not changed in silence.
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
        #expect(result.errors.contains("some words of ingredient lines (each line named below) (1 recipe)"), "\(result.errors)")
        #expect(result.errors.contains(#"note: Cooklang keeps the words of one ingredient line of "Roasted Okra" only in part: "1 bunch of okra" comes back as "1 bunch okra"."#),
                "\(result.errors)")
    }

    @Test func fromForcesAFormatTheFileNameDoesNotTell() async throws {
        let scratch = try ScratchFolder()
        let text = scratch.path("old-recipes.dat")
        try FileManager.default.copyItem(at: Fixtures.url("formats/cooklang/Easy_Pancakes.cook"), to: text)
        let library = scratch.path("library").path
        let guessed = try await cli.larder(["import", text.path, "--library", library])
        #expect(guessed.status == 1)
        #expect(guessed.errors.contains("not valid JSON"))
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

import Foundation
import Testing
import TestSupport

/// JSON nested deeper than any recipe file: what Larder reads it must be able to store and read
/// back, and what it cannot read fails alone with a message that says why.
struct DeepJSONTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    /// A recipe with `levels` nested objects under a field Larder keeps in `extras`.
    func recipe(named name: String, nesting levels: Int) -> String {
        let nested = String(repeating: "{\"a\": ", count: levels) + "1" + String(repeating: "}", count: levels)
        return """
        {"@context": "https://schema.org", "@type": "Recipe", "name": "\(name)", "recipeIngredient": ["1 egg"],
         "recipeInstructions": ["Boil."], "x": \(nested)}
        """
    }

    /// The parser accepted 511 levels, the library's writer 511 with the recipe around them: a
    /// field nested 510 levels deep failed its recipe with Foundation's EncodingError and a dump
    /// of the whole recipe.
    @Test func aFileNestedTooDeeplyToStoreFailsAloneSayingSo() async throws {
        try Data(recipe(named: "Deep", nesting: 510).utf8).write(to: scratch.path("deep.json"))
        try Data(recipe(named: "Shallow", nesting: 3).utf8).write(to: scratch.path("shallow.json"))
        let library = scratch.path("library").path
        let run = try await LarderCommand.run(["import", scratch.path("deep.json").path, scratch.path("shallow.json").path, "--library", library])
        #expect(run.status == 1)
        #expect(run.output.contains("1 imported, 0 skipped, 1 failed"), "\(run.output)")
        let failure = run.errors.split(separator: "\n").first { $0.contains("deep.json") }.map(String.init) ?? ""
        #expect(failure.contains("nested more than 256 levels deep"), "\(run.errors.prefix(500))")
        #expect(!run.errors.contains("EncodingError"))
        #expect(failure.count < 300, "\(failure.prefix(500))")
    }

    @Test func aRecipeNestedAsDeeplyAsLarderReadsIsStoredAndReadBack() async throws {
        try Data(recipe(named: "Nested", nesting: 250).utf8).write(to: scratch.path("nested.json"))
        let library = scratch.path("library").path
        let run = try await LarderCommand.run(["import", scratch.path("nested.json").path, "--library", library])
        #expect(run.status == 0, "\(run.errors.prefix(500))")
        // Read back from the library, and imported again from the file it was stored in.
        let export = try await LarderCommand.run(["export", "--library", library, "--format", "json", "--output", scratch.path("copy").path])
        #expect(export.status == 0, "\(export.errors.prefix(500))")
        let again = try await LarderCommand.run(["import", scratch.path("copy").path, "--library", scratch.path("second").path])
        #expect(again.status == 0 && again.output.contains("1 imported"), "\(again.printed.prefix(500))")
    }

    /// Nested far deeper than the parser reads (100,000 lists in lists): the message was
    /// Foundation's ("Too many nested arrays or dictionaries around character 513"); now the
    /// input, Larder's reason and the place in the file.
    @Test func aFileNestedFarTooDeeplyIsRefusedInLardersWords() async throws {
        try Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8).write(to: scratch.path("abyss.json"))
        let run = try await LarderCommand.run(["import", scratch.path("abyss.json").path, "--library", scratch.path("library").path])
        #expect(run.status == 1)
        let failure = run.errors.split(separator: "\n").first { $0.contains("abyss.json") }.map(String.init) ?? ""
        #expect(failure.contains("not valid JSON (nested more than 256 levels deep at line 1, column 257)"), "\(run.errors.prefix(500))")
        #expect(!run.errors.contains("Too many nested") && !run.errors.contains("around character"), "\(run.errors.prefix(500))")
    }
}

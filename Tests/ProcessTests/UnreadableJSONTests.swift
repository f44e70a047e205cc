import Foundation
import Testing
import TestSupport

/// JSON that cannot be read is said in Larder's words, with the file and the place or field:
/// Foundation's and Codable's own ("The given data was not valid JSON.", "Expected to decode
/// String but found number instead.") named neither.
struct UnreadableJSONTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    static let foundationWords = ["The given data", "Expected to decode", "around character", "NSCocoaErrorDomain", "DecodingError"]

    func expectLardersWords(_ text: String) {
        for words in Self.foundationWords { #expect(!text.contains(words), "\(text.prefix(600))") }
    }

    @Test func aCutShortFileIsPlacedByLineAndColumn() async throws {
        try Data("{\"title\": \"Toast\",\n \"ingredients\": [\"2 slices bread\"\n".utf8).write(to: scratch.path("toast.json"))
        let run = try await LarderCommand.run(["import", scratch.path("toast.json").path, "--library", scratch.path("library").path])
        #expect(run.status == 1)
        #expect(run.errors.contains("toast.json: [read] not valid JSON (unexpected end of data at line 3, column 1)"), "\(run.errors)")
        expectLardersWords(run.errors)
    }

    /// Library recipe files edited by hand or damaged: export and show name the file and say
    /// where the text stops being JSON, or which field holds the wrong kind of value.
    @Test func aDamagedLibraryRecipeIsNamedWithWhatIsWrong() async throws {
        let library = scratch.path("library")
        let recipe = #"{"@context": "https://schema.org", "@type": "Recipe", "name": "NAME", "recipeIngredient": ["1 egg"], "recipeInstructions": ["Boil."]}"#
        for name in ["Toast", "Soup"] {
            try Data(recipe.replacingOccurrences(of: "NAME", with: name).utf8).write(to: scratch.path("\(name).json"))
        }
        let imported = try await LarderCommand.run(["import", scratch.path("Toast.json").path, scratch.path("Soup.json").path, "--library", library.path])
        #expect(imported.status == 0, "\(imported.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent("recipes").path).sorted()
        let soup = try #require(files.first { $0.hasPrefix("soup") }), toast = try #require(files.first { $0.hasPrefix("toast") })
        let soupURL = library.appendingPathComponent("recipes/\(soup)"), toastURL = library.appendingPathComponent("recipes/\(toast)")
        try Data("{\n  \"id\" : \"x\",\n  \"title\" : ".utf8).write(to: soupURL)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: toastURL)) as? [String: Any])
        object["title"] = 5
        try JSONSerialization.data(withJSONObject: object).write(to: toastURL)

        let export = try await LarderCommand.run(["export", "--library", library.path, "--format", "markdown", "--output", scratch.path("book").path])
        #expect(export.status == 1)
        #expect(export.errors.contains("\(soup): [read] not a readable Larder recipe: not valid JSON: unexpected end of data at line 3, column 13"), "\(export.errors)")
        #expect(export.errors.contains("\(toast): [read] not a readable Larder recipe: the field title holds a number where text belongs"), "\(export.errors)")
        expectLardersWords(export.errors)
        let show = try await LarderCommand.run(["show", "--library", library.path, String(soup.dropLast(5))])
        #expect(show.errors.contains("not valid JSON: unexpected end of data at line 3, column 13"), "\(show.errors)")
        expectLardersWords(show.errors)
    }
}

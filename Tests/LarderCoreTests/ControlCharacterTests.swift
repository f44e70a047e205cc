import Foundation
@testable import LarderCore
import Testing

/// Control characters removed from Larder's own JSON (restores, hand-edited files) and escaped
/// in what a run prints.
struct ControlCharacterTests {
    @Test func terminalControlsAndBidiControlsAreRemovedAndLineBreaksKept() {
        let text = "a\u{1B}c\u{1B}]52;c;SGVsbG8=\u{07}b\u{9B}31m\u{90}c\u{0}d\u{7F}e\u{202E}f\u{2066}g\th\r\ni\rj\u{2028}k"
        #expect(ControlCharacters.removed(from: text) == "ac]52;c;SGVsbG8=b31mcdefg\th\ni\nj\nk")
        #expect(ControlCharacters.removed(from: "Crème brûlée\twith\nlines") == nil, "nothing to remove")
    }

    @Test func jsonIsCleanedWhetherTheControlsAreEscapedOrWrittenAsTheyAre() throws {
        let escaped = Data(#"{"title":"A\u001b]52;c;eA==\u0007B","notes":["x\ry"]}"#.utf8)
        let raw = Data("{\"title\":\"A\u{9B}31mB\u{202E}\"}".utf8)
        #expect(ControlCharacters.mayBeIn(json: escaped) && ControlCharacters.mayBeIn(json: raw))
        let cleanedEscaped = try #require(try ControlCharacters.removed(fromJSON: escaped))
        #expect(String(decoding: cleanedEscaped, as: UTF8.self).contains(#""A]52;c;eA==B""#))
        #expect(String(decoding: cleanedEscaped, as: UTF8.self).contains(#""x\ny""#))
        let cleanedRaw = try #require(try ControlCharacters.removed(fromJSON: raw))
        #expect(String(decoding: cleanedRaw, as: UTF8.self).contains(#""A31mB""#))
        // A backslash that escapes a quote or a backslash is no control.
        let plain = Data(#"{"title":"say \"hi\" \\ \/ \n \t \u00e9"}"#.utf8)
        #expect(!ControlCharacters.mayBeIn(json: plain))
        #expect(try ControlCharacters.removed(fromJSON: plain) == nil)
    }

    @Test func aRecipeReadFromJSONSaysWhetherItWasCleaned() throws {
        let recipe = Recipe(title: "Soup\u{1B}c")
        let data = try CanonicalJSON.encode(recipe)
        let read = try CanonicalJSON.decodeCleaning(data)
        #expect(read.cleaned && read.recipe.title == "Soupc")
        #expect(try CanonicalJSON.decodeCleaning(CanonicalJSON.encode(read.recipe)).cleaned == false)
    }

    /// Another app's JSON is cleaned as a backup is, the fields no mapper reads (kept in
    /// extras) too, so the library a restore gives back is the library that was saved: a
    /// review written with Windows line ends (`\r\n`) stays one review, with `\n`.
    @Test func anotherAppsFieldsKeptUnreadAreCleanedToo() throws {
        let page = Data(#"{"@type":"Recipe","name":"Soup\u001b[2J","recipeIngredient":["1 cup water"],"review":[{"reviewBody":"Good.\r\nAgain\u009b31m"}]}"#.utf8)
        let recipe = try #require(try RecipeJSON.read(page, context: MappingContext(input: "page.json")).first?.result.get())
        #expect(recipe.title == "Soup[2J")
        let stored = try CanonicalJSON.encode(recipe)
        #expect(!String(decoding: stored, as: UTF8.self).contains(#"\r"#))
        #expect(String(decoding: stored, as: UTF8.self).contains(#"Good.\nAgain31m"#))
        #expect(try CanonicalJSON.decode(stored) == recipe, "a restore reads back what the import stored")
    }

    @Test func printedLinesEscapeControlsButKeepLayoutAndBackslashes() {
        #expect(TerminalText.lines("a\tb\nc\u{1B}c\u{9B}d") == "a\tb\nc\\u{1B}c\\u{9B}d")
        // A backslash and a t written in the recipe stay a backslash and a t.
        #expect(TerminalText.lines(#"C:\temp\u{1B}"# + "\u{1B}") == #"C:\temp\u{1B}\u{1B}"#)
        #expect(TerminalText.oneLine("x\ry\u{202E}") == #"x\ry\u{202E}"#)
    }

    @Test func printedJSONEscapesWhatJSONMayHoldRawAndStillReadsTheSame() throws {
        let data = Data("{\n\t\"title\": \"A\u{9B}B\u{202E}C\u{2028}D\"\n}".utf8)
        let printed = TerminalText.json(data)
        let text = String(decoding: printed, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E || $0.value == 0x2028 })
        let before = try JSONSerialization.jsonObject(with: data) as? [String: String]
        let after = try JSONSerialization.jsonObject(with: printed) as? [String: String]
        #expect(before == after && after?["title"] == "A\u{9B}B\u{202E}C\u{2028}D")
    }
}

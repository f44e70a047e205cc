import Foundation
import LarderCore
@testable import LarderKit
import Testing

/// Text no installed font covers is named before the PDF is laid out (Typst prints it as empty
/// boxes). These use a made-up set of fonts, so they hold whatever this machine has installed.
struct UnprintableTextTests {
    /// Fonts for Latin only, as on a machine with DejaVu and Libertine but no CJK or emoji font.
    let latinOnly = InstalledFonts(ranges: InstalledFonts.parse(charsets: "20-7e a0-17f\n2000-206f 20ac"))

    @Test func fontconfigCharsetsAreReadAsRangesAndSingleCodePoints() {
        let fonts = InstalledFonts(ranges: InstalledFonts.parse(charsets: "20-7e a0-ff\n3040-309f 4e00 1f600-1f64f\n"))
        #expect(fonts.covers("A") && fonts.covers("é") && fonts.covers("あ") && fonts.covers("\u{4E00}") && fonts.covers("😀"))
        #expect(!fonts.covers("\u{4E01}") && !fonts.covers("🍕") && !fonts.covers("ア"))
    }

    @Test func recipesWithScriptsNoFontHasAreNamedByScriptWithTheFontToInstall() {
        let parts: [(name: String, text: [String])] = [
            ("日本のカレーライス", ["日本のカレーライス", "玉ねぎ", "炒める。"]),
            ("麻婆豆腐", ["麻婆豆腐", "豆腐 1块"]),
            ("김치찌개", ["김치찌개", "김치 200g"]),
            ("Pizza 🍕", ["Pizza 🍕", "1 🍅 tomato"]),
            ("Crème brûlée", ["Crème brûlée", "4 egg yolks", "Bake — 40 min"]),
        ]
        let notes = UnprintableText(parts: parts, fonts: latinOnly).notes
        #expect(notes.count == 4, "\(notes)")
        // Han characters beside kana are Japanese text, alone Chinese.
        #expect(notes.contains { $0.hasPrefix("1 recipe has Japanese text (U+65E5) no installed font can print") && $0.contains("\"日本のカレーライス\"") && $0.contains("fonts-wqy-microhei") })
        #expect(notes.contains { $0.hasPrefix("1 recipe has Chinese text") && $0.contains("\"麻婆豆腐\"") })
        #expect(notes.contains { $0.hasPrefix("1 recipe has Korean text") && $0.contains("\"김치찌개\"") })
        #expect(notes.contains { $0.hasPrefix("1 recipe has emoji") && $0.contains("\"Pizza 🍕\"") && $0.contains("fonts-noto-color-emoji") })
        #expect(!notes.joined().contains("Crème"), "accented Latin is covered")
    }

    @Test func aNoteCountsEveryRecipeAndNamesTheFirstFive() {
        let parts = (1...7).map { (name: "Soup \($0)", text: ["Soup \($0)", "1 \u{0E01}"]) }
        let notes = UnprintableText(parts: parts, fonts: latinOnly).notes
        #expect(notes == ["7 recipes have Thai text (U+0E01) no installed font can print, so the PDF prints boxes in its place: \"Soup 1\", \"Soup 2\", \"Soup 3\", \"Soup 4\", \"Soup 5\" and 2 more; install fonts-noto-core"])
    }

    @Test func charactersOfNoListedScriptAreNamedByCodePoint() {
        let notes = UnprintableText(parts: [(name: "Clef", text: ["Clef \u{1D11E}"])], fonts: latinOnly).notes
        #expect(notes == ["1 recipe has characters (U+1D11E) no installed font can print, so the PDF prints boxes in its place: \"Clef\"; install a font that has them (fonts-noto-core covers most scripts)"])
    }

    @Test func joinersBidiMarksAndVariationSelectorsNeedNoGlyph() {
        let parts: [(name: String, text: [String])] = [("Marks", ["a\u{200D}b\u{200E}c\u{FE0F}d\u{00A0}e\u{2009}f"])]
        #expect(UnprintableText(parts: parts, fonts: latinOnly).notes.isEmpty)
    }
}

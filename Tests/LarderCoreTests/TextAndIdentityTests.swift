import Foundation
import LarderCore
import Testing

struct TextCleanerTests {
    @Test func markupEscapedTwiceIsStrippedAndALoneLessThanIsKept() {
        #expect(TextCleaner.line("&lt;p&gt;Dinner&lt;/p&gt;") == "Dinner")
        #expect(TextCleaner.line("Heat to &lt; 80 °C") == "Heat to < 80 °C")
        #expect(TextCleaner.line("<b>Bold</b> &amp; bright") == "Bold & bright")
    }

    @Test func decodesEntitiesStripsTagsAndInvisibleCharacters() {
        #expect(TextCleaner.line("<p>Smooth &amp; <b>simple</b>&nbsp;soup&#8217;s\u{200B} best</p>") == "Smooth & simple soup’s best")
        #expect(TextCleaner.line("  1\u{00A0}cup \t flour  ") == "1 cup flour")
        #expect(TextCleaner.line("x < 3 and y > 2") == "x < 3 and y > 2")
        #expect(TextCleaner.line("&unknownentity; stays") == "&unknownentity; stays")
    }

    /// A stray right-to-left override would turn the rest of a title around in the PDF's
    /// contents and the columns after it in a terminal; the marks Arabic and Hebrew may need stay.
    @Test func bidiOverridesEmbeddingsAndIsolatesAreRemovedAndDirectionMarksKept() {
        #expect(TextCleaner.line("Zero width\u{200B}\u{200D} title\u{202E} reversed") == "Zero width title reversed")
        #expect(TextCleaner.line("\u{202A}a\u{202B}b\u{202C}c\u{202D}d\u{2066}e\u{2067}f\u{2068}g\u{2069}") == "abcdefg")
        #expect(TextCleaner.block("Step\u{202E} one.\n\nStep two.") == "Step one.\n\nStep two.")
        #expect(TextCleaner.line("\u{05E2}\u{05D5}\u{05D2}\u{05D4} 2\u{200F} \u{0643}\u{0648}\u{0628}\u{061C}") == "\u{05E2}\u{05D5}\u{05D2}\u{05D4} 2\u{200F} \u{0643}\u{0648}\u{0628}\u{061C}")
    }

    @Test func repairsUTF8ReadAsWindows1252AndLeavesRealAccentsAlone() {
        #expect(TextCleaner.line("1Â¼ cups half and half") == "1¼ cups half and half")
        #expect(TextCleaner.line("2/3 cupÂ\u{00A0}orange juice") == "2/3 cup orange juice")
        #expect(TextCleaner.line("CafÃ© au lait, donâ€™t stir") == "Café au lait, don’t stir")
        #expect(TextCleaner.line("pâte brisée, SÃO PAULO, Âge") == "pâte brisée, SÃO PAULO, Âge")
    }

    @Test func keepsParagraphsInBlocks() {
        #expect(TextCleaner.block("Step one.\r\n\r\n\r\nStep two.\t\r\n  ") == "Step one.\n\nStep two.")
        #expect(TextCleaner.block("<p>One</p><p>Two</p>") == "One\n\nTwo")
    }

    @Test func composesUnicodeToNFC() {
        let decomposed = "Zucchini-Kartoffel-Frittata mit Ka\u{0308}se"
        #expect(TextCleaner.line(decomposed) == "Zucchini-Kartoffel-Frittata mit Käse")
    }

    @Test func splitsCommaListsAndDropsEmptiesAndDuplicates() {
        #expect(TextCleaner.list("Soup, Cheesy,,Halloween, ,soup") == ["Soup", "Cheesy", "Halloween"])
    }
}

struct IdentityTests {
    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(Array(repeating: UInt8(ascii: "a"), count: 1000))
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// Streaming callers (archives, downloads) feed bytes in arbitrary pieces; any split must
    /// give the one-shot digest, including pieces that straddle and exactly fill a block.
    @Test func sha256GivesTheSameDigestHoweverTheBytesAreSplit() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let oneShot = SHA256.hex(bytes)
        for pieceSize in [1, 3, 55, 56, 63, 64, 65, 128, 999] {
            var hasher = SHA256()
            var start = 0
            while start < bytes.count {
                let end = min(start + pieceSize, bytes.count)
                bytes[start..<end].withUnsafeBytes { hasher.update($0) }
                start = end
            }
            #expect(hasher.finalize().hexString == oneShot, "pieces of \(pieceSize)")
        }
        #expect(SHA256.hex(Data(bytes)) == oneShot)
    }

    @Test func sourceURLsNormalizeAwayTrackingFragmentsAndCase() {
        let canonical = SourceURL.normalize("https://example.com/recipes/apple-pie")
        #expect(SourceURL.normalize("http://EXAMPLE.com/recipes/apple-pie/?utm_source=newsletter&utm_medium=email#print") == canonical)
        #expect(SourceURL.normalize("https://example.com:443/recipes/apple-pie?fbclid=abc") == canonical)
        #expect(SourceURL.normalize("https://example.com/recipes/apple-pie?b=2&a=1") == "https://example.com/recipes/apple-pie?a=1&b=2")
        #expect(SourceURL.normalize("https://example.com/recipes/apple-pie?id=7") != canonical)
        #expect(SourceURL.normalize("file:///etc/passwd") == nil)
        #expect(SourceURL.normalize("not a url") == nil)
    }

    @Test func idsAreSlugsWithAStableHash() {
        var recipe = Recipe(title: "Beef Ragù")
        recipe.provenance.sourceURL = "https://example.com/ragu?utm_source=x"
        let id = RecipeIdentity.makeID(for: recipe)
        #expect(id.hasPrefix("beef-ragu-"))
        #expect(id.count == "beef-ragu-".count + 8)
        recipe.provenance.sourceURL = "https://EXAMPLE.com/ragu/"
        #expect(RecipeIdentity.makeID(for: recipe) == id)
    }

    /// `ß` was dropped (`gyros-vom-drehspie`); letters of any script are written in ASCII.
    @Test func slugsSpellOtherLettersInASCII() {
        #expect(Slug.make("Gyros vom Drehspieß") == "gyros-vom-drehspiess")
        #expect(Slug.make("Smørrebrød") == "smorrebrod")
        #expect(Slug.make("Œufs à la neige") == "oeufs-a-la-neige")
        #expect(Slug.make("Łódź pierogi") == "lodz-pierogi")
        #expect(Slug.make("Борщ") == "bors")
        #expect(Slug.make("麻婆豆腐") == "ma-po-dou-fu")
    }

    /// Ids of recipes already in libraries must not change: ASCII titles, and the symbols
    /// that separated words before, give the slugs they always gave.
    @Test func slugsOfASCIITitlesAndSymbolsAreAsBefore() {
        #expect(Slug.make("Grandma's Apple Pie") == "grandma-s-apple-pie")
        #expect(Slug.make("Grandma’s Apple Pie – ½ Recipe™") == "grandma-s-apple-pie-recipe")
        #expect(Slug.make("Beef Ragù") == "beef-ragu")
        #expect(Slug.make("!!!") == "recipe")
        var recipe = Recipe(title: "Chili: Texas Style")
        recipe.provenance.sourceURL = "https://example.com/chili"
        #expect(RecipeIdentity.makeID(for: recipe) == "chili-texas-style-" + SHA256.hex("url:https://example.com/chili").prefix(8))
    }

    @Test func sanitizedIdsCannotEscapeTheRecipesFolder() {
        let escaping = RecipeIdentity.sanitize("../../etc/passwd")
        #expect(escaping.hasPrefix("-..-etc-passwd-") && !escaping.contains("/"))
        #expect(!RecipeIdentity.sanitize("..").hasPrefix("."))
        #expect(!RecipeIdentity.sanitize(".hidden").hasPrefix("."))
        #expect(RecipeIdentity.sanitize("Mealdb 52768").hasPrefix("mealdb-52768-"))
    }

    /// Two ids never share a file: one would be taken for a duplicate of the other, or replace it.
    @Test func idsThatCleanAlikeGetFileNamesOfTheirOwn() {
        // Ids that are safe names already keep them, so existing libraries still open.
        for id in ["pie", "beef-ragu-1a2b3c4d", "mealdb-52768", "0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d", String(repeating: "a", count: 120)] {
            #expect(RecipeIdentity.sanitize(id) == id)
        }
        let start = String(repeating: "x", count: 9_990)
        let ids = ["Pie", "pie", "PIE", "pie ", "pie/", "", start + "AAAAAAAAAA", start + "BBBBBBBBBB", String(repeating: "a", count: 121)]
        let names = ids.map(RecipeIdentity.sanitize)
        // Distinct on file systems that ignore case, too.
        #expect(Set(names.map { $0.lowercased() }).count == ids.count, "\(names)")
        for name in names {
            #expect(name.utf8.count <= 120 && !name.hasPrefix(".") && !name.contains("/"))
            // A cleaned id is a safe name: the stored recipe carries it, and cleaning it again keeps it.
            #expect(RecipeIdentity.sanitize(name) == name)
        }
    }
}

struct DurationAndYieldTests {
    @Test(arguments: [
        ("PT1H30M", 90.0), ("PT00H30M", 30), ("PT90M", 90), ("P0DT0H35M", 35),
        ("P0Y0M0DT0H50M0.000S", 50), ("PT0.5H", 30), ("PT15M30S", 15.5), ("P1D", 1440),
        // Sites leave out the T: thirty minutes, one hour; with days, M stays months.
        ("P30M", 30), ("P1H", 60), ("P1DT2H", 1560),
        // A day part after the T (the new-user trial's page), weeks, commas, the alternative form.
        ("PT0D0H30M", 30), ("PT1D2H", 1560), ("P1W", 10_080), ("PT1,5H", 90), ("pt20m", 20),
        ("PT00:30:00", 30), ("PT01:15", 75), ("P0000-00-01T01:30:00", 1530), ("P0000-00-00T00:45", 45),
    ])
    func readsISO8601(text: String, minutes: Double) {
        #expect(DurationParser.parse(text)?.minutes == minutes)
        #expect(DurationParser.parse(text)?.text == text)
    }

    @Test func readsTextDurationsAndRanges() {
        #expect(DurationParser.parse("1 hr 20 mins")?.minutes == 80)
        #expect(DurationParser.parse("1½ hours")?.minutes == 90)
        #expect(DurationParser.parse("90 minutes")?.minutes == 90)
        let range = DurationParser.parse("2-3 hours")
        #expect(range?.minutes == 120 && range?.upperMinutes == 180)
    }

    @Test func keepsWhatItCannotReadAsText() {
        let overnight = DurationParser.parse("overnight")
        #expect(overnight?.minutes == nil && overnight?.text == "overnight")
        #expect(DurationParser.parse("PT")?.minutes == nil)
        #expect(DurationParser.parse("P1Q")?.minutes == nil)
        // A day part after hours is no misspelling anyone makes: not read.
        #expect(DurationParser.parse("PT1H2D")?.minutes == nil)
        #expect(DurationParser.parse("PT1:2:3:4")?.minutes == nil)
        #expect(DurationParser.parse("P-")?.minutes == nil)
        #expect(DurationParser.parse("   ") == nil)
    }

    @Test func readsYields() {
        #expect(YieldParser.parse("Serves 4")?.quantity == Amount(4))
        #expect(YieldParser.parse("Serves 4")?.servings == Amount(4))
        let range = YieldParser.parse("4-6 servings")
        #expect(range?.quantity == Amount(4, upper: 6) && range?.unit == "servings")
        let cookies = YieldParser.parse("Makes 24 cookies")
        #expect(cookies?.quantity == Amount(24) && cookies?.unit == "cookies" && cookies?.servings == nil)
        #expect(YieldParser.parse("6 Portionen")?.servings == Amount(6))
        #expect(YieldParser.parse("a lot")?.quantity == nil)
        #expect(YieldParser.parse("a lot")?.text == "a lot")
    }

    @Test func splitsInstructionTextIntoSteps() {
        let steps = StepSplitter.steps(from: "step 1\r\nPreheat the oven.\r\n\r\nSTEP 2\r\nMix.\r\n3. Bake 20 minutes.\r\n350° F is hot.")
        #expect(steps.map(\.text) == ["Preheat the oven.", "Mix.", "Bake 20 minutes.", "350° F is hot."])
        #expect(StepSplitter.steps(from: "One paragraph. Two sentences.").count == 1)
    }

    @Test func splitsALineThatNumbersItsOwnSteps() {
        #expect(StepSplitter.steps(from: "1.番茄切丁 2.土豆切丁 3.鸡肉切块 4. ").map(\.text) == ["番茄切丁", "土豆切丁", "鸡肉切块"])
        #expect(StepSplitter.steps(from: "1. Mix 1.5 cups flour. 2. Bake at 180.").map(\.text) == ["Mix 1.5 cups flour.", "Bake at 180."])
        // Numbers that do not count up from 1 at the start are words of the step.
        #expect(StepSplitter.steps(from: "Beat 2 eggs. 3. Add them.").count == 1)
        #expect(StepSplitter.steps(from: "Heat the oven to 180. 2. Bake.").count == 1)
    }
}

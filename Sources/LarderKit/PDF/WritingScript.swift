/// The script a character is written in, as far as a note about fonts needs it: its name for a
/// reader ("Japanese text") and the Debian package with a font for it. Only scripts whose fonts
/// a Linux machine may lack are listed; Latin, Greek and Cyrillic come with the book faces
/// (Libertinus Serif is built into Typst) and are listed for the rare font setup without them.
struct WritingScript: Hashable, Sendable {
    /// What the note calls text in it: "Japanese text", "emoji".
    let text: String
    /// How to get a font for it.
    let remedy: String

    static let chinese = WritingScript(text: "Chinese text", remedy: cjkFonts)
    static let japanese = WritingScript(text: "Japanese text", remedy: cjkFonts)
    static let korean = WritingScript(text: "Korean text", remedy: cjkFonts)
    static let emoji = WritingScript(text: "emoji", remedy: "install fonts-noto-color-emoji")
    static let privateUse = WritingScript(
        text: "private-use characters",
        remedy: "they belong to no script, and only the font they were made for prints them")

    private static let cjkFonts = "install fonts-wqy-microhei or fonts-noto-cjk (make setup installs the first)"
    private static let notoCore = "install fonts-noto-core"

    private static func named(_ name: String) -> WritingScript {
        WritingScript(text: "\(name) text", remedy: notoCore)
    }

    /// Characters outside every listed range (the note names their first code point).
    static let unlisted = WritingScript(text: "characters",
                                        remedy: "install a font that has them (fonts-noto-core covers most scripts)")

    /// The script of `scalar`; Han characters are Chinese here, and a recipe with kana or
    /// Hangul beside them counts them as Japanese or Korean (`Unprintable.scripts`).
    static func of(_ scalar: Unicode.Scalar) -> WritingScript {
        let value = scalar.value
        for (range, script) in table where range.contains(value) { return script }
        return unlisted
    }

    private static let table: [(ClosedRange<UInt32>, WritingScript)] = [
        (0x0370...0x03FF, named("Greek")), (0x0400...0x052F, named("Cyrillic")), (0x0530...0x058F, named("Armenian")),
        (0x0590...0x05FF, named("Hebrew")), (0x0600...0x06FF, named("Arabic")), (0x0700...0x074F, named("Syriac")),
        (0x0750...0x077F, named("Arabic")), (0x0780...0x07BF, named("Thaana")), (0x08A0...0x08FF, named("Arabic")),
        (0x0900...0x097F, named("Devanagari")), (0x0980...0x09FF, named("Bengali")), (0x0A00...0x0A7F, named("Gurmukhi")),
        (0x0A80...0x0AFF, named("Gujarati")), (0x0B00...0x0B7F, named("Odia")), (0x0B80...0x0BFF, named("Tamil")),
        (0x0C00...0x0C7F, named("Telugu")), (0x0C80...0x0CFF, named("Kannada")), (0x0D00...0x0D7F, named("Malayalam")),
        (0x0D80...0x0DFF, named("Sinhala")), (0x0E00...0x0E7F, named("Thai")), (0x0E80...0x0EFF, named("Lao")),
        (0x0F00...0x0FFF, named("Tibetan")), (0x1000...0x109F, named("Burmese")), (0x10A0...0x10FF, named("Georgian")),
        (0x1100...0x11FF, korean), (0x1200...0x139F, named("Ethiopic")), (0x13A0...0x13FF, named("Cherokee")),
        (0x1780...0x17FF, named("Khmer")), (0x1800...0x18AF, named("Mongolian")),
        (0x2300...0x23FF, emoji), (0x2600...0x27BF, emoji), (0x2B00...0x2BFF, emoji),
        (0x2E80...0x2FDF, chinese), (0x3000...0x303F, chinese), (0x3040...0x30FF, japanese), (0x3100...0x312F, chinese),
        (0x3130...0x318F, korean), (0x31C0...0x31EF, chinese), (0x31F0...0x31FF, japanese), (0x3200...0x33FF, chinese),
        (0x3400...0x4DBF, chinese), (0x4E00...0x9FFF, chinese), (0xA960...0xA97F, korean), (0xAC00...0xD7FF, korean),
        (0xE000...0xF8FF, privateUse), (0xF900...0xFAFF, chinese), (0xFB50...0xFDFF, named("Arabic")),
        (0xFE30...0xFE4F, chinese), (0xFE70...0xFEFF, named("Arabic")), (0xFF00...0xFF65, chinese),
        (0xFF66...0xFF9F, japanese), (0xFFA0...0xFFDC, korean),
        (0x1F000...0x1FAFF, emoji), (0x20000...0x3FFFF, chinese), (0xF0000...0x10FFFF, privateUse),
    ]
}

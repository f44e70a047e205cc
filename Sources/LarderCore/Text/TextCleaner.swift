import Foundation

/// The text clean-up every field goes through: HTML references decoded, tags stripped,
/// invisible characters removed, white space collapsed, Unicode in NFC.
public enum TextCleaner {
    /// Zero-width and formatting characters that pages sprinkle into text, and the bidi
    /// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): a stray right-to-left
    /// override in a title turns the rest of it around (`title‮ reversed` prints as `titledesrever`)
    /// and, in a terminal, the columns printed after it. Arabic and Hebrew need none of them to
    /// read right; the marks that may (LRM, RLM, ALM) are kept.
    @inline(__always) static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD: return true
        default: return isBidiControl(scalar)
        }
    }

    /// The bidi embeddings, overrides and isolates: removed from fields here, escaped in what a
    /// run prints (`TerminalText`).
    @inline(__always) static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// One line of text: everything collapsed onto a single line.
    public static func line(_ text: String) -> String {
        collapse(decodeAndStrip(text), keepLineBreaks: false)
    }

    /// A block of text whose line breaks matter (instructions, notes): runs of spaces collapse,
    /// line breaks stay, blank lines fold to one.
    public static func block(_ text: String) -> String {
        collapse(decodeAndStrip(text), keepLineBreaks: true)
    }

    /// The lines of a text that its line breaks (`\n`, `<br>`) part, each cleaned as `line`:
    /// other markup, paragraphs included, is read inline.
    public static func lineBreaks(of text: String) -> [String] {
        let broken = text.replacingOccurrences(of: #"<br\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
        return broken.split(whereSeparator: \.isNewline).map { line(String($0)) }
    }

    /// Optional variant: nil when nothing but white space is left.
    public static func nonEmptyLine(_ text: String?) -> String? {
        guard let text else { return nil }
        let cleaned = line(text)
        return cleaned.isEmpty ? nil : cleaned
    }

    static func decodeAndStrip(_ text: String) -> String {
        // Byte checks first: `String.contains(String)` and NFC go through Foundation's NSString
        // bridge on Linux, which was the slowest part of scraping a page.
        var result = text
        var hasTag = false
        var isASCII = true
        for byte in text.utf8 {
            if byte == 0x3C { hasTag = true }
            if byte >= 0x80 { isASCII = false }
        }
        if hasTag { result = stripTags(result) }
        let escapedTag = result.utf8.contains(0x26) && (result.contains("&lt;") || result.contains("&#60;"))
        result = HTMLEntities.decode(result)
        // Markup escaped once more (`&lt;p&gt;Dinner&lt;/p&gt;`, common in JSON-LD) is markup
        // too; `stripTags` keeps a `<` that starts no tag (`x &lt; 3`).
        if escapedTag { result = stripTags(result) }
        if !isASCII { result = MojibakeRepair.repair(result) }
        return isASCII && !result.utf8.contains(where: { $0 >= 0x80 }) || isComposed(result) ? result : result.precomposedStringWithCanonicalMapping
    }

    /// Whether NFC leaves the text as it is, known without Foundation's normalizer (which is
    /// slow on Linux): every character is below U+0300 (Latin scripts without combining marks)
    /// or a punctuation mark or currency sign of U+2010–U+20CF, none of which NFC changes.
    static func isComposed(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value < 0x300 || (0x2010...0x20CF).contains($0.value) }
    }

    /// Removes HTML tags, turning block-level ones into line breaks so paragraphs stay apart.
    /// A `<` that does not start a tag (`x < 3`) is kept.
    public static func stripTags(_ text: String) -> String {
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let close = text[index...].firstIndex(of: ">") {
                let tag = text[text.index(after: index)..<close]
                let nameStart = tag.drop(while: { $0 == "/" })
                if let first = nameStart.first, first.isLetter || first == "!" {
                    let name = nameStart.prefix(while: { $0.isLetter || $0.isNumber }).lowercased()
                    if ["br", "p", "div", "li", "ol", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "tr"].contains(name) {
                        output.append("\n")
                    }
                    index = text.index(after: close)
                    continue
                }
            }
            output.append(character)
            index = text.index(after: index)
        }
        return output
    }

    static func collapse(_ text: String, keepLineBreaks: Bool) -> String {
        if isAlreadyClean(text) { return text }
        var lines: [String] = []
        var current = ""
        var pendingSpace = false
        func flushLine() {
            lines.append(current)
            current = ""
            pendingSpace = false
        }
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) { continue }
            let isBreak = scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
            // ASCII first: the Unicode property lookup is slow and rarely needed.
            let isSpace = scalar.value < 0x80 ? scalar == " " || scalar == "\t" || scalar.value == 0x0B || scalar.value == 0x0C : scalar.properties.isWhitespace
            if isBreak && keepLineBreaks {
                flushLine()
            } else if isBreak || isSpace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                pendingSpace = !current.isEmpty
            } else {
                if pendingSpace { current.append(" ") }
                pendingSpace = false
                current.unicodeScalars.append(scalar)
            }
        }
        flushLine()
        if !keepLineBreaks { return lines.joined() }
        // Keep single blank lines between paragraphs, drop leading/trailing/extra ones.
        var kept: [String] = []
        for line in lines {
            if line.isEmpty && (kept.last?.isEmpty ?? true) { continue }
            kept.append(line)
        }
        while kept.last?.isEmpty == true { kept.removeLast() }
        return kept.joined(separator: "\n")
    }

    /// Printable ASCII with single spaces and no space at either end: nothing to collapse. Most
    /// text is like this, and rebuilding it scalar by scalar was costly.
    static func isAlreadyClean(_ text: String) -> Bool {
        var previousWasSpace = true
        for byte in text.utf8 {
            if byte == 0x20 {
                if previousWasSpace { return false }
                previousWasSpace = true
            } else if byte > 0x20 && byte < 0x7F {
                previousWasSpace = false
            } else {
                return false
            }
        }
        return !previousWasSpace || text.isEmpty
    }

    /// Splits a list written as one string (`"Soup, Cheesy,,Halloween, "`) into clean items;
    /// empty items and duplicates (ignoring case) are dropped.
    public static func list(_ text: String, separators: Set<Character> = [","]) -> [String] {
        uniqued(text.split(whereSeparator: { separators.contains($0) }).map { line(String($0)) })
    }

    /// Drops empty strings and case-insensitive duplicates, keeping the first spelling.
    public static func uniqued(_ items: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for item in items where !item.isEmpty {
            if seen.insert(item.lowercased()).inserted { result.append(item) }
        }
        return result
    }
}

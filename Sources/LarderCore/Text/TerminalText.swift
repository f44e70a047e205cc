/// Text a run prints about its inputs (a file name, an address, a title, a reason that quotes
/// them) made safe for one line of a terminal: a file may be named `new⏎line.json`, and printed
/// raw it would break the one-line-per-input output, or with a right-to-left override turn the
/// rest of the line around. Line breaks, tabs and other control characters and the bidi
/// controls are written as escapes (`new\nline.json`, `\u{202E}`); everything else is kept.
public enum TerminalText {
    /// `text` with its line breaks and controls escaped; text with none is returned unchanged.
    public static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// C0 and C1 controls and DEL, the line and paragraph separators, and the bidi embeddings,
    /// overrides and isolates.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return TextCleaner.isBidiControl(scalar)
        }
    }
}

import Foundation

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

    /// Text of several lines (a recipe shown as Markdown, the stats): line breaks and tabs
    /// kept, every other control character, separator and bidi control written as an escape.
    public static func lines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.split(separator: "\t", omittingEmptySubsequences: false).map { oneLine(String($0)) }.joined(separator: "\t") }
            .joined(separator: "\n")
    }

    /// JSON for a terminal: what JSON may hold as it is but a terminal acts on (C1 controls,
    /// DEL, the separators, the bidi controls) written as `\u` escapes, which read back the same.
    public static func json(_ data: Data) -> Data {
        guard let text = String(data: data, encoding: .utf8), text.unicodeScalars.contains(where: needsEscape) else { return data }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            // Line breaks and tabs between values are JSON's own layout; inside strings JSON
            // has them escaped already.
            if needsEscape(scalar), scalar != "\n", scalar != "\t", scalar != "\r" {
                result.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return Data(String(result).utf8)
    }

    /// `json(_:)` for a string: the text with what a terminal would act on escaped, as JSON text.
    public static func jsonText(_ text: String) -> String {
        String(decoding: json(Data(text.utf8)), as: UTF8.self)
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

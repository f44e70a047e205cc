import Foundation

/// Writes YAML scalars that no recipe text can break: every string is double-quoted with
/// YAML's own escapes, so `: `, `#`, `---`, quotes and line breaks stay text.
public enum YAMLText {
    /// `text` as a double-quoted YAML scalar that reads back as exactly `text`.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x80 && scalar.value < 0xA0) || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{FEFF}" {
                    result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `items` as a YAML flow sequence of quoted scalars (`["a", "b"]`).
    public static func list(_ items: [String]) -> String {
        "[" + items.map(quoted).joined(separator: ", ") + "]"
    }

    /// The text as a plain scalar when YAML reads that back as the same string, else quoted:
    /// for files people edit by hand (Cooklang front matter), where `title: Pancakes` reads
    /// better than `title: "Pancakes"`. Plain only when it starts with a letter (or a digit,
    /// with words after it: `15 minutes`), holds no `: ` or ` #`, does not end in `:` or white
    /// space, holds no control character, and is not a word YAML reads as a boolean or null; in
    /// a flow list (`inFlow`), no `,[]{}` either.
    public static func scalar(_ text: String, inFlow: Bool = false) -> String {
        isPlainSafe(text, inFlow: inFlow) ? text : quoted(text)
    }

    /// A count written as a YAML number (`4`, `2.5`) when it is one, else as `scalar` writes it.
    public static func numberOrScalar(_ text: String) -> String {
        let isPlainNumber = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            && text.first != "." && text.last != "." && text.filter { $0 == "." }.count <= 1
        return isPlainNumber ? text : scalar(text)
    }

    /// A flow list whose items are plain where that is safe: `[soup, "Chili: Texas"]`.
    public static func flowList(_ items: [String]) -> String {
        "[" + items.map { scalar($0, inFlow: true) }.joined(separator: ", ") + "]"
    }

    static let wordsReadAsOtherTypes: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "nan", "inf"]

    static func isPlainSafe(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.first, let last = text.last, !last.isWhitespace, last != ":" else { return false }
        // A digit first is a number, a date or a time to YAML unless words follow.
        let startsWell = first.isLetter || (first.isASCII && first.isNumber && text.contains(" ") && text.contains(where: \.isLetter))
        guard startsWell else { return false }
        guard !text.contains(": "), !text.contains(" #"), !wordsReadAsOtherTypes.contains(text.lowercased()) else { return false }
        if inFlow, text.contains(where: { ",[]{}".contains($0) }) { return false }
        return !text.unicodeScalars.contains { scalar in
            scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
        }
    }

    /// `2024-05-01`: the calendar day in UTC, the form every static-site generator reads as a date.
    public static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// A number as YAML reads it back: `4`, `1.5`.
    public static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

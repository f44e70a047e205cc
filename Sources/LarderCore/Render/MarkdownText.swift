/// Escapes recipe text for Markdown so that it shows as written: no accidental headings,
/// lists, tables, emphasis, code or raw HTML.
public enum MarkdownText {
    static let inlineSpecials: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "!", "{", "}", "$"]

    /// One line of inline text.
    public static func inline(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() where !character.isNewline {
            if character == "&" && startsCharacterReference(characters, at: index) {
                result += "&amp;"  // so `&lt;` in a recipe shows as written, not as `<`
            } else if inlineSpecials.contains(character) {
                result += "\\" + String(character)
            } else {
                result.append(character)
            }
        }
        return escapeLineStart(result.trimmingCharacters(in: .whitespaces))
    }

    /// `&name;` or `&#123;`, which Markdown would turn into another character.
    static func startsCharacterReference(_ characters: [Character], at index: Int) -> Bool {
        var position = index + 1
        while position < characters.count, position - index <= 32 {
            let character = characters[position]
            if character == ";" { return position > index + 1 }
            guard character.isASCII, character.isLetter || character.isNumber || character == "#" else { return false }
            position += 1
        }
        return false
    }

    /// A block of text: each line escaped, paragraphs kept apart by a blank line.
    public static func block(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { inline(String($0)) }
            .filter { !$0.isEmpty }
            .joined(separator: "\n\n")
    }

    /// Characters that only mean something at the start of a line: list bullets, ordered list
    /// numbers (`1.`), setext underlines and thematic breaks (`---`, `===`), block quotes.
    static func escapeLineStart(_ line: String) -> String {
        guard let first = line.first else { return line }
        if first == "-" || first == "+" || first == "=" {
            return "\\" + line
        }
        let digits = line.prefix(while: { $0.isASCII && $0.isNumber })
        if !digits.isEmpty, digits.count < 10 {
            let rest = line.dropFirst(digits.count)
            if let mark = rest.first, mark == "." || mark == ")" {
                return digits + "\\" + rest
            }
        }
        return line
    }

    /// A link target that cannot end the link early.
    public static func destination(_ url: String) -> String {
        var result = ""
        for character in url {
            switch character {
            case " ": result += "%20"
            case "<": result += "%3C"
            case ">": result += "%3E"
            case "(": result += "%28"
            case ")": result += "%29"
            default:
                if !character.isNewline { result.append(character) }
            }
        }
        return "<" + result + ">"
    }
}

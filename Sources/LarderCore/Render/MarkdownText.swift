/// Escapes recipe text for Markdown so that it shows as written: no accidental headings,
/// lists, tables, emphasis, code or raw HTML.
public enum MarkdownText {
    /// `!` is left out: it only means something before `[` (an image), handled on its own, and
    /// a needless `\!` shows in plain-text viewers and in `larder show` (`Enjoy\!`).
    static let inlineSpecials: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "{", "}", "$"]

    /// One line of inline text.
    public static func inline(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() where !character.isNewline {
            if character == "&" && startsCharacterReference(characters, at: index) {
                result += "&amp;"  // so `&lt;` in a recipe shows as written, not as `<`
            } else if inlineSpecials.contains(character) || (character == "!" && index + 1 < characters.count && characters[index + 1] == "[") {
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

    /// A text whose line breaks matter as one paragraph: each line escaped, kept apart by
    /// hard breaks (a `\\` at the end of a line), blank lines left out.
    public static func lines(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { inline(String($0)) }
            .filter { !$0.isEmpty }
            .joined(separator: "\\\n")
    }

    /// A text of paragraphs (kept apart by blank lines) whose line breaks matter: each
    /// paragraph as `lines` writes it, a blank line between them.
    public static func paragraphs(_ text: String) -> String {
        var paragraphs: [[Substring]] = [[]]
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                if !paragraphs[paragraphs.count - 1].isEmpty { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(line)
            }
        }
        return paragraphs.map { lines($0.joined(separator: "\n")) }.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// Characters that only mean something at the start of a line: list bullets, ordered list
    /// numbers (`1.`), setext underlines and thematic breaks (`---`, `===`), block quotes.
    /// CommonMark reads a bullet or a number mark only when a space or the line's end follows it,
    /// so `-5 °C` and `0.65 kg` are left as written (a backslash there would show in plain-text
    /// viewers and in every re-import).
    static func escapeLineStart(_ line: String) -> String {
        guard let first = line.first else { return line }
        if first == "=" || ((first == "-" || first == "+") && marksABlock(line.dropFirst())) {
            return "\\" + line
        }
        let digits = line.prefix(while: { $0.isASCII && $0.isNumber })
        if !digits.isEmpty, digits.count < 10 {
            let rest = line.dropFirst(digits.count)
            if let mark = rest.first, mark == "." || mark == ")", marksABlock(rest.dropFirst()) {
                return digits + "\\" + rest
            }
        }
        return line
    }

    /// Whether what follows a line's first mark makes it a list item or a thematic break:
    /// nothing, a space, or (for `---`) only more of the same marks and spaces.
    static func marksABlock(_ rest: Substring) -> Bool {
        guard let next = rest.first else { return true }
        if next == " " || next == "\t" { return true }
        return rest.allSatisfy { $0 == "-" || $0 == "*" || $0 == "_" || $0 == " " }
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

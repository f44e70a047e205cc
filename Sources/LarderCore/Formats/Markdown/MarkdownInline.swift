/// Inline Markdown read back to the text it shows: the inverse of `MarkdownText.inline` for
/// what Larder writes (backslash escapes, `&amp;` before a character reference), and a plain
/// reading of what people write by hand (`**strong**`, `__strong__`, `` `code` ``, links keep
/// their words, pictures go, `&lt;` and `&#233;` become their characters).
enum MarkdownInline {
    static func text(_ markdown: String) -> String {
        let characters = Array(markdown)
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "\\", let next, next.isASCII, next.isPunctuation || next.isSymbol {
                result.append(next)
                index += 2
            } else if (character == "*" || character == "_"), next == character {
                index += 2  // emphasis marks, not text
            } else if character == "`" {
                index += 1
            } else if character == "&", let (decoded, length) = characterReference(characters, at: index) {
                result += decoded
                index += length
            } else if character == "!", next == "[", let link = link(characters, at: index + 1) {
                index = link.end  // a picture shows no text
            } else if character == "[", let link = link(characters, at: index) {
                result += text(link.words)
                index = link.end
            } else {
                result.append(character)
                index += 1
            }
        }
        return result.trimmed
    }

    /// `[words](destination)` starting at `index`: its words, its destination as written, and
    /// the index after it.
    static func link(_ characters: [Character], at index: Int) -> (words: String, destination: String, end: Int)? {
        guard index < characters.count, characters[index] == "[" else { return nil }
        var position = index + 1
        var depth = 1
        while position < characters.count {
            if characters[position] == "\\" { position += 2; continue }
            if characters[position] == "[" { depth += 1 }
            if characters[position] == "]" { depth -= 1; if depth == 0 { break } }
            position += 1
        }
        guard position + 1 < characters.count, characters[position + 1] == "(" else { return nil }
        let words = String(characters[(index + 1)..<position])
        var end = position + 2
        var destination = ""
        if end < characters.count, characters[end] == "<" {
            end += 1
            while end < characters.count, characters[end] != ">" { destination.append(characters[end]); end += 1 }
            end += 1
            while end < characters.count, characters[end] != ")" { end += 1 }
        } else {
            var parentheses = 0
            while end < characters.count {
                let character = characters[end]
                if character == "(" { parentheses += 1 }
                if character == ")" { if parentheses == 0 { break }; parentheses -= 1 }
                if character == " " { while end < characters.count, characters[end] != ")" { end += 1 }; break }
                destination.append(character)
                end += 1
            }
        }
        guard end < characters.count, characters[end] == ")" else { return nil }
        return (words, destination, end + 1)
    }

    /// The destination of a link or picture as Larder writes it (`<images/a%20b/1.jpg>`):
    /// the brackets gone and the characters `MarkdownText.destination` escaped put back.
    static func destination(_ written: String) -> String {
        var text = written.trimmed
        if text.hasPrefix("<"), text.hasSuffix(">") { text = String(text.dropFirst().dropLast()) }
        for (escaped, character) in [("%20", " "), ("%3C", "<"), ("%3E", ">"), ("%28", "("), ("%29", ")")] {
            text = text.replacingOccurrences(of: escaped, with: character)
        }
        return text
    }

    /// The first picture of a line (`![alt](src)`): its destination as written.
    static func firstPicture(in line: String) -> String? {
        let characters = Array(line)
        var index = 0
        while index + 1 < characters.count {
            if characters[index] == "!", characters[index + 1] == "[", let link = link(characters, at: index + 1) { return link.destination }
            index += 1
        }
        return nil
    }

    static let namedReferences: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}"]

    /// `&amp;`, `&lt;`, `&#233;`, `&#xE9;` at `index`: the character and the length written.
    static func characterReference(_ characters: [Character], at index: Int) -> (String, Int)? {
        guard let semicolon = characters[index...].prefix(34).firstIndex(of: ";") else { return nil }
        let name = String(characters[(index + 1)..<semicolon])
        let length = semicolon - index + 1
        if let known = namedReferences[name] { return (known, length) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return (String(Character(scalar)), length)
    }
}

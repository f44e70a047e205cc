import Foundation

/// Cooklang text → `CooklangDocument`, following the specification and its canonical tests:
/// paragraphs are steps (lines joined by a space), `--` and `[- -]` are comments, `>` lines
/// are notes, `=` lines start sections, metadata is YAML-like front matter or `>> key: value`.
public enum CooklangParser {
    public struct SyntaxError: Error, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func parse(_ source: String) throws -> CooklangDocument {
        var text = source.replacingOccurrences(of: "\r\n", with: "\n")
        text = try stripBlockComments(text)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var document = CooklangDocument(metadata: [], sections: [CooklangDocument.Section(name: nil, steps: [])], notes: [])
        var firstBodyLine = 0
        if lines.first?.trimmed == "---", let close = lines.dropFirst().firstIndex(where: { $0.trimmed == "---" }) {
            document.metadata = FrontMatter.parse(Array(lines[1..<close]))
            firstBodyLine = close + 1
        }
        lines = Array(lines[firstBodyLine...])
        var paragraph: [(line: Int, text: String)] = []
        func flush() throws {
            guard !paragraph.isEmpty else { return }
            let joined = paragraph.map(\.text).joined(separator: " ").trimmed
            let firstLine = paragraph[0].line
            paragraph = []
            guard !joined.isEmpty else { return }
            let items = try self.items(in: joined, line: firstLine)
            document.sections[document.sections.count - 1].steps.append(items)
        }
        for (offset, raw) in lines.enumerated() {
            let number = firstBodyLine + offset + 1
            let trimmed = raw.trimmed
            if trimmed.hasPrefix(">>") {
                try flush()
                let body = trimmed.dropFirst(2)
                if let colon = body.firstIndex(of: ":") {
                    document.metadata.append((String(body[..<colon]).trimmed, .text(String(body[body.index(after: colon)...]).trimmed)))
                }
                continue
            }
            if trimmed.hasPrefix(">") {
                try flush()
                document.notes.append(String(trimmed.dropFirst()).trimmed)
                continue
            }
            let line = stripLineComment(raw)
            if trimmed.hasPrefix("=") {
                try flush()
                let name = trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "= ")).trimmed
                if document.sections.last?.steps.isEmpty == true && document.sections.count == 1 && document.sections[0].name == nil {
                    document.sections[0].name = name.isEmpty ? nil : name
                } else {
                    document.sections.append(CooklangDocument.Section(name: name.isEmpty ? nil : name, steps: []))
                }
                continue
            }
            if trimmed.isEmpty {
                try flush()
                continue
            }
            // A line that was only a comment leaves the paragraph as it was.
            if line.trimmed.isEmpty { continue }
            if line.hasSuffix("\\") {
                paragraph.append((number, String(line.dropLast())))
            } else {
                paragraph.append((number, line))
            }
        }
        try flush()
        let several = document.sections.count > 1
        document.sections.removeAll { $0.steps.isEmpty && $0.name == nil && several }
        if document.sections.count == 1, document.sections[0].steps.isEmpty, document.sections[0].name == nil {
            document.sections = []
        }
        return document
    }

    // MARK: - Comments and metadata

    static func stripBlockComments(_ text: String) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "[-") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-]") else {
                let line = text[..<text.index(text.startIndex, offsetBy: result.count)].filter { $0 == "\n" }.count + 1
                throw SyntaxError(line: line, message: "a block comment \"[-\" is never closed with \"-]\"")
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// `--` to the end of the line; a longer run of dashes (`---`) is text.
    static func stripLineComment(_ line: String) -> String {
        var search = line.startIndex..<line.endIndex
        while let range = line.range(of: "--", range: search) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            if before != "-" && after != "-" { return String(line[..<range.lowerBound]) }
            search = line.index(after: range.lowerBound)..<line.endIndex
        }
        return line
    }

    // MARK: - Steps

    /// The items of one step: text with `@ingredients`, `#cookware` and `~timers` in it.
    static func items(in text: String, line: Int) throws -> [CooklangDocument.Item] {
        var items: [CooklangDocument.Item] = []
        var plain = ""
        let characters = Array(text)
        var index = 0
        func flushText() {
            if !plain.isEmpty { items.append(.text(plain)) }
            plain = ""
        }
        while index < characters.count {
            let character = characters[index]
            guard "@#~".contains(character), let token = try component(characters, at: index, line: line) else {
                plain.append(character)
                index += 1
                continue
            }
            flushText()
            items.append(token.item)
            index = token.end
        }
        flushText()
        return items
    }

    /// The ingredient, cookware or timer starting at `start`, or nil when the sign is just text
    /// (`@ example`, `# 5`).
    static func component(_ characters: [Character], at start: Int, line: Int) throws -> (item: CooklangDocument.Item, end: Int)? {
        let sign = characters[start]
        let nameStart = start + 1
        guard nameStart < characters.count else { return nil }
        let first = characters[nameStart]
        if first.isWhitespace { return nil }
        // A name of several words runs to a `{` met before any other sign or line end.
        var braceAt: Int?
        if first != "{" || sign == "~" {
            var scan = nameStart
            while scan < characters.count, !"@#~\n".contains(characters[scan]) || scan == nameStart {
                if characters[scan] == "{" { braceAt = scan; break }
                scan += 1
            }
        }
        if first == "{" { braceAt = nameStart }
        var name: String
        var amount: String?
        var end: Int
        if let brace = braceAt {
            guard let close = characters[brace...].firstIndex(of: "}") else {
                throw CooklangParser.SyntaxError(line: line, message: "\"\(String(characters[start..<min(characters.count, brace + 12)]))\" opens \"{\" and never closes it")
            }
            name = String(characters[nameStart..<brace])
            amount = String(characters[(brace + 1)..<close])
            end = close + 1
        } else {
            var scan = nameStart
            while scan < characters.count, !characters[scan].isWhitespace, !characters[scan].isPunctuation || characters[scan] == "_" {
                scan += 1
            }
            guard scan > nameStart else { return nil }
            name = String(characters[nameStart..<scan])
            end = scan
        }
        name = name.trimmed
        if name.isEmpty && sign != "~" { return nil }
        let (quantityText, units) = splitAmount(amount)
        switch sign {
        case "@":
            var preparation: String?
            if end < characters.count, characters[end] == "(", let close = characters[end...].firstIndex(of: ")") {
                preparation = String(characters[(end + 1)..<close]).trimmed
                end = close + 1
            }
            return (.ingredient(name: name, quantity: quantity(quantityText, empty: .none), units: units, preparation: preparation), end)
        case "#":
            return (.cookware(name: name, quantity: quantity(quantityText, empty: .number(1, written: "1"))), end)
        default:
            if braceAt == nil && name.isEmpty { return nil }
            return (.timer(name: name, quantity: quantity(quantityText, empty: .text("")), units: units), end)
        }
    }

    static func splitAmount(_ amount: String?) -> (quantity: String, units: String) {
        guard let amount else { return ("", "") }
        guard let percent = amount.firstIndex(of: "%") else { return (amount.trimmed, "") }
        return (String(amount[..<percent]).trimmed, String(amount[amount.index(after: percent)...]).trimmed)
    }

    static func quantity(_ text: String, empty: CooklangDocument.Quantity) -> CooklangDocument.Quantity {
        guard !text.isEmpty else { return empty }
        if let number = PlainAmount.number(text), !text.contains("-") { return .number(number, written: text) }
        return .text(text)
    }
}

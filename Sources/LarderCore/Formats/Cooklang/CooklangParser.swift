import Foundation

/// Cooklang text → `CooklangDocument`, following the specification and its canonical tests:
/// paragraphs are steps (lines joined by a space), `--` and `[- -]` are comments, `>` lines
/// are notes, `=` lines start sections, metadata is YAML front matter or `>> key: value`.
public enum CooklangParser {
    /// Text the parser cannot read as Cooklang, with where it is.
    public struct SyntaxError: DescribedError {
        /// The line of the file, counted from 1.
        public var line: Int
        /// What is wrong there, in words.
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// - Parameter limits: a step (one paragraph) longer than `maxFieldBytes`, more steps than
    ///   `maxSteps`, more ingredients named than `maxIngredientLines`, or more notes, metadata,
    ///   cookware or timers than `maxListItems` throw `InputLimits.Exceeded` as soon as they are
    ///   met. The text is read a line at a time and blank lines cost nothing, so the work is
    ///   linear in the text and memory bounded by what the recipe holds.
    public static func parse(_ source: String, limits: InputLimits = .standard) throws -> CooklangDocument {
        let unix = LineBreaks.unix(source)
        // The text's own private-use character is never taken for a mark (`commentMark`).
        let marks = !unix.containsBytes(commentMark)
        func unmarked(_ text: String) -> String { marks ? Self.unmarked(text) : text }
        let text = try stripBlockComments(unix)
        var document = CooklangDocument(metadata: [], sections: [CooklangDocument.Section(name: nil, steps: [])], notes: [])
        var lines = LineCursor(text)
        if let frontMatter = try frontMatter(of: text, limits: limits) {
            do {
                // The fence is the file's first line, so the block starts on its second.
                document.metadata = try FrontMatter.parse(frontMatter.lines, firstLine: 2)
            } catch let error as FrontMatter.SyntaxError {
                throw SyntaxError(line: error.line, message: "the front matter is not valid YAML: \(error.message)")
            }
            lines.skip(frontMatter.lineCount)
        }
        var counts = Counts(limits: limits)
        var paragraph: [(line: Int, text: String)] = []
        var paragraphBytes = 0
        func flush() throws {
            guard !paragraph.isEmpty else { return }
            let joined = paragraph.map(\.text).joined(separator: " ").trimmed
            let firstLine = paragraph[0].line
            paragraph = []
            paragraphBytes = 0
            guard !joined.isEmpty else { return }
            let items = try self.items(in: joined, line: firstLine, marked: marks)
            try counts.add(step: items)
            document.sections[document.sections.count - 1].steps.append(items)
        }
        while let (number, raw, isBlank) = lines.next() {
            // Blank lines end a paragraph and are otherwise nothing: a file of millions of
            // them is read in one pass without a string for each.
            if isBlank {
                try flush()
                lines.skipBlankLines()
                continue
            }
            // Any line is part of one field (a step, a note, metadata): one longer than a field
            // may be is refused before it is looked at.
            if raw.utf8.count > limits.maxFieldBytes {
                throw InputLimits.Exceeded("a line (line \(number))", found: raw.utf8.count, limit: limits.maxFieldBytes, per: "field", unit: .bytes)
            }
            let trimmed = unmarked(raw.trimmed)
            if trimmed.hasPrefix(">>") {
                try flush()
                let body = trimmed.dropFirst(2)
                if let colon = body.firstIndex(of: ":") {
                    try counts.addListItem("metadata entries")
                    document.metadata.append((String(body[..<colon]).trimmed, .text(String(body[body.index(after: colon)...]).trimmed)))
                }
                continue
            }
            if trimmed.hasPrefix(">") {
                try flush()
                try counts.addListItem("notes")
                document.notes.append(String(trimmed.dropFirst()).trimmed)
                continue
            }
            // Marks stay until the step's items are read (a sign before one is text).
            let line = stripLineComment(String(raw))
            if trimmed.hasPrefix("=") {
                try flush()
                let name = trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "= ")).trimmed
                if document.sections.last?.steps.isEmpty == true && document.sections.count == 1 && document.sections[0].name == nil {
                    document.sections[0].name = name.isEmpty ? nil : name
                } else {
                    try counts.addListItem("sections")
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
            paragraphBytes += line.utf8.count + 1
            if paragraphBytes > limits.maxFieldBytes {
                throw InputLimits.Exceeded("a step (line \(paragraph.first?.line ?? number))", limit: limits.maxFieldBytes, per: "field", unit: .bytes)
            }
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

    /// The lines of YAML front matter (between a first line `---` and the next `---`) and how
    /// many lines it takes with its fences; nil when the text has none. Front matter larger
    /// than a field may be is refused rather than held line by line.
    static func frontMatter(of text: String, limits: InputLimits) throws -> (lines: [String], lineCount: Int)? {
        var lines = LineCursor(text)
        guard let (_, first, _) = lines.next(), first.trimmed == "---" else { return nil }
        var inside: [String] = []
        var bytes = 0
        while let (number, line, _) = lines.next() {
            if line.trimmed == "---" {
                guard bytes <= limits.maxFieldBytes else {
                    throw InputLimits.Exceeded("front matter", found: bytes, limit: limits.maxFieldBytes, per: "field", unit: .bytes)
                }
                return (inside, number)
            }
            bytes += line.utf8.count + 1
            // Past the limit the lines are only counted, to learn whether the fence closes.
            if bytes <= limits.maxFieldBytes { inside.append(String(line)) }
        }
        return nil
    }

    /// Counts what a document holds as it is read, against the limits.
    struct Counts {
        let limits: InputLimits
        var steps = 0
        var ingredients = 0
        var listItems: [String: Int] = [:]

        mutating func add(step items: [CooklangDocument.Item]) throws {
            steps += 1
            if steps > limits.maxSteps { throw InputLimits.Exceeded("steps", limit: limits.maxSteps, per: "recipe") }
            for item in items {
                switch item {
                case .ingredient:
                    ingredients += 1
                    if ingredients > limits.maxIngredientLines {
                        throw InputLimits.Exceeded("ingredients", limit: limits.maxIngredientLines, per: "recipe")
                    }
                case .cookware: try addListItem("cookware items")
                case .timer: try addListItem("timers")
                case .text: break
                }
            }
        }

        mutating func addListItem(_ what: String) throws {
            let count = listItems[what, default: 0] + 1
            listItems[what] = count
            if count > limits.maxListItems { throw InputLimits.Exceeded(what, limit: limits.maxListItems, per: "recipe") }
        }
    }

    // MARK: - Comments and metadata

    /// What stands for a block comment taken out from inside a word, until the text is read:
    /// as the specification's lexer reads the file in one pass, what the comment parts stays
    /// apart. So `-[- -]-` is two dashes of text, not a line comment, and `~[- -]7cm` a tilde
    /// of text, not a timer (as `CooklangWriter` writes them). Taken out with `unmarked`.
    static let commentMark = "\u{E000}"

    static func unmarked(_ text: String) -> String {
        text.containsBytes(commentMark) ? text.replacingOccurrences(of: commentMark, with: "") : text
    }

    /// The text without `[- … -]` comments, found on the bytes. A comment between two
    /// characters that are not white space leaves `commentMark` (unless the text holds that
    /// character itself).
    static func stripBlockComments(_ text: String) throws -> String {
        let bytes = Array(text.utf8)
        func find(_ first: UInt8, _ second: UInt8, from start: Int) -> Int? {
            bytes.withUnsafeBufferPointer { buffer in
                var index = start
                while let found = buffer.firstIndex(ofByte: first, from: index, through: buffer.count - 2) {
                    if buffer[found + 1] == second { return found }
                    index = found + 1
                }
                return nil
            }
        }
        guard var open = find(UInt8(ascii: "["), UInt8(ascii: "-"), from: 0) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        let mark = Array(commentMark.utf8)
        let marks = !text.containsBytes(commentMark)
        func isWord(_ byte: UInt8) -> Bool { byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D }
        while true {
            result.append(contentsOf: bytes[copied..<open])
            guard let close = find(UInt8(ascii: "-"), UInt8(ascii: "]"), from: open + 2) else {
                let line = bytes[..<open].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                throw SyntaxError(line: line, message: "a block comment \"[-\" is never closed with \"-]\"")
            }
            copied = close + 2
            if marks, open > 0, isWord(bytes[open - 1]), copied < bytes.count, isWord(bytes[copied]) {
                result.append(contentsOf: mark)
            }
            guard let next = find(UInt8(ascii: "["), UInt8(ascii: "-"), from: copied) else { break }
            open = next
        }
        result.append(contentsOf: bytes[copied...])
        return String(decoding: result, as: UTF8.self)
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
    /// `marked`: the text may hold `commentMark`s (a sign before one is text).
    static func items(in text: String, line: Int, marked: Bool = false) throws -> [CooklangDocument.Item] {
        var items: [CooklangDocument.Item] = []
        var plain = ""
        let characters = Array(text)
        var index = 0
        func flushText() {
            if !plain.isEmpty { items.append(.text(plain)) }
            plain = ""
        }
        let mark = Character(commentMark)
        while index < characters.count {
            let character = characters[index]
            // `-@salt{}`, `?@sour cream{1%dollop}`: the modifiers written before the sign, as
            // collections in the wild write them (stephendolan/recipes, cooklang-rs#86), at the
            // start of a word.
            if "-?".contains(character), index + 1 < characters.count, characters[index + 1] == "@",
               index == 0 || characters[index - 1].isWhitespace || characters[index - 1] == "(",
               let token = try component(characters, at: index + 1, line: line) {
                flushText()
                items.append(character == "?" ? Self.optional(token.item) : token.item)
                index = token.end
                continue
            }
            // `&batter`: a reference to an earlier ingredient written without its `@`, as the
            // same collections do; the step reads "batter". Not `& ` (and), nor an entity (`&amp;`).
            if character == "&", index + 1 < characters.count, characters[index + 1].isLetter,
               index == 0 || characters[index - 1].isWhitespace || characters[index - 1] == "(",
               !Self.isEntity(characters, at: index) {
                index += 1
                continue
            }
            let beforeMark = marked && index + 1 < characters.count && characters[index + 1] == mark
            guard "@#~".contains(character), !beforeMark, let token = try component(characters, at: index, line: line) else {
                plain.append(character)
                index += 1
                continue
            }
            flushText()
            items.append(token.item)
            index = token.end
        }
        flushText()
        return marked ? items.map(unmarked) : items
    }

    static func unmarked(_ item: CooklangDocument.Item) -> CooklangDocument.Item {
        func quantity(_ quantity: CooklangDocument.Quantity) -> CooklangDocument.Quantity {
            switch quantity {
            case .none: return .none
            case .number(let value, let written): return .number(value, written: unmarked(written))
            case .text(let text): return self.quantity(unmarked(text), empty: .text(""))
            }
        }
        switch item {
        case .text(let text): return .text(unmarked(text))
        case .ingredient(let name, let amount, let units, let preparation):
            return .ingredient(name: unmarked(name), quantity: quantity(amount), units: unmarked(units), preparation: preparation.map(unmarked))
        case .cookware(let name, let amount): return .cookware(name: unmarked(name), quantity: quantity(amount))
        case .timer(let name, let amount, let units): return .timer(name: unmarked(name), quantity: quantity(amount), units: unmarked(units))
        }
    }

    /// The ingredient, cookware or timer starting at `start`, or nil when the sign is just text
    /// (`@ example`, `# 5`).
    static func component(_ characters: [Character], at start: Int, line: Int) throws -> (item: CooklangDocument.Item, end: Int)? {
        let sign = characters[start]
        var nameStart = start + 1
        guard nameStart < characters.count else { return nil }
        let modifiers = sign == "~" ? [] : Self.modifiers(characters, at: &nameStart)
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
        let (measure, note) = splitNote(amount)
        let (quantityText, units) = splitAmount(measure)
        switch sign {
        case "@":
            var preparation = note
            if end < characters.count, characters[end] == "(", let close = characters[end...].firstIndex(of: ")") {
                let written = String(characters[(end + 1)..<close]).trimmed
                preparation = [note, written].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
                end = close + 1
            }
            // `@&(~1)dough{}`: what an earlier step made, read as the word in the step.
            if modifiers.contains("(") { return (.text(name), end) }
            let ingredient = CooklangDocument.Item.ingredient(name: name, quantity: quantity(quantityText, empty: .none), units: units, preparation: preparation)
            return (modifiers.contains("?") ? optional(ingredient) : ingredient, end)
        case "#":
            return (.cookware(name: name, quantity: quantity(quantityText, empty: .number(1, written: "1"))), end)
        default:
            if braceAt == nil && name.isEmpty { return nil }
            return (.timer(name: name, quantity: quantity(quantityText, empty: .text("")), units: units), end)
        }
    }

    /// Whether `&` at `start` opens an HTML entity (`&amp;`, `&eacute;`): letters, then `;`.
    static func isEntity(_ characters: [Character], at start: Int) -> Bool {
        var scan = start + 1
        while scan < characters.count, scan - start <= 10, characters[scan].isLetter { scan += 1 }
        return scan < characters.count && characters[scan] == ";"
    }

    /// `@?thyme`: an optional ingredient, said where the preparation is (`thyme, optional`).
    static func optional(_ item: CooklangDocument.Item) -> CooklangDocument.Item {
        guard case .ingredient(let name, let quantity, let units, let preparation) = item else { return item }
        let said = [preparation, "optional"].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return .ingredient(name: name, quantity: quantity, units: units, preparation: said)
    }

    /// The modifiers of cooklang-rs's extension before a name, taken off it: `@@` a recipe used
    /// as an ingredient, `&` a reference to an earlier ingredient (with `(~1)`, `(2)`, `(=2)` for an
    /// intermediate preparation), `-` hidden from the list, `?` optional, `+` a new ingredient.
    /// The name starts after them; steps read "Heat vegetable oil", never "Heat -vegetable oil".
    /// An intermediate reference is returned with `(` among the modifiers.
    /// A sign followed by white space is no modifier (`@- salt` stays text).
    static func modifiers(_ characters: [Character], at nameStart: inout Int) -> Set<Character> {
        var found: Set<Character> = []
        var scan = nameStart
        while scan < characters.count, "@&-?+".contains(characters[scan]), !found.contains(characters[scan]) {
            found.insert(characters[scan])
            scan += 1
            if characters[scan - 1] == "&", scan < characters.count, characters[scan] == "(",
               let close = characters[scan...].prefix(8).firstIndex(of: ")") {
                found.insert("(")  // an intermediate preparation, not a thing to buy
                scan = close + 1
            }
        }
        guard !found.isEmpty, scan < characters.count, !characters[scan].isWhitespace, characters[scan] != "{" else { return [] }
        nameStart = scan
        return found
    }

    /// The braces' measure and the preparation some files write after a comma inside them
    /// (`@fresh ginger{1%oz, peeled and minced}`, `@onion{1, diced}`), where the spec has only
    /// `amount%unit` and puts the preparation in `(…)` after the braces. A comma before a digit
    /// is part of the amount (`1,1/2`, `1,5`).
    static func splitNote(_ amount: String?) -> (measure: String?, note: String?) {
        guard let amount else { return (nil, nil) }
        let characters = Array(amount)
        guard let comma = characters.indices.first(where: { index in
            characters[index] == "," && characters[(index + 1)...].first(where: { $0 != " " }).map { !$0.isNumber } != false
        }) else { return (amount, nil) }
        let note = String(characters[(comma + 1)...]).trimmed
        return (String(characters[..<comma]), note.isEmpty ? nil : note)
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

/// The blocks of a Markdown text, as much of CommonMark as recipe files use: ATX (`## x`) and
/// setext (`x` over `---`) headings, list items (`-`, `*`, `+`, `1.`, `1)`) with the lines that
/// continue them, paragraphs, tables and fenced code (its lines, read as a paragraph's). Inline
/// text is left as written; `MarkdownInline` reads it.
enum MarkdownBlock: Equatable {
    case heading(level: Int, text: String)
    /// A list item's text; `lines` are its continuation lines after the first, as written.
    case item(ordered: Bool, lines: [String])
    case paragraph(lines: [String])
    /// The lines between two fences (```` ``` ```` or `~~~`), as written.
    case code(lines: [String])
    /// A table's rows, each a list of cells as written; the `| --- |` delimiter row left out.
    case table(rows: [[String]])
    case thematicBreak

    static func parse(_ lines: some Collection<String>) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        let lines = Array(lines)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmed
            if trimmed.isEmpty {
                index += 1
            } else if let fence = fenceMark(trimmed) {
                var code: [String] = []
                index += 1
                while index < lines.count, !lines[index].trimmed.hasPrefix(fence) {
                    code.append(lines[index])
                    index += 1
                }
                index += 1
                if !code.isEmpty { blocks.append(.code(lines: code)) }
            } else if let heading = atxHeading(line) {
                blocks.append(.heading(level: heading.level, text: heading.text))
                index += 1
            } else if isThematicBreak(trimmed) {
                blocks.append(.thematicBreak)
                index += 1
            } else if let item = listItem(line) {
                var itemLines = [item.text]
                index += 1
                // Lines that continue the item: right after it (lazy or indented), or after a
                // blank line when indented under it.
                while index < lines.count {
                    let next = lines[index]
                    if next.trimmed.isEmpty {
                        guard index + 1 < lines.count, indentation(of: lines[index + 1]) >= 2, listItem(lines[index + 1]) == nil else { break }
                        itemLines.append("")
                        index += 1
                        continue
                    }
                    if listItem(next) != nil || atxHeading(next) != nil || isThematicBreak(next.trimmed) || next.trimmed.hasPrefix("|") { break }
                    itemLines.append(next.trimmed)
                    index += 1
                }
                blocks.append(.item(ordered: item.ordered, lines: itemLines))
            } else if trimmed.hasPrefix("|") {
                var rows: [[String]] = []
                while index < lines.count, lines[index].trimmed.hasPrefix("|") {
                    let cells = tableCells(lines[index].trimmed)
                    if !cells.allSatisfy({ !$0.isEmpty && $0.allSatisfy { "-: ".contains($0) } }) { rows.append(cells) }
                    index += 1
                }
                blocks.append(.table(rows: rows))
            } else {
                var paragraph: [String] = []
                while index < lines.count {
                    let next = lines[index]
                    let nextTrimmed = next.trimmed
                    if nextTrimmed.isEmpty || atxHeading(next) != nil || listItem(next) != nil || fenceMark(nextTrimmed) != nil || nextTrimmed.hasPrefix("|") { break }
                    // A setext underline makes the paragraph so far a heading.
                    if !paragraph.isEmpty, let level = setextLevel(nextTrimmed) {
                        blocks.append(.heading(level: level, text: paragraph.map(\.trimmed).joined(separator: " ")))
                        paragraph = []
                        index += 1
                        break
                    }
                    if isThematicBreak(nextTrimmed) { break }
                    paragraph.append(next)
                    index += 1
                }
                if !paragraph.isEmpty { blocks.append(.paragraph(lines: paragraph)) }
            }
        }
        return blocks
    }

    /// `## Title ##` → (2, "Title"); at most three spaces before, a space or the end after the marks.
    static func atxHeading(_ line: String) -> (level: Int, text: String)? {
        guard indentation(of: line) <= 3 else { return nil }
        let text = line.drop(while: { $0 == " " })
        let marks = text.prefix(while: { $0 == "#" })
        guard (1...6).contains(marks.count) else { return nil }
        let rest = text.dropFirst(marks.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var title = rest.trimmed
        // A closing run of `#` after a space is not part of the title.
        if let closing = title.lastIndex(where: { $0 != "#" }), closing < title.index(before: title.endIndex), title[closing] == " " {
            title = String(title[...closing]).trimmed
        } else if title.allSatisfy({ $0 == "#" }) {
            title = ""
        }
        return (marks.count, title)
    }

    /// A list item: its marker (a bullet, or up to nine digits and `.` or `)`) and a space.
    static func listItem(_ line: String) -> (ordered: Bool, text: String)? {
        let text = line.drop(while: { $0 == " " })
        guard let first = text.first else { return nil }
        if "-*+".contains(first) {
            let rest = text.dropFirst()
            guard rest.first == " " || rest.first == "\t", !isThematicBreak(text.trimmed) else { return nil }
            return (false, rest.trimmed)
        }
        let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
        guard (1...9).contains(digits.count) else { return nil }
        let rest = text.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")" else { return nil }
        let after = rest.dropFirst()
        guard after.first == " " || after.first == "\t" else { return nil }
        return (true, after.trimmed)
    }

    static func isThematicBreak(_ trimmed: String) -> Bool {
        guard let mark = trimmed.first, "-*_".contains(mark) else { return false }
        return trimmed.filter { $0 == mark }.count >= 3 && trimmed.allSatisfy { $0 == mark || $0 == " " }
    }

    static func setextLevel(_ trimmed: String) -> Int? {
        guard let mark = trimmed.first, mark == "=" || mark == "-", trimmed.allSatisfy({ $0 == mark }) else { return nil }
        return mark == "=" ? 1 : 2
    }

    static func fenceMark(_ trimmed: String) -> String? {
        for fence in ["```", "~~~"] where trimmed.hasPrefix(fence) { return fence }
        return nil
    }

    static func indentation(of line: String) -> Int {
        line.prefix(while: { $0 == " " || $0 == "\t" }).reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
    }

    /// The cells of `| a | b \| c |`: split at bars that are not escaped.
    static func tableCells(_ row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in row {
            if escaped {
                cell.append(character)
                escaped = false
            } else if character == "\\" {
                cell.append(character)
                escaped = true
            } else if character == "|" {
                cells.append(cell.trimmed)
                cell = ""
            } else {
                cell.append(character)
            }
        }
        if !cell.trimmed.isEmpty { cells.append(cell.trimmed) }
        if row.hasPrefix("|"), !cells.isEmpty { cells.removeFirst() }
        return cells
    }
}

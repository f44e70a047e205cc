import LarderCore

/// The text of one item of a list on a page: a list item, a table row, or one of the repeated
/// children of a container the page names (`class="instructions"`).
enum ItemText {
    /// The item's text, its parts apart: the cells of a row (which libxml2's text runs
    /// together), else its blocks on lines of their own, which the line cleaners fold into
    /// spaces. Pages set a step's label apart as a block of its own (`<h3>Step 1</h3><p>Heat
    /// the oil…</p>`); it names the item rather than starting its text, so it is left out. A
    /// bare number ("1") is kept: it is as often an ingredient's amount set apart
    /// (`<div>1</div><div>cup flour</div>`).
    static func of(_ element: HTMLElement) -> String {
        let text = element.name == "tr" ? element.children.map(\.text).joined(separator: " ") : element.text
        let blocks = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        guard blocks.count > 1, StepNumbering.isLabel(blocks[0].trimmed) else { return text }
        return blocks.dropFirst().joined(separator: "\n")
    }

    /// A line that is only an amount ("1", "¼", "1 ½", "2-3"): a part of an ingredient's line
    /// that the page set apart, never a line of its own.
    static func isBareAmount(_ line: String) -> Bool {
        line.contains(where: \.isNumber) && line.allSatisfy { $0.isNumber || " /.,-–".contains($0) }
    }
}

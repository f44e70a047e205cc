/// The lines of a text one at a time, with their numbers (from 1), as slices of it: no array
/// of lines, so a file of millions of short lines costs no string per line. Splits at `\n`
/// like `split(separator: "\n", omittingEmptySubsequences: false)`: a text of n line breaks
/// has n + 1 lines.
struct LineCursor {
    let text: String
    private(set) var position: String.Index
    private var number = 0
    private var finished = false

    init(_ text: String) {
        self.text = text
        position = text.startIndex
    }

    mutating func next() -> (number: Int, line: Substring)? {
        guard !finished else { return nil }
        number += 1
        if let newline = text.utf8[position...].firstIndex(of: 0x0A) {
            let line = text[position..<newline]
            position = text.utf8.index(after: newline)
            return (number, line)
        }
        finished = true
        let line = text[position...]
        position = text.endIndex
        return (number, line)
    }

    mutating func skip(_ count: Int) {
        for _ in 0..<count { _ = next() }
    }
}

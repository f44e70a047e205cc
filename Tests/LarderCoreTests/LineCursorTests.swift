@testable import LarderCore
import Testing

struct LineCursorTests {
    func lines(_ text: String, skippingBlankRuns: Bool) -> [String] {
        var cursor = LineCursor(text)
        var seen: [String] = []
        while let (number, line, isBlank) = cursor.next() {
            seen.append("\(number):\(line)")
            if isBlank, skippingBlankRuns { cursor.skipBlankLines() }
        }
        return seen
    }

    @Test func linesAreNumberedFromOneAndSplitAtEveryLineBreak() {
        #expect(lines("a\n\nb\n", skippingBlankRuns: false) == ["1:a", "2:", "3:b", "4:"])
    }

    /// A run of blank lines (spaces and tabs count as blank) is skipped in one step, and the
    /// lines after it keep their numbers, leading spaces included.
    @Test func aRunOfBlankLinesIsSkippedWithTheNumbersKept() {
        #expect(lines("a\n\n \t\n\n  b\n\t\nc", skippingBlankRuns: true) == ["1:a", "2:", "5:  b", "6:\t", "7:c"])
        #expect(lines("a\n\n\n  ", skippingBlankRuns: true) == ["1:a", "2:", "4:  "])
        #expect(lines("\n\n\nx", skippingBlankRuns: true) == ["1:", "4:x"])
    }
}

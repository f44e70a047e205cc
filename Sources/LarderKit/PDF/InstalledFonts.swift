import Foundation

/// The characters the installed fonts can draw, as fontconfig lists them (Typst reads the same
/// font folders, and falls back from the book's font list to any font that has a glyph).
/// Typst prints a character no font has as an empty box, so the PDF sink asks this before it
/// lays the book out and names what would be lost.
///
/// One `fc-list` call gives every font's coverage (about 50 ms for 40 fonts); their union is
/// kept for the process, so a book of 1,000 recipes asks once, and each character is then a
/// lookup in a sorted list of ranges.
struct InstalledFonts: Sendable {
    /// Sorted, merged closed ranges of code points some installed font covers.
    private let ranges: [ClosedRange<UInt32>]

    init(ranges: [ClosedRange<UInt32>]) {
        self.ranges = Self.merged(ranges)
    }

    /// What fontconfig says is installed; nil when it cannot be asked (no `fc-list`), and then
    /// nothing can be told about coverage.
    static let current: InstalledFonts? = fromFontconfig()

    func covers(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else if ranges[middle].lowerBound > value {
                high = middle - 1
            } else {
                return true
            }
        }
        return false
    }

    /// fontconfig's charset text: space-separated hexadecimal code points and `first-last`
    /// ranges, one font per line.
    static func parse(charsets: String) -> [ClosedRange<UInt32>] {
        charsets.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { word in
            let bounds = word.split(separator: "-", maxSplits: 1)
            guard let first = bounds.first.flatMap({ UInt32($0, radix: 16) }),
                  let last = bounds.count == 2 ? UInt32(bounds[1], radix: 16) : first, first <= last else { return nil }
            return first...last
        }
    }

    private static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    private static func fromFontconfig() -> InstalledFonts? {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        guard let program = PDFEngine.find("fc-list", in: searchPath) else { return nil }
        guard let charsets = ProgramOutput.text(of: program, arguments: ["--format", "%{charset}\n"]) else { return nil }
        return InstalledFonts(ranges: parse(charsets: charsets))
    }
}

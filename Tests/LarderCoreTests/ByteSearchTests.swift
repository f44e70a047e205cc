import LarderCore
import Testing

/// `containsBytes` finds its needle wherever it is (it jumps between candidate first bytes with
/// memchr, which the Cooklang reader leans on to read 60 MB of blank lines in a pass).
struct ByteSearchTests {
    @Test(arguments: [
        ("", "a", false), ("a", "", true), ("a", "a", true), ("ab", "b", true), ("ba", "b", true),
        ("aaab", "aab", true), ("aaaa", "aab", false), ("xx-]", "-]", true), ("xx-", "-]", false),
        ("[-[-[", "[-]", false), ("tomato \u{E000} sauce", "\u{E000}", true), ("tomato sauce", "\u{E000}", false),
        ("café", "é", true), ("cafe\u{301}", "é", false),
    ])
    func findsANeedleWhereverItIs(haystack: String, needle: String, found: Bool) {
        #expect(haystack.containsBytes(needle) == found, "\(haystack) / \(needle)")
    }

    @Test func findsItPastManyFalseStarts() {
        let haystack = String(repeating: "-", count: 100_000) + "-]"
        #expect(haystack.containsBytes("-]"))
        #expect(!String(repeating: "-", count: 100_000).containsBytes("-]"))
    }
}

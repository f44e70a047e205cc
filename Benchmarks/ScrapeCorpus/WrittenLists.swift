import Foundation

/// The corpus's scraper keeps a category or cuisine as the page's structured data writes it:
/// one string "Dinner, Main course" stays that string, where Larder keeps a list of two. To
/// score Larder's lists by that convention, the benchmark finds how the page wrote the property
/// and uses that spelling only when it holds exactly Larder's values.
enum WrittenLists {
    /// The first `"key": "…"` or `"key": ["…", …]` in the page's bytes, as its strings.
    static func written(_ key: String, in page: [UInt8]) -> [String]? {
        let needle = Array("\"\(key)\"".utf8)
        guard let found = firstIndex(of: needle, in: page) else { return nil }
        var index = found + needle.count
        func skipSpaces() { while index < page.count, page[index] == 0x20 || page[index] == 0x0A || page[index] == 0x09 || page[index] == 0x0D { index += 1 } }
        skipSpaces()
        guard index < page.count, page[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpaces()
        guard index < page.count, page[index] == UInt8(ascii: "\"") || page[index] == UInt8(ascii: "[") else { return nil }
        let start = index
        var depth = 0
        var inString = false
        var escaped = false
        while index < page.count {
            let byte = page[index]
            index += 1
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { break }
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { break }
            }
        }
        let value = try? JSONSerialization.jsonObject(with: Data(page[start..<index]), options: .fragmentsAllowed)
        if let text = value as? String { return [text] }
        return value as? [String]
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The written items, trimmed and joined as the corpus joins lists, when they spell exactly
    /// `values`.
    static func spelling(of values: [String], written: [String]?) -> String? {
        guard let written, !values.isEmpty else { return nil }
        let split = written.flatMap { $0.split(separator: ",").map(key) }.filter { !$0.isEmpty }
        return split == values.map(key) ? written.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ",") : nil
    }

    /// Letters and digits only, lowercased: entities and spacing aside, the same words.
    static func key<S: StringProtocol>(_ text: S) -> String {
        let decoded = text.replacingOccurrences(of: "&amp;", with: "&")
        return String(decoded.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}

import Foundation

/// The corpus's scraper keeps a category or cuisine as the page's structured data writes it:
/// one string "Dinner, Main course" stays that string, where Larder keeps a list of two. To
/// score Larder's lists by that convention, the benchmark finds how the page wrote the property
/// and uses that spelling only when it holds exactly Larder's values.
enum WrittenLists {
    /// The first `"key": "…"` or `"key": ["…", …]` in the page's text, as its strings.
    static func written(_ key: String, in page: String) -> [String]? {
        guard let keyRange = page.range(of: "\"\(key)\"") else { return nil }
        var index = keyRange.upperBound
        func skipSpaces() { while index < page.endIndex, page[index].isWhitespace { index = page.index(after: index) } }
        skipSpaces()
        guard index < page.endIndex, page[index] == ":" else { return nil }
        index = page.index(after: index)
        skipSpaces()
        guard index < page.endIndex, page[index] == "\"" || page[index] == "[" else { return nil }
        let start = index
        var depth = 0
        var inString = false
        var escaped = false
        while index < page.endIndex {
            let character = page[index]
            index = page.index(after: index)
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
                    inString = false
                    if depth == 0 { break }
                }
            } else if character == "\"" {
                inString = true
            } else if character == "[" {
                depth += 1
            } else if character == "]" {
                depth -= 1
                if depth == 0 { break }
            }
        }
        let value = try? JSONSerialization.jsonObject(with: Data(page[start..<index].utf8), options: .fragmentsAllowed)
        if let text = value as? String { return [text] }
        return value as? [String]
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

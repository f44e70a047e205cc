import Foundation

/// Markdown that recipe files carry as free text (Chowdown's introduction), made plain for a
/// description: links keep their words, pictures and heading marks go, `**strong**` and
/// `_emphasis_` lose their marks. Paragraphs stay apart.
public enum MarkdownPlain {
    /// The plain text of `markdown`, its marks removed and its paragraphs kept apart.
    public static func text(_ markdown: String) -> String {
        markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var text = String(line)
            let trimmed = text.drop(while: { $0 == " " })
            if trimmed.hasPrefix("#") { text = String(trimmed.drop(while: { $0 == "#" }).drop(while: { $0 == " " })) }
            return stripMarks(links(text))
        }.joined(separator: "\n")
    }

    /// `[words](url)` → `words`; `![alt](src)` → nothing.
    static func links(_ line: String) -> String {
        var output = ""
        var characters = Substring(line)
        while let open = characters.firstIndex(of: "[") {
            let isImage = open > characters.startIndex && characters[characters.index(before: open)] == "!"
            guard let close = characters[open...].firstIndex(of: "]"),
                  characters.index(after: close) < characters.endIndex, characters[characters.index(after: close)] == "(",
                  let end = characters[close...].firstIndex(of: ")") else { break }
            output += characters[..<(isImage ? characters.index(before: open) : open)]
            if !isImage { output += characters[characters.index(after: open)..<close] }
            characters = characters[characters.index(after: end)...]
        }
        return output + characters
    }

    static func stripMarks(_ line: String) -> String {
        var text = line
        for mark in ["**", "__"] { text = text.replacingOccurrences(of: mark, with: "") }
        return text
    }
}

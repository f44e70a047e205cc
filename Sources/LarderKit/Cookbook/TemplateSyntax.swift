import Foundation
import LarderCore
import Mustache

/// A `--template` folder or file that cannot be used as given (not a folder, no templates in it,
/// not text, not valid Mustache): found before any recipe is read, and a usage error (exit 2).
public struct TemplateProblem: DescribedError, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Says what is wrong in a template the Mustache parser refused, in a sentence with the line
/// (and column, where the parser's position is the mistake's): the library's own error value
/// names only an enum case and a position, which for a section never closed is the end of the
/// file, far from the section.
enum TemplateSyntax {
    static func describe(_ error: Error, in text: String) -> String {
        guard let parserError = error as? MustacheTemplate.ParserError else {
            return "it cannot be read as Mustache"
        }
        let context = parserError.context
        let at = "line \(context.lineNumber), column \(context.columnNumber)"
        guard let kind = parserError.error as? MustacheTemplate.Error else {
            // The parser ran past the end looking for a tag's end (a comment never closed).
            return "\(at): a tag is not closed (`}}` missing)"
        }
        switch kind {
        case .expectedSectionEnd:
            guard let open = unclosedSections(in: text).last else {
                return "a section is never closed (its {{/name}} is missing)"
            }
            return "line \(open.line): the section {{\(open.sigil)\(open.name)}} is never closed ({{/\(open.name)}} missing)"
        case .sectionCloseNameIncorrect:
            let closing = tagName(at: context)
            let open = openSection(beforeLine: context.lineNumber, column: context.columnNumber, in: text)
            let closes = closing.map { "{{/\($0)}}" } ?? "this closing tag"
            guard let open else { return "\(at): \(closes) closes a section that is not open" }
            return "\(at): \(closes) does not close the open section {{\(open.sigil)\(open.name)}} of line \(open.line) "
                + "(close that one first, with {{/\(open.name)}})"
        case .unfinishedName:
            return "\(at): a tag is not closed (`}}` missing) or its name is not a valid one"
        case .invalidSetDelimiter:
            return "\(at): a delimiter change is not written as {{=<% %>=}} (two delimiters, a space between, = at both ends)"
        case .transformAppliedToInheritanceSection:
            return "\(at): a block of a partial with inheritance ({{$name}}) cannot take a transform"
        case .illegalTokenInsideInheritSection, .textInsideInheritSection:
            return "\(at): inside a partial with inheritance ({{<name}} … {{/name}}) only blocks ({{$name}} … {{/name}}) may stand"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable:
            return "\(at): a {{% … }} setting is not one Mustache knows (CONTENT_TYPE: HTML or TEXT is)"
        }
    }

    struct Section {
        let sigil: Character
        let name: String
        let line: Int
    }

    /// The sections still open at the end of `text`, outermost first. Tags are read with the
    /// standard `{{ }}` delimiters; a template that changes them is not followed.
    static func unclosedSections(in text: String) -> [Section] {
        sectionsOpen(in: text[...])
    }

    /// The innermost section open where the parser stopped (line and column are 1-based).
    static func openSection(beforeLine line: Int, column: Int, in text: String) -> Section? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return nil }
        lines = Array(lines.prefix(line))
        let last = lines[line - 1]
        // The column points at the closing tag's name, past `{{/`.
        lines[line - 1] = last.prefix(max(0, column - 1))
        let before = lines.joined(separator: "\n")
        return sectionsOpen(in: before.dropLast(before.hasSuffix("{{/") ? 3 : 0)).last
    }

    private static func sectionsOpen(in text: Substring) -> [Section] {
        guard !text.contains("{{=") else { return [] }
        var open: [Section] = []
        var line = 1
        var rest = text
        while let start = rest.range(of: "{{") {
            line += rest[..<start.lowerBound].filter { $0 == "\n" }.count
            let afterOpen = rest[start.upperBound...]
            guard let end = afterOpen.range(of: "}}") else { break }
            let tag = afterOpen[..<end.lowerBound].trimmingCharacters(in: .whitespaces)
            line += afterOpen[..<end.lowerBound].filter { $0 == "\n" }.count
            rest = afterOpen[end.upperBound...]
            guard let sigil = tag.first, "#^$</".contains(sigil) else { continue }
            let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
            if sigil == "/" {
                if let index = open.lastIndex(where: { $0.name == name }) { open.removeSubrange(index...) }
            } else {
                open.append(Section(sigil: sigil, name: name, line: line))
            }
        }
        return open
    }

    /// The name of the closing tag the parser stopped in, read from its line.
    private static func tagName(at context: MustacheParserContext) -> String? {
        let line = context.line
        let column = context.columnNumber - 1
        guard column >= 0, column <= line.count else { return nil }
        let rest = line.dropFirst(column)
        guard let end = rest.range(of: "}}") else { return nil }
        let name = rest[..<end.lowerBound].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }
}

import Foundation
import LarderCore

/// The `<script type="application/ld+json">` blocks of a page as JSON values. Blocks are often
/// not quite JSON; what can be repaired safely is: HTML comment and CDATA wrappers, raw
/// control characters inside strings, escapes JSON does not have (`\'`), trailing commas,
/// and a block HTML-escaped as a whole.
/// A block that still does not parse is left out (the other extractors get their turn).
enum JSONLDBlocks {
    static func values(of scripts: [String]) -> [JSONValue] {
        scripts.compactMap(parse)
    }

    /// Whether a block names `url` as a string value, its slashes escaped (`\/`) or not.
    static func mention(_ url: String, in scripts: [String]) -> Bool {
        contain("\"" + url + "\"", in: scripts) || (url.contains("/") && contain("\"" + url.replacingOccurrences(of: "/", with: "\\/") + "\"", in: scripts))
    }

    /// Whether a block holds `text`, compared byte by byte (Foundation's search bridges whole
    /// blocks through NSString).
    static func contain(_ text: String, in scripts: [String]) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty else { return false }
        return scripts.contains { script in
            script.utf8.withContiguousStorageIfAvailable { find(needle, in: $0) } ?? Array(script.utf8).withUnsafeBufferPointer { find(needle, in: $0) }
        }
    }

    static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first, needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) { return true }
            index += 1
        }
        return false
    }

    static func parse(_ text: String) -> JSONValue? {
        let trimmed = unwrapped(text)
        guard !trimmed.isEmpty else { return nil }
        if let value = try? JSONValue.parse(Data(trimmed.utf8)) { return value }
        let repaired = repaired(trimmed)
        if let value = try? JSONValue.parse(Data(repaired.utf8)) { return value }
        // Some sites escape the whole block: {&quot;@type&quot;: …}.
        if trimmed.contains("&quot;") || trimmed.contains("&#34;") {
            return try? JSONValue.parse(Data(Self.repaired(HTMLEntities.decode(trimmed)).utf8))
        }
        return nil
    }

    /// Without `<!-- -->`, `<![CDATA[ ]]>` and `//` comment markers around the JSON. Works on
    /// the UTF-8 view: Foundation's trimming bridges whole blocks through NSString.
    static func unwrapped(_ text: String) -> String {
        var body = Substring(text)
        func trim() {
            body = body.drop(while: { $0.isWhitespace })
            while let last = body.last, last.isWhitespace { body = body.dropLast() }
        }
        trim()
        // Wrappers nest (`// <![CDATA[` … `// ]]>`, `/*<![CDATA[*/`): peeled until none is left.
        var peeled = true
        while peeled {
            peeled = false
            for (open, close) in [("<!--", "-->"), ("//", "//"), ("<![CDATA[", "]]>"), ("/*", "*/")] {
                if body.hasPrefix(open) {
                    body = body.dropFirst(open.count)
                    peeled = true
                }
                if body.hasSuffix(close) {
                    body = body.dropLast(close.count)
                    peeled = true
                }
                trim()
            }
        }
        return String(body)
    }

    /// Escapes raw control characters inside strings and drops commas before `}` or `]`.
    static func repaired(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var inString = false
        var escaped = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            defer { index += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    // A backslash before a character JSON cannot escape (`\'`) stands for
                    // that character alone.
                    if index + 1 < scalars.count, !"\"\\/bfnrtu".unicodeScalars.contains(scalars[index + 1]) { continue }
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                } else if scalar.value < 0x20 {
                    output.append(contentsOf: (scalar == "\n" ? "\\n" : scalar == "\t" ? "\\t" : scalar == "\r" ? "\\r" : " ").unicodeScalars)
                    continue
                }
                output.append(scalar)
                continue
            }
            if scalar == "\"" { inString = true }
            if scalar == "," {
                var next = index + 1
                while next < scalars.count, scalars[next].properties.isWhitespace { next += 1 }
                if next < scalars.count, scalars[next] == "}" || scalars[next] == "]" { continue }
            }
            output.append(scalar)
        }
        return String(output)
    }
}

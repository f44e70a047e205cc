/// The YAML-like metadata block that Markdown and Cooklang recipe files start with, read the
/// way those files write it: `key: value` lines; a key with nothing after it followed by
/// `- item` lines is a list; `[a, b]` is a list too. Enough for recipe files, not all of YAML.
public enum FrontMatter {
    public enum Value: Equatable, Sendable {
        case text(String)
        case list([String])

        public var text: String {
            switch self {
            case .text(let value): return value
            case .list(let items): return items.joined(separator: ", ")
            }
        }

        /// A list, or a comma-separated text read as one.
        public var items: [String] {
            switch self {
            case .text(let value): return value.split(separator: ",").map { $0.trimmed }.filter { !$0.isEmpty }
            case .list(let items): return items
            }
        }
    }

    public typealias Entries = [(key: String, value: Value)]

    /// Takes values by key (any case, the first of several names found), remembering which
    /// were taken, so that the rest can be kept as the recipe's extras.
    public struct Reader {
        let entries: Entries
        private var used: Set<String>

        public init(_ entries: Entries, ignoring ignored: Set<String> = []) {
            self.entries = entries
            used = ignored
        }

        public mutating func take(_ keys: String...) -> Value? {
            for key in keys {
                if let found = entries.first(where: { $0.key.lowercased() == key }) {
                    used.insert(found.key.lowercased())
                    return found.value
                }
            }
            return nil
        }

        /// The entries not taken, as JSON for `extras`; empty text is left out unless asked for.
        public func leftovers(keepingEmptyText: Bool = false) -> [String: JSONValue] {
            var result: [String: JSONValue] = [:]
            for (key, value) in entries where !used.contains(key.lowercased()) {
                switch value {
                case .text(let text): if keepingEmptyText || !text.isEmpty { result[key] = .string(text) }
                case .list(let items): result[key] = .array(items.map(JSONValue.string))
                }
            }
            return result
        }
    }

    /// The front matter between a first line `---` and the next `---`, and the line index the
    /// body starts at; nil when the text has none. Blank lines before the first `---` are
    /// allowed.
    public static func split(_ lines: [String]) -> (entries: Entries, bodyStart: Int)? {
        guard let open = lines.firstIndex(where: { !$0.trimmed.isEmpty }), lines[open].trimmed == "---",
              let close = lines[(open + 1)...].firstIndex(where: { $0.trimmed == "---" }) else { return nil }
        return (parse(Array(lines[(open + 1)..<close])), close + 1)
    }

    public static func parse(_ lines: [String]) -> Entries {
        var result: Entries = []
        for line in lines {
            let trimmed = line.trimmed
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            if trimmed.hasPrefix("- ") || trimmed == "-", let last = result.indices.last {
                let item = unquote(String(trimmed.dropFirst(1)).trimmed)
                if case .list(var items) = result[last].value {
                    // Emptied first, so the list is appended to in place: a copy per item was
                    // quadratic in a long list.
                    result[last].value = .text("")
                    items.append(item)
                    result[last].value = .list(items)
                } else if result[last].value == .text("") {
                    result[last].value = .list([item])
                }
                continue
            }
            guard let colon = trimmed.firstIndex(of: ":") else { continue }
            let key = String(trimmed[..<colon]).trimmed
            let value = String(trimmed[trimmed.index(after: colon)...]).trimmed
            if value.hasPrefix("["), value.hasSuffix("]") {
                result.append((unquote(key), .list(flowItems(String(value.dropFirst().dropLast())).map(unquote).filter { !$0.isEmpty })))
            } else {
                result.append((unquote(key), .text(unquote(value))))
            }
        }
        return result
    }

    /// The items of a flow list's inside (`a, "b, c", 'd'`), split at the commas outside quotes.
    static func flowItems(_ inside: String) -> [String] {
        var items: [String] = []
        var current = ""
        var quote: Character?
        var escaped = false
        for character in inside {
            if let open = quote {
                current.append(character)
                if open == "\"" && character == "\\" && !escaped { escaped = true; continue }
                if character == open && !escaped { quote = nil }
                escaped = false
            } else if character == "," {
                items.append(current.trimmed)
                current = ""
            } else {
                if (character == "\"" || character == "'") && current.trimmed.isEmpty { quote = character }
                current.append(character)
            }
        }
        items.append(current.trimmed)
        return items
    }

    /// A quoted YAML scalar's text: `"…"` with YAML's backslash escapes, `'…'` with `''` for a
    /// quote; anything else as it is.
    static func unquote(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else { return text }
        let inside = text.dropFirst().dropLast()
        if first == "'" { return inside.replacingOccurrences(of: "''", with: "'") }
        var result = ""
        var characters = inside.unicodeScalars.makeIterator()
        while let scalar = characters.next() {
            guard scalar == "\\", let escape = characters.next() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch escape {
            case "n": result += "\n"
            case "r": result += "\r"
            case "t": result += "\t"
            case "0": result += "\0"
            case "u", "x", "U":
                let width = escape == "x" ? 2 : escape == "u" ? 4 : 8
                var hex = ""
                for _ in 0..<width { if let digit = characters.next() { hex.unicodeScalars.append(digit) } }
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) { result.unicodeScalars.append(decoded) }
            default: result.unicodeScalars.append(escape)  // \" \\ \/ and the rest stand for themselves
            }
        }
        return result
    }
}

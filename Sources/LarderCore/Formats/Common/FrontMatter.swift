import Yams

/// The YAML metadata block that Markdown (Chowdown) and Cooklang recipe files start with, read
/// by Yams (libyaml) as the top-level `key: value` pairs of a mapping. A value is text (a
/// scalar, as written: `4`, `yes` and `~` stay those words) or a list (a sequence); what
/// recipe files never nest deeper is flattened to text, one level down, so that no value is
/// lost and an alias cannot multiply one (`&a [*b, *b]`). A mapping's members are entries of
/// their own under dotted keys (`time: {prep: 10 min}` is `time.prep`). Plain `key: value` lines that YAML
/// refuses are still read (`plainLines`); anything else YAML refuses is a `SyntaxError`.
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

        /// Every entry not taken yet that `matches`, taken.
        public mutating func takeAll(where matches: (String, Value) -> Bool) -> [(key: String, value: Value)] {
            let found = entries.filter { !used.contains($0.key.lowercased()) && matches($0.key, $0.value) }
            for entry in found { used.insert(entry.key.lowercased()) }
            return found
        }

        /// Every entry under `prefix.` (`nutrition.protein`), by the rest of its key, taken.
        public mutating func takeAll(under prefix: String) -> [(key: String, value: Value)] {
            let start = prefix.lowercased() + "."
            let found = entries.filter { $0.key.lowercased().hasPrefix(start) && $0.key.count > start.count }
            for entry in found { used.insert(entry.key.lowercased()) }
            return found.map { (String($0.key.dropFirst(start.count)), $0.value) }
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

    /// Front matter that is not YAML, or not `key: value` pairs: the line of the file it
    /// goes wrong on and what Yams found there.
    public struct SyntaxError: Error, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): the front matter is not valid YAML: \(message)" }
    }

    /// The front matter between a first line `---` and the next `---`, and the line index the
    /// body starts at; nil when the text has none. Blank lines before the first `---` are
    /// allowed. Throws `SyntaxError` when the block is there but is not YAML.
    public static func split(_ lines: [String]) throws -> (entries: Entries, bodyStart: Int)? {
        guard let open = lines.firstIndex(where: { !$0.trimmed.isEmpty }), lines[open].trimmed == "---",
              let close = lines[(open + 1)...].firstIndex(where: { $0.trimmed == "---" }) else { return nil }
        return (try parse(Array(lines[(open + 1)..<close]), firstLine: open + 2), close + 1)
    }

    /// The entries of the lines between the `---` lines, in the order written. `firstLine` is
    /// the file's line number of the first of them, for the messages.
    public static func parse(_ lines: [String], firstLine: Int = 1) throws -> Entries {
        let root: Node?
        do {
            root = try Yams.compose(yaml: lines.joined(separator: "\n"))
        } catch let error as YamlError {
            if let plain = plainLines(lines) { return plain }
            throw SyntaxError(error, firstLine: firstLine)
        }
        guard let root else { return [] }  // empty, or only comments
        guard case .mapping(let mapping) = root else {
            if let plain = plainLines(lines) { return plain }
            throw SyntaxError(line: root.mark.map { firstLine + $0.line - 1 } ?? firstLine, message: "it is not `key: value` lines")
        }
        var entries: Entries = []
        for (key, value) in mapping {
            if case .mapping(let members) = value {
                // `time: {prep: 10 min}`, `source: {url: …}`, `nutrition: {protein: 7g}`: each
                // member is an entry of its own under a dotted key (`time.prep`), as the
                // Cooklang specification names them, so that a reader takes the one it knows
                // and the rest is kept under its own name.
                for (member, inner) in members { entries.append((flat(key) + "." + flat(member), entryValue(inner))) }
            } else {
                entries.append((flat(key), entryValue(value)))
            }
        }
        return entries
    }

    /// A value one level down: a list's items, or a scalar (or deeper mapping) as one text.
    static func entryValue(_ node: Node) -> Value {
        if case .sequence(let items) = node { return .list(items.map { flat($0, depth: 1) }) }
        if case .mapping = node { return .list(flatItems(node, depth: 1)) }
        return .text(flat(node))
    }

    /// Lines YAML refuses that are still plainly one `key: value` each, as people write them
    /// by hand and the Cooklang specification's own tests do (`title: Pasta: the best`,
    /// `cooking time    :30 mins`): every line unindented, split at its first colon, keys
    /// given once, and no value that starts YAML syntax (`[`, `"`, `*`, `|` …), which is
    /// broken YAML rather than plain text. Nil when any line is not of that form.
    static func plainLines(_ lines: [String]) -> Entries? {
        var entries: Entries = []
        for line in lines where !line.trimmed.isEmpty && !line.trimmed.hasPrefix("#") {
            guard let first = line.first, !first.isWhitespace, let colon = line.firstIndex(of: ":") else { return nil }
            let key = String(line[..<colon]).trimmed
            let value = String(line[line.index(after: colon)...]).trimmed
            guard !key.isEmpty, !"-?[]{}\"'&*!|>%@`#,".contains(first),
                  value.first.map({ !"[]{}\"'&*!|>%@`".contains($0) }) ?? true,
                  !entries.contains(where: { $0.key == key }) else { return nil }
            entries.append((key, .text(value)))
        }
        return entries
    }

    /// A node as one text: a scalar as written; a list or mapping as its items joined by
    /// commas, down to `depth` more levels (deeper ones are left as `…`).
    static func flat(_ node: Node, depth: Int = 0) -> String {
        if case .scalar(let scalar) = node { return scalar.string }
        guard depth > 0 else { return "…" }
        return flatItems(node, depth: depth - 1).joined(separator: ", ")
    }

    /// The items of a list, or the `key: value` texts of a mapping.
    static func flatItems(_ node: Node, depth: Int) -> [String] {
        switch node {
        case .sequence(let items): return items.map { flat($0, depth: depth) }
        case .mapping(let pairs): return pairs.map { "\(flat($0.key)): \(flat($0.value, depth: depth))" }
        case .scalar(let scalar): return [scalar.string]
        case .alias: return []
        }
    }
}

extension FrontMatter.SyntaxError {
    /// Yams's error, placed on the file's line (Yams counts from the block's first line).
    init(_ error: YamlError, firstLine: Int) {
        func at(_ mark: Mark) -> Int { firstLine + mark.line - 1 }
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            self.init(line: at(mark), message: problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            self.init(line: at(context.mark), message: "\(keys) \(duplicates.count == 1 ? "is" : "are") given twice")
        case .reader(let problem, _, _, _):
            self.init(line: firstLine, message: problem)
        default:
            self.init(line: firstLine, message: "Yams could not read it")
        }
    }
}

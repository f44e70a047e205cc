/// The aisles of the user's own shop (`--aisles FILE`), in the order they are walked: a small
/// text file, each aisle's name with a colon, then the things found in it, on the same line
/// after the colon or on the lines below, separated by commas or line breaks:
///
/// ```
/// # the shop on the corner
/// Fruit and veg: onions, garlic, lemons
/// Bakery:
///   bread
///   tortillas
/// ```
///
/// A thing names every item whose name ends in its words (`cheese` holds `cheddar cheese` and
/// `cream cheese`; `olive oil` holds `extra-virgin olive oil`); where two things of the file
/// fit, the one of more words wins, then the one written first. Items no thing names go to
/// Larder's own aisles (`Aisle`) after the user's, or into the user's aisle of the same name.
public struct ShoppingAisles: Sendable, Equatable {
    /// An aisle's name as written, and the words of the keys of its things.
    public struct Section: Sendable, Equatable {
        public var name: String
        public var things: [[String]]
    }

    public private(set) var aisles: [Section] = []

    /// The headings in the file's order; Larder's own aisles of the same name take their place.
    public var headings: [String] {
        aisles.map { aisle in Aisle.allCases.first { $0.heading.lowercased() == aisle.name.lowercased() }?.heading ?? aisle.name }
    }

    /// Reads the file's text; a line that cannot be read refuses the file, naming the line.
    public init(text: String) throws {
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = offset + 1
            let line = String(rawLine.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            var things = line
            if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { throw ShoppingFileProblem(line: number, reason: "a colon with no aisle's name before it") }
                guard !aisles.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
                    throw ShoppingFileProblem(line: number, reason: "the aisle \"\(name)\" is named twice")
                }
                aisles.append(Section(name: name, things: []))
                things = String(line[line.index(after: colon)...])
            } else if aisles.isEmpty {
                throw ShoppingFileProblem(line: number, reason: "\"\(line)\" comes before any aisle: start with an aisle's name and a colon, such as \"Produce:\"")
            }
            for thing in things.split(separator: ",") {
                let key = ShoppingName.key(thing.trimmingCharacters(in: .whitespaces))
                if !key.isEmpty { aisles[aisles.count - 1].things.append(key.split(separator: " ").map(String.init)) }
            }
        }
        guard !aisles.isEmpty else { throw ShoppingFileProblem(line: nil, reason: "it names no aisle") }
    }

    /// The heading of the aisle holding the thing of this key (`ShoppingName.key`), or nil.
    /// Every name of the thing is tried (`cheese` holds `cheddar`, which recipes also call
    /// `cheddar cheese`).
    public func aisle(forKey key: String) -> String? {
        let names = SameThingNames.keys(sharingKey: key).map { $0.split(separator: " ").map(String.init) }
        var best: (heading: String, words: Int)?
        for (index, aisle) in aisles.enumerated() {
            for thing in aisle.things where thing.count > (best?.words ?? 0) && names.contains(where: { ShoppingAisles.ends($0, with: thing) }) {
                best = (headings[index], thing.count)
            }
        }
        return best?.heading
    }

    /// Whether the words of a name end with the words of a thing.
    static func ends(_ words: [String], with thing: [String]) -> Bool {
        !thing.isEmpty && words.count >= thing.count && Array(words.suffix(thing.count)) == thing
    }
}

/// What the user has at home (`--pantry FILE`): one thing a line, or several separated by
/// commas; `#` starts a comment. A thing names every item whose name ends in its words, as in
/// `ShoppingAisles` (`salt` is kosher salt too, `olive oil` extra-virgin olive oil).
public struct ShoppingPantry: Sendable, Equatable {
    public private(set) var things: [[String]] = []

    public init(text: String) throws {
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = String(rawLine.prefix { $0 != "#" })
            for thing in line.split(separator: ",") {
                let key = ShoppingName.key(thing.trimmingCharacters(in: .whitespaces))
                if !key.isEmpty { things.append(key.split(separator: " ").map(String.init)) }
            }
        }
        guard !things.isEmpty else { throw ShoppingFileProblem(line: nil, reason: "it names nothing") }
    }

    /// Whether the user has the thing of this key.
    public func has(_ key: String) -> Bool {
        let names = SameThingNames.keys(sharingKey: key).map { $0.split(separator: " ").map(String.init) }
        return things.contains { thing in names.contains { ShoppingAisles.ends($0, with: thing) } }
    }
}

/// What is wrong with an aisles or pantry file, and on which line.
public struct ShoppingFileProblem: Error, Equatable, CustomStringConvertible {
    public let line: Int?
    public let reason: String

    public var description: String {
        line.map { "line \($0): \(reason)" } ?? reason
    }
}

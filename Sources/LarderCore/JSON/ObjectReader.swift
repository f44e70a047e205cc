import Foundation

/// Reads the keys of one JSON object and remembers which were used, so that everything a
/// mapper did not understand can be kept in `Recipe.extras` instead of being dropped.
public struct ObjectReader {
    /// The object read.
    public let object: [String: JSONValue]
    private var lowercasedKeys: [String: String] = [:]
    private(set) var consumed: Set<String> = []

    /// A reader of `object`, no key taken yet.
    public init(_ object: [String: JSONValue]) {
        self.object = object
        for key in object.keys { lowercasedKeys[key.lowercased()] = key }
    }

    /// The value of the first of `keys` present with a non-null value; keys match without regard
    /// to case. Every present key among `keys` counts as used, even a null one.
    public mutating func take(_ keys: String...) -> JSONValue? {
        take(keys)
    }

    /// The same, the keys given as an array.
    public mutating func take(_ keys: [String]) -> JSONValue? {
        var found: JSONValue?
        for key in keys {
            guard let actual = lowercasedKeys[key.lowercased()], let value = object[actual] else { continue }
            consumed.insert(actual)
            if found == nil, !value.isNull { found = value }
        }
        return found
    }

    /// The value of the first of `keys` present, as trimmed text; nil when it is empty or not text.
    public mutating func takeString(_ keys: String...) -> String? {
        guard let value = take(keys)?.stringValue else { return nil }
        let trimmed = value.trimmed
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether the object has `key` (any case), taken or not.
    public func has(_ key: String) -> Bool { lowercasedKeys[key.lowercased()] != nil }

    /// Marks keys as understood without reading them (e.g. a redundant field).
    public mutating func ignore(_ keys: String...) {
        for key in keys { if let actual = lowercasedKeys[key.lowercased()] { consumed.insert(actual) } }
    }

    /// The keys nobody took, with their values: the source fields the model has no place for.
    public var leftovers: [String: JSONValue] {
        object.filter { !consumed.contains($0.key) }
    }

    /// The leftovers that hold something: apps that write every key (Paprika, Mealie,
    /// Tandoor) fill most with null, `""` or `[]`.
    public var filledLeftovers: [String: JSONValue] {
        leftovers.filter { entry in
            switch entry.value {
            case .null: return false
            case .string(let text): return !text.trimmed.isEmpty
            case .array(let items): return !items.isEmpty
            default: return true
            }
        }
    }
}

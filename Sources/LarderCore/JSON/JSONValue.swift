import Foundation

/// Any JSON value, kept exactly enough to be written back: used for `extras`, the fields of a
/// source that the model has no place for, and as the input of every JSON mapper.
public enum JSONValue: Hashable, Sendable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (every JSON number is read as a `Double`).
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, by key.
    case object([String: JSONValue])
}

extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // Whole numbers are written without a fraction so ids and counts read naturally.
            if value.rounded() == value, abs(value) < 9e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// Parses JSON bytes (strict RFC 8259; `true` stays apart from `1`, which a round trip needs).
    /// `rejectingDuplicateKeys`: an object that names a key twice is an error instead of
    /// keeping the last value (for data that must mean one thing, such as a checksum list).
    public static func parse(_ data: Data, rejectingDuplicateKeys: Bool = false) throws -> JSONValue {
        try data.withUnsafeBytes { try JSONParser.parse($0.bindMemory(to: UInt8.self), rejectingDuplicateKeys: rejectingDuplicateKeys) }
    }

    /// The value as text: a string, or a number or bool written out; nil for the rest.
    public var stringValue: String? {
        switch self {
        case .string(let value): return value
        case .number(let value):
            return value.rounded() == value && abs(value) < 9e15 ? String(Int64(value)) : String(value)
        case .bool(let value): return String(value)
        default: return nil
        }
    }

    /// The value as a number: a number, or a string that reads as one (a decimal comma too);
    /// nil for the rest.
    public var doubleValue: Double? {
        switch self {
        case .number(let value): return value
        case .string(let value):
            return Double(value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "."))
        default: return nil
        }
    }

    /// The value as a bool: a bool, a number (0 is false), or `"true"`/`"yes"`/`"1"` and their
    /// opposites; nil for the rest.
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): return value
        case .number(let value): return value != 0
        case .string(let value):
            switch value.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// The elements, when the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when the value is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A list view of a value that sources write either as one item or as a list of items.
    public var listValue: [JSONValue] {
        switch self {
        case .array(let value): return value
        case .null: return []
        default: return [self]
        }
    }

    /// Like `listValue`, with lists inside the list opened up: some sites wrap their whole
    /// ingredient list in a second one (`[["2 eggs", "1 cup milk"]]`).
    public var flattenedList: [JSONValue] {
        listValue.flatMap { item -> [JSONValue] in
            if case .array = item { return item.flattenedList }
            return [item]
        }
    }

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

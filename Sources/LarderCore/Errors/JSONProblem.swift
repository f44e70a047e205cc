import Foundation

/// Why JSON could not be read as what Larder expected, in Larder's words: where the text stops
/// being JSON (by line and column, as an editor shows them), or which field holds what kind
/// of value instead of the one expected. Foundation says "The given data was not valid JSON.",
/// "Too many nested arrays or dictionaries around character 513" or "Expected to decode String
/// but found number instead.", with no field named.
public struct JSONProblem: DescribedError, Equatable, Sendable {
    public var description: String

    /// A problem said in full, for callers that have already worded it.
    public init(_ description: String) {
        self.description = description
    }

    /// An error thrown while decoding `data` (by `JSONDecoder` or Larder's parser), retold.
    /// Errors of other kinds are returned as they are.
    public static func retold(_ error: Error, decoding data: Data) -> Error {
        switch error {
        case is JSONParser.Failure, is DecodingError:
            return JSONProblem(describe(error, in: data))
        default:
            return error
        }
    }

    /// The sentence for `error`, thrown while reading `data`.
    public static func describe(_ error: Error, in data: Data) -> String {
        if data.isEmpty { return "the file is empty" }
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch let failure as JSONParser.Failure {
            return "not valid JSON: " + failure.placed(in: data)
        } catch {
            return "not valid JSON"
        }
        guard let decoding = error as? DecodingError else { return ErrorText.describe(error) }
        return describe(decoding, in: value)
    }

    /// A decoding error without the data it came from: what was expected where.
    public static func describe(_ error: DecodingError) -> String {
        describe(error, in: nil)
    }

    private static func describe(_ error: DecodingError, in value: JSONValue?) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath)) has no \"\(key.stringValue)\""
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let found = value.flatMap { self.value(at: context.codingPath, in: $0) }.map(kind) ?? "something else"
            return "\(field(context.codingPath)) holds \(found) where \(expected(type)) belongs"
        case .dataCorrupted(let context):
            // The text itself is not JSON; without the data, where is not known.
            if context.underlyingError != nil { return "not valid JSON" }
            let found = value.flatMap { self.value(at: context.codingPath, in: $0) }
            // Larder's own reasons ("not an ISO-8601 date: …") are kept; Swift's for a value
            // outside an enumeration ("Cannot initialize Origin from invalid String value x")
            // are said again.
            if !context.debugDescription.hasPrefix("Cannot initialize") {
                return "\(field(context.codingPath)): \(context.debugDescription)"
            }
            if let text = found?.stringValue { return "\(field(context.codingPath)) holds \"\(text)\", which is not one Larder knows" }
            return "\(field(context.codingPath)) holds a value Larder cannot read"
        @unknown default:
            return "the JSON does not have the shape Larder expected"
        }
    }

    /// `ingredientGroups[0].ingredients[2].line`; the top of the document when empty.
    static func path(_ codingPath: [CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }

    static func field(_ codingPath: [CodingKey]) -> String {
        codingPath.isEmpty ? "the document" : "the field \(path(codingPath))"
    }

    static func place(_ codingPath: [CodingKey]) -> String {
        codingPath.isEmpty ? "the document" : "the object at \(path(codingPath))"
    }

    static func value(at codingPath: [CodingKey], in value: JSONValue) -> JSONValue? {
        var current = value
        for key in codingPath {
            switch current {
            case .array(let items):
                guard let index = key.intValue, items.indices.contains(index) else { return nil }
                current = items[index]
            case .object(let object):
                guard let next = object[key.stringValue] else { return nil }
                current = next
            default:
                return nil
            }
        }
        return current
    }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "text"
        case .array: "a list"
        case .object: "an object"
        }
    }

    static func expected(_ type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case "String": return "text"
        case "Bool": return "true or false"
        case "Int", "Double", "Float", "Int64", "UInt", "Decimal": return "a number"
        default:
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "another kind of value"
        }
    }
}

extension JSONParser.Failure {
    /// "unexpected end of data at line 3, column 14": the byte offset as an editor shows it.
    func placed(in data: Data) -> String {
        let bytes = [UInt8](data.prefix(offset))
        let lineStart = (bytes.lastIndex(of: 0x0A) ?? -1) + 1
        let line = bytes.lazy.filter { $0 == 0x0A }.count + 1
        // Columns count characters, not bytes: the bytes of the line so far read as UTF-8.
        let column = String(decoding: bytes[lineStart...], as: UTF8.self).count + 1
        return "\(message) at line \(line), column \(column)"
    }
}

import Foundation

/// Larder's own JSON for a recipe: sorted keys, two-space indentation, ISO-8601 dates, so that
/// the same recipe always gives the same bytes.
public enum CanonicalJSON {
    /// The recipe's canonical JSON, ending in a line break: the bytes of `recipes/<id>.json`.
    public static func encode(_ recipe: Recipe) throws -> Data {
        var data = try encoder.encode(recipe)
        data.append(0x0A)
        return data
    }

    /// Any value's JSON, written the same way.
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }

    /// A recipe from its canonical JSON, without the control characters a terminal acts on
    /// (`ControlCharacters`): a backup or a hand-edited file may hold them.
    public static func decode(_ data: Data) throws -> Recipe {
        try decodeCleaning(data).recipe
    }

    /// The recipe, and whether control characters were removed from its text (its file then
    /// differs from what it should be, and is written anew rather than kept as it is).
    public static func decodeCleaning(_ data: Data) throws -> (recipe: Recipe, cleaned: Bool) {
        // Read as it is first: a file that is no recipe is said in its own words.
        let recipe = try decode(data, using: decoder)
        guard let cleaned = try? ControlCharacters.removed(fromJSON: data) else { return (recipe, false) }
        return (try decode(cleaned, using: decoder), true)
    }

    /// Errors of the JSON are said in Larder's words (`JSONProblem`): which line, which field.
    static func decode(_ data: Data, using decoder: JSONDecoder) throws -> Recipe {
        let recipe: Recipe
        do {
            recipe = try decoder.decode(Recipe.self, from: data)
        } catch {
            throw JSONProblem.retold(error, decoding: data)
        }
        guard recipe.schemaVersion <= Recipe.currentSchemaVersion else {
            throw MappingError.unsupportedSchemaVersion(recipe.schemaVersion)
        }
        return migrated(recipe)
    }

    /// Any value from JSON written this way.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw JSONProblem.retold(error, decoding: data)
        }
    }

    /// Brings a recipe read from an older schema version up to the current one.
    static func migrated(_ recipe: Recipe) -> Recipe {
        var current = recipe
        current.schemaVersion = Recipe.currentSchemaVersion
        return current
    }

    /// Whether a JSON object is a canonical Larder recipe.
    public static func isCanonical(_ object: [String: JSONValue]) -> Bool {
        object["schemaVersion"] != nil && object["id"] != nil && object["title"] != nil
            && (object["ingredientGroups"] != nil || object["provenance"] != nil)
    }

    /// The encoder behind `encode`: sorted keys, two-space indentation, whole-second UTC dates.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(format(date))
        }
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO-8601 date: \(text)")
            }
            return date
        }
        return decoder
    }

    /// Dates are kept to the whole second (a recipe's dates need no more, and fractions do not
    /// survive a text round trip exactly), in UTC: `2024-03-14T12:00:00Z`.
    public static func format(_ date: Date) -> String {
        wholeSeconds(date).formatted(Date.ISO8601FormatStyle())
    }

    /// A date written as `format` writes it (fractions of a second read, and dropped).
    public static func parse(_ text: String) -> Date? {
        let date = (try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(text))
            ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
        return date.map(wholeSeconds)
    }

    /// The date without its fraction of a second.
    public static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}

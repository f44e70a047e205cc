import Foundation

/// TheMealDB answers that are not full meals: filter summaries (`idMeal`, `strMeal`, …) and the
/// lists of categories, areas and ingredients.
public enum MealDBAnswers {
    /// A meal as a filter answer names it.
    public struct Summary: Equatable, Sendable {
        /// TheMealDB's id of the meal.
        public var id: String
        /// Its name.
        public var name: String
    }

    /// An answer that is not what the endpoint sends.
    public enum AnswerError: DescribedError, Equatable {
        /// The answer is not JSON; the associated text says where it stopped being.
        case notJSON(String)
        /// JSON, but not of the endpoint's shape; the text says what was expected.
        case unexpectedShape(String)
        public var description: String {
            switch self {
            case .notJSON(let detail): return "TheMealDB's answer is not JSON (\(detail))"
            case .unexpectedShape(let detail): return "TheMealDB's answer has an unexpected shape: \(detail)"
            }
        }
    }

    /// The meals of a filter (or search) answer; `{"meals":null}` is an empty list.
    public static func summaries(_ data: Data) throws -> [Summary] {
        try entries(data, key: "meals").compactMap { object in
            // Ids are strings in the API; some mirrors send numbers.
            guard let id = object["idMeal"]?.stringValue ?? object["idMeal"]?.doubleValue.map({ String(Int($0)) }) else { return nil }
            return Summary(id: id, name: object["strMeal"]?.stringValue?.trimmed ?? "")
        }
    }

    /// Names in a list or categories answer: `strCategory`, `strArea` or `strIngredient`.
    public static func names(_ data: Data, key: String = "meals", field: String) throws -> [String] {
        try entries(data, key: key).compactMap { $0[field]?.stringValue?.trimmed }.filter { !$0.isEmpty }
    }

    static func entries(_ data: Data, key: String) throws -> [[String: JSONValue]] {
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            throw AnswerError.notJSON(RecipeJSON.syntaxProblem(in: data, found: error))
        }
        guard let object = value.objectValue, let list = object[key] else {
            throw AnswerError.unexpectedShape("no \"\(key)\" key")
        }
        if list.isNull { return [] }
        guard let array = list.arrayValue else { throw AnswerError.unexpectedShape("\"\(key)\" is not a list") }
        return array.compactMap(\.objectValue)
    }
}

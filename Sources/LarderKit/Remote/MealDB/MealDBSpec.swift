import Foundation
import LarderCore

/// An input naming TheMealDB meals: `mealdb:search=chicken`, `mealdb:letter=b`,
/// `mealdb:id=52772`, `mealdb:category=Dessert`, `mealdb:area=Canadian`,
/// `mealdb:ingredient=chicken_breast`, `mealdb:random=10`, `mealdb:all`.
public enum MealDBSpec: Equatable, Sendable, CustomStringConvertible {
    /// `mealdb:search=NAME`: the meals whose name holds NAME.
    case search(String)
    /// `mealdb:letter=L`: the meals whose name starts with L.
    case letter(Character)
    /// `mealdb:id=N`: one meal.
    case id(String)
    /// `mealdb:category=NAME`: every meal of a category.
    case category(String)
    /// `mealdb:area=NAME`: every meal of an area (a cuisine).
    case area(String)
    /// `mealdb:ingredient=NAME`: every meal whose main ingredient it is.
    case ingredient(String)
    /// `mealdb:random=N`: N meals chosen by the API.
    case random(Int)
    /// `mealdb:all`: every meal, letter by letter.
    case all

    /// What every spec starts with.
    public static let prefix = "mealdb:"

    /// The kinds of spec, in the order help lists them: the one list that the parser, the
    /// error's hint, `description` and `larder import --help` read, so that a kind added here is
    /// added everywhere (the switches over it do not compile until it is handled).
    public enum Kind: String, CaseIterable, Sendable {
        /// `search=NAME`.
        case search
        /// `letter=L`.
        case letter
        /// `id=N`.
        case id
        /// `category=NAME`.
        case category
        /// `area=NAME`.
        case area
        /// `ingredient=NAME`.
        case ingredient
        /// `random=N`.
        case random
        /// `all`, without a value.
        case all

        /// Other keys accepted for it: TheMealDB's own query letters (`s=`, `f=`, `i=`, `c=`, `a=`).
        var shortKeys: [String] {
            switch self {
            case .search: ["s"]
            case .letter: ["f"]
            case .id: ["i", "lookup"]
            case .category: ["c"]
            case .area: ["a"]
            case .ingredient, .random, .all: []
            }
        }

        /// What the value after `=` is, as help writes it; nil for a kind without one.
        public var valueName: String? {
            switch self {
            case .search, .category, .area, .ingredient: "NAME"
            case .letter: "L"
            case .id, .random: "N"
            case .all: nil
            }
        }

        /// How help writes the kind: `mealdb:search=NAME`, `mealdb:all`.
        public var form: String { MealDBSpec.prefix + rawValue + (valueName.map { "=" + $0 } ?? "") }

        /// The kind a key names (any case), long or short.
        static func named(_ key: String) -> Kind? {
            let key = key.lowercased()
            return allCases.first { $0.rawValue == key || $0.shortKeys.contains(key) }
        }
    }

    /// Every kind's form, for help and messages: `mealdb:search=NAME, …, mealdb:all`.
    public static var forms: String { Kind.allCases.map(\.form).joined(separator: ", ") }

    /// A spec that cannot be read, and why.
    public struct SpecError: DescribedError {
        /// The input as the user wrote it.
        public let input: String
        /// What is wrong with it.
        public let problem: String
        public var description: String {
            "\(input): \(problem) (use \(MealDBSpec.forms))"
        }
    }

    /// Whether an input is meant as a spec (starts with `mealdb:`, in any case).
    public static func isSpec(_ input: String) -> Bool {
        input.lowercased().hasPrefix(prefix)
    }

    /// Reads a spec; throws `SpecError` naming the input and what is wrong.
    public init(parsing input: String) throws {
        let body = input.dropFirst(Self.prefix.count).trimmingCharacters(in: .whitespaces)
        let equals = body.firstIndex(of: "=")
        let key = String(body[..<(equals ?? body.endIndex)]).trimmingCharacters(in: .whitespaces)
        guard let kind = Kind.named(key) else {
            throw SpecError(input: input, problem: equals == nil ? "no =VALUE" : "unknown key \"\(key.lowercased())\"")
        }
        guard kind.valueName != nil else {
            guard equals == nil else { throw SpecError(input: input, problem: "\(kind.rawValue) takes no value") }
            self = .all
            return
        }
        guard let equals else { throw SpecError(input: input, problem: "no =VALUE") }
        let value = body[body.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { throw SpecError(input: input, problem: "the value after = is empty") }
        switch kind {
        case .search: self = .search(value)
        case .letter:
            guard value.count == 1, let letter = value.lowercased().first, letter.isLetter || letter.isNumber else {
                throw SpecError(input: input, problem: "letter= takes one letter")
            }
            self = .letter(letter)
        case .id:
            guard value.allSatisfy(\.isNumber) else { throw SpecError(input: input, problem: "id= takes a number") }
            self = .id(value)
        case .category: self = .category(value)
        case .area: self = .area(value)
        case .ingredient: self = .ingredient(value)
        case .random:
            guard let count = Int(value), (1...1000).contains(count) else {
                throw SpecError(input: input, problem: "random= takes a count from 1 to 1000")
            }
            self = .random(count)
        case .all: self = .all
        }
    }

    /// The kind of spec this is.
    public var kind: Kind {
        switch self {
        case .search: .search
        case .letter: .letter
        case .id: .id
        case .category: .category
        case .area: .area
        case .ingredient: .ingredient
        case .random: .random
        case .all: .all
        }
    }

    /// The value after `=`, as the spec is written back; nil for `all`.
    var value: String? {
        switch self {
        case .search(let value), .id(let value), .category(let value), .area(let value), .ingredient(let value): value
        case .letter(let letter): String(letter)
        case .random(let count): String(count)
        case .all: nil
        }
    }

    /// The spec as written: `mealdb:search=chicken`.
    public var description: String {
        Self.prefix + kind.rawValue + (value.map { "=" + $0 } ?? "")
    }
}

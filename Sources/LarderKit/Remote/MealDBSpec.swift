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

    /// A spec that cannot be read, and why.
    public struct SpecError: DescribedError {
        /// The input as the user wrote it.
        public let input: String
        /// What is wrong with it.
        public let problem: String
        public var description: String {
            "\(input): \(problem) (use mealdb:search=NAME, letter=L, id=N, category=NAME, area=NAME, ingredient=NAME, random=N or all)"
        }
    }

    /// Whether an input is meant as a spec (starts with `mealdb:`, in any case).
    public static func isSpec(_ input: String) -> Bool {
        input.lowercased().hasPrefix(prefix)
    }

    /// Reads a spec; throws `SpecError` naming the input and what is wrong.
    public init(parsing input: String) throws {
        let body = input.dropFirst(Self.prefix.count).trimmingCharacters(in: .whitespaces)
        if body.lowercased() == "all" {
            self = .all
            return
        }
        guard let equals = body.firstIndex(of: "=") else { throw SpecError(input: input, problem: "no =VALUE") }
        let key = body[..<equals].lowercased()
        let value = body[body.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { throw SpecError(input: input, problem: "the value after = is empty") }
        switch key {
        case "search", "s": self = .search(value)
        case "letter", "f":
            guard value.count == 1, let letter = value.lowercased().first, letter.isLetter || letter.isNumber else {
                throw SpecError(input: input, problem: "letter= takes one letter")
            }
            self = .letter(letter)
        case "id", "i", "lookup":
            guard value.allSatisfy(\.isNumber) else { throw SpecError(input: input, problem: "id= takes a number") }
            self = .id(value)
        case "category", "c": self = .category(value)
        case "area", "a": self = .area(value)
        case "ingredient": self = .ingredient(value)
        case "random":
            guard let count = Int(value), (1...1000).contains(count) else {
                throw SpecError(input: input, problem: "random= takes a count from 1 to 1000")
            }
            self = .random(count)
        default:
            throw SpecError(input: input, problem: "unknown key \"\(key)\"")
        }
    }

    public var description: String {
        switch self {
        case .search(let name): return "mealdb:search=\(name)"
        case .letter(let letter): return "mealdb:letter=\(letter)"
        case .id(let id): return "mealdb:id=\(id)"
        case .category(let name): return "mealdb:category=\(name)"
        case .area(let name): return "mealdb:area=\(name)"
        case .ingredient(let name): return "mealdb:ingredient=\(name)"
        case .random(let count): return "mealdb:random=\(count)"
        case .all: return "mealdb:all"
        }
    }
}

import Foundation
import LarderCore

/// An input naming TheMealDB meals: `mealdb:search=chicken`, `mealdb:letter=b`,
/// `mealdb:id=52772`, `mealdb:category=Dessert`, `mealdb:area=Canadian`,
/// `mealdb:ingredient=chicken_breast`, `mealdb:random=10`, `mealdb:all`.
public enum MealDBSpec: Equatable, Sendable, CustomStringConvertible {
    case search(String)
    case letter(Character)
    case id(String)
    case category(String)
    case area(String)
    case ingredient(String)
    case random(Int)
    case all

    public static let prefix = "mealdb:"

    public struct SpecError: DescribedError {
        public let input: String
        public let problem: String
        public var description: String {
            "\(input): \(problem) (use mealdb:search=NAME, letter=L, id=N, category=NAME, area=NAME, ingredient=NAME, random=N or all)"
        }
    }

    public static func isSpec(_ input: String) -> Bool {
        input.lowercased().hasPrefix(prefix)
    }

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

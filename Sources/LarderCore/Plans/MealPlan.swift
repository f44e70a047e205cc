import Foundation

/// A plan of meals: which recipe is cooked when, and for how many. Read from a plain text file
/// (`MealPlanText`) or from the meal-planner app's `planner-days.json` (`PlannerDays`); a line
/// that cannot be read is kept as a problem with its line number, and the rest of the plan is
/// used.
public struct MealPlan: Sendable, Equatable {
    public struct Meal: Sendable, Equatable {
        /// Where the meal is written: its line in a text plan, or `day 2, meal 1` in the app's file.
        public var place: String
        /// The day or date as written (`Mon`, `2024-06-03 dinner`), or nil when the plan gives none.
        public var day: String?
        /// A recipe id or title, as written.
        public var recipe: String
        /// How many the meal is for; nil cooks the recipe as written.
        public var servings: Double?
        /// The recipe the plan itself holds (the app's file keeps each meal whole), used when
        /// the library has no recipe of that title.
        public var embedded: Recipe?

        public init(place: String, day: String?, recipe: String, servings: Double? = nil, embedded: Recipe? = nil) {
            self.place = place
            self.day = day
            self.recipe = recipe
            self.servings = servings
            self.embedded = embedded
        }
    }

    /// A part of the plan that was not used, and why.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var place: String
        public var reason: String

        public var description: String { "\(place): \(reason)" }
    }

    public var meals: [Meal] = []
    public var problems: [Problem] = []

    public init(meals: [Meal] = [], problems: [Problem] = []) {
        self.meals = meals
        self.problems = problems
    }

    /// The plan in a file's bytes: the meal-planner app's JSON when it is a JSON array of days,
    /// else a text plan.
    public static func read(_ data: Data, name: String) throws -> MealPlan {
        if let first = data.first(where: { !$0.isASCIIWhitespace }), first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            return try PlannerDays.read(data, name: name)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw MealPlanError("\(name) is not UTF-8 text: a plan is a text file (one meal a line) or the meal planner's planner-days.json")
        }
        return MealPlanText.read(text)
    }

    /// How many a meal can be for: what `--servings` allows.
    public static let servingsRange: ClosedRange<Double> = 0.1...10_000
}

/// A plan file that cannot be read at all.
public struct MealPlanError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

extension UInt8 {
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}

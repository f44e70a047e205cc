import Foundation

/// The meal-planner app's `planner-days.json` read as a plan: `[{id, date, dayOfWeek, meals:
/// [Meal]}]`, each meal a whole recipe (`{id, name, ingredients: [{name, quantityDescription}],
/// instructions, …}`). The day is its `dayOfWeek` and `date` (seconds since 2001, as Swift's
/// `JSONEncoder` writes dates: `Monday 2025-06-02`); each meal names its recipe by its `name`,
/// and carries the recipe itself, which is used when the library has none of that title. The
/// app plans no servings.
public enum PlannerDays {
    public static func read(_ data: Data, name: String) throws -> MealPlan {
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            throw MealPlanError("\(name) is not JSON (\(ErrorText.describe(error))): a plan is a text file, one meal a line, or the meal planner's planner-days.json")
        }
        guard let days = value.arrayValue, !days.isEmpty, days.allSatisfy({ $0["meals"]?.arrayValue != nil }) else {
            throw MealPlanError("\(name) is JSON but not a meal planner's days ([{\"dayOfWeek\", \"date\", \"meals\": […]}]): a plan is a text file, one meal a line, or the meal planner's planner-days.json")
        }
        var plan = MealPlan()
        for (dayIndex, day) in days.enumerated() {
            let label = dayLabel(day)
            for (mealIndex, meal) in (day["meals"]?.arrayValue ?? []).enumerated() {
                let place = "day \(dayIndex + 1), meal \(mealIndex + 1)"
                let mapped = RecipeJSON.read(meal, context: MappingContext(input: "\(name) \(place)")).first
                let title = meal["name"]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                switch mapped?.result {
                case .success(let recipe)?:
                    plan.meals.append(.init(place: place, day: label, recipe: title.isEmpty ? recipe.title : title, embedded: recipe))
                case .failure(let error)?:
                    plan.problems.append(.init(place: place, reason: "the meal cannot be read as a recipe: \(error)"))
                case nil:
                    plan.problems.append(.init(place: place, reason: "the meal cannot be read as a recipe"))
                }
            }
        }
        return plan
    }

    /// `Monday 2025-06-02`, from what the day gives of its name and date.
    static func dayLabel(_ day: JSONValue) -> String? {
        let name = day["dayOfWeek"]?.stringValue.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let date = day["date"].flatMap(DateReader.read).map { date -> String in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd"
            return formatter.string(from: date)
        }
        let label = [name, date].compactMap { $0 }.joined(separator: " ")
        return label.isEmpty ? nil : label
    }
}

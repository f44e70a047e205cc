import Foundation
import LarderCore

/// The meals of a plan file and what became of each: the recipe found for it (by id or title in
/// the library, or the one the plan holds), or why none was. `MealPlanSource` fills it in as it
/// reads; the sinks ask it which meal a recipe they are given was cooked for (`claim`), and
/// `larder plan` lays the week out from it.
public final class PlannedMeals: @unchecked Sendable {
    public struct Planned: Sendable {
        public let meal: MealPlan.Meal
        /// The recipe cooked, once found.
        public var recipeID: String?
        public var title: String?
        /// How many the recipe, as cooked, serves.
        public var servings: Double?
        /// Why the meal has no recipe.
        public var problem: String?
        /// The page of the recipe in `larder plan`'s cookbook.
        public var page: String?
        var claimed = false

        /// `Mon`, or where the meal is written when it has no day.
        public var label: String { meal.day ?? meal.place }
    }

    /// The plan file's name, as the report and the week's page say it.
    public let name: String
    public let plan: MealPlan
    private var planned: [Planned]
    private let lock = NSLock()

    public init(plan: MealPlan, name: String) {
        self.plan = plan
        self.name = name
        planned = plan.meals.map { Planned(meal: $0) }
    }

    /// Reads a plan file; one that cannot be read at all (not there, not text, JSON of another
    /// shape) throws, saying so.
    public static func load(_ file: URL) throws -> PlannedMeals {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw FileProblem.retold(error, .read, path: file.path)
        }
        return PlannedMeals(plan: try MealPlan.read(data, name: file.lastPathComponent), name: file.lastPathComponent)
    }

    public var meals: [Planned] { lock.withLock { planned } }

    func found(_ index: Int, recipe: Recipe) {
        lock.withLock {
            planned[index].recipeID = recipe.id
            planned[index].title = recipe.title
            planned[index].servings = recipe.yield?.servings?.value
        }
    }

    func failed(_ index: Int, reason: String) {
        lock.withLock { planned[index].problem = reason }
    }

    /// The first meal not yet claimed that cooks this recipe (same id, same servings): the meal a
    /// sink is handed the recipe for.
    public func claim(_ recipe: Recipe) -> Planned? {
        lock.withLock {
            let servings = recipe.yield?.servings?.value
            guard let index = planned.firstIndex(where: { !$0.claimed && $0.recipeID == recipe.id && $0.servings == servings }) else { return nil }
            planned[index].claimed = true
            return planned[index]
        }
    }

    /// Notes the page a claimed meal's recipe was written on.
    func setPage(_ page: String, forRecipe id: String, servings: Double?) {
        lock.withLock {
            for index in planned.indices where planned[index].recipeID == id && planned[index].servings == servings {
                planned[index].page = page
            }
        }
    }
}

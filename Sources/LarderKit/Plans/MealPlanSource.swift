import Foundation
import LarderCore

/// The recipes of a plan's meals, one per meal in the plan's order (a recipe cooked twice is
/// given twice), each scaled to the meal's servings: found in the library by id, else by title
/// (case and accents ignored), else the recipe the plan holds (the meal planner's file keeps
/// each meal whole). A meal that cannot be cooked (no such recipe, a title two recipes share, a
/// recipe that does not say how many it serves) and a line of the plan that cannot be read fail
/// alone, named by the plan and their line; the rest of the plan is used.
public struct MealPlanSource: RecipeSource {
    /// The plan's meals; the source records on each which recipe it found or why none.
    public let meals: PlannedMeals
    /// The folder of the library the recipes are found in. The source keeps only where it is
    /// (it is `Sendable`; a `Library` belongs to the run that writes it) and reads it when it runs.
    public let libraryRoot: URL?
    /// What the report calls the source when it fails as a whole.
    public var name: String { meals.name }

    /// Finds the meals' recipes in `library` (by id, then title), or in the plan alone when it is nil.
    public init(meals: PlannedMeals, library: Library?) {
        self.meals = meals
        libraryRoot = library?.root
    }

    /// Emits the source's recipes, failures and skips, in order (`RecipeSource.read(_:)`).
    public func read(_ emit: (SourceEvent) async throws -> Void) async throws {
        let finder = try RecipeFinder(library: libraryRoot.map { Library(root: $0) })
        for (index, planned) in meals.meals.enumerated() {
            try Task.checkCancellation()
            let meal = planned.meal
            let input = "\(meals.name) \(meal.place)"
            do {
                var recipe = try finder.recipe(for: meal)
                if let servings = meal.servings {
                    do {
                        recipe = try RecipeAdjuster.scaled(recipe, toServings: servings)
                    } catch {
                        throw MealPlanError("\"\(recipe.title)\" does not say how many it serves, so it cannot be cooked for \(YAMLText.number(servings)): leave out the servings, or cook it as written")
                    }
                }
                meals.found(index, recipe: recipe)
                try await emit(.recipe(recipe, input: input, item: planned.label))
            } catch let error as MealPlanError {
                meals.failed(index, reason: error.description)
                try await emit(.failed(input: input, item: nil, reason: error.description))
            }
        }
        for problem in meals.plan.problems {
            try await emit(.failed(input: "\(meals.name) \(problem.place)", item: nil, reason: problem.reason))
        }
    }
}

/// Finds a meal's recipe: in the library by id, then by title through its index; then the
/// recipe the plan holds.
struct RecipeFinder {
    let library: Library?
    private var ids: Set<String> = []
    private var idsByTitle: [String: [String]] = [:]

    init(library: Library?) throws {
        self.library = library
        guard let library else { return }
        var ids: Set<String> = []
        var idsByTitle: [String: [String]] = [:]
        try library.listRecipes(matching: RecipeFilter(), { listed in
            ids.insert(listed.id)
            idsByTitle[Self.fold(listed.title), default: []].append(listed.id)
        }, unreadable: { ids.insert($0.id) })
        self.ids = ids
        self.idsByTitle = idsByTitle
    }

    static func fold(_ title: String) -> String {
        title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func recipe(for meal: MealPlan.Meal) throws -> Recipe {
        let id: String? = ids.contains(meal.recipe) ? meal.recipe : try idForTitle(meal.recipe, embedded: meal.embedded != nil)
        if let id, let library {
            do {
                return try library.load(id: id)
            } catch {
                throw MealPlanError("recipes/\(id).json in the library cannot be read: \(Library.describe(error))")
            }
        }
        if let embedded = meal.embedded {
            do {
                return try embedded.normalized().recipe
            } catch {
                throw MealPlanError("the plan's own recipe cannot be used: \(error.reason)")
            }
        }
        let place = library.map { " in the library at \($0.root.path)" } ?? ""
        throw MealPlanError("no recipe has the id or title \"\(meal.recipe)\"\(place): larder list --search WORD finds ids and titles")
    }

    /// The one id of the recipe with this title; nil when none has it.
    private func idForTitle(_ title: String, embedded: Bool) throws -> String? {
        guard let found = idsByTitle[Self.fold(title)], !found.isEmpty else { return nil }
        guard found.count == 1 else {
            if embedded { return nil }
            throw MealPlanError("\(found.count) recipes are titled \"\(title)\" (\(found.sorted().joined(separator: ", "))): name one by its id")
        }
        return found[0]
    }
}

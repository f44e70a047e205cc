import Foundation
import LarderCore

/// `larder plan`: a folder with the week (`plan.md`: days, meals, each linked to its recipe's
/// page), its shopping list (`shopping-list.md` and `.json`) and the Markdown cookbook of the
/// recipes as they are cooked (one page per recipe and number of servings, `index.md`). Written
/// whole or not at all, as every export (`FolderTree`).
public final class MealPlanSink: RecipeSink {
    public let name = "meal plan"
    private let tree: OutputTree
    private let cookbook: MarkdownSink
    private var builder: ShoppingListBuilder
    private let meals: PlannedMeals
    /// The page of each recipe as cooked: its id and servings.
    private var pages: [String: String] = [:]

    public static let planFile = "plan.md"
    public static let listFile = "shopping-list.md"
    public static let listJSONFile = "shopping-list.json"

    public init(output: URL, meals: PlannedMeals, imageSource: Library?, units: MeasureUnit.System?, shopping: ShoppingListOptions) throws {
        tree = try FolderTree(folder: output)
        cookbook = MarkdownSink(tree: tree, imageSource: imageSource)
        builder = ShoppingListBuilder(units: units, aisles: shopping.aisles, pantry: shopping.pantry)
        self.meals = meals
    }

    public var runNotes: [String] { cookbook.runNotes }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        let planned = meals.claim(recipe)
        builder.add(recipe, meal: planned?.label)
        let servings = recipe.yield?.servings?.value
        let key = recipe.id + "\u{0}" + (servings.map { "\($0)" } ?? "")
        if pages[key] == nil {
            _ = try cookbook.write(recipe)
            pages[key] = cookbook.lastFileName
        }
        if let page = pages[key] { meals.setPage(page, forRecipe: recipe.id, servings: servings) }
        return .written
    }

    public func finish(report: RunReport) throws {
        let list = builder.build()
        try tree.write(Data(MealPlanMarkdown.render(meals, recipes: list.recipes.count, listFile: Self.listFile).utf8), at: Self.planFile)
        try tree.write(Data(list.markdown().utf8), at: Self.listFile)
        try tree.write(try CanonicalJSON.encode(list), at: Self.listJSONFile)
        // The cookbook's index last: it finishes the tree, which puts the folder in place.
        try cookbook.finish(report: report)
    }
}

/// The week as Markdown: a heading per day in the plan's order, the meals under it linked to
/// their recipes' pages with the servings they are cooked for, and the meals left out with why.
enum MealPlanMarkdown {
    static func render(_ meals: PlannedMeals, recipes: Int, listFile: String) -> String {
        let planned = meals.meals
        let cooked = planned.filter { $0.problem == nil && $0.recipeID != nil }
        var out = "# Meal plan\n\n"
        out += "\(MarkdownText.inline(meals.name)): \(cooked.count) meal\(cooked.count == 1 ? "" : "s") of \(recipes) recipe\(recipes == 1 ? "" : "s"). "
        out += "What to buy: [shopping list](\(MarkdownText.destination(listFile))).\n"
        var days: [String] = []
        for meal in cooked where !days.contains(meal.meal.day ?? "") { days.append(meal.meal.day ?? "") }
        for day in days {
            out += "\n## \(day.isEmpty ? "Any day" : MarkdownText.inline(day))\n\n"
            for meal in cooked where (meal.meal.day ?? "") == day {
                let title = MarkdownText.inline(meal.title ?? meal.meal.recipe)
                out += "- " + (meal.page.map { "[\(title)](\(MarkdownText.destination($0)))" } ?? title)
                if let servings = meal.servings { out += ", serves \(YAMLText.number(servings))" }
                out += "\n"
            }
        }
        let problems = planned.compactMap { meal in meal.problem.map { "\(meal.meal.place) (\(meal.meal.recipe)): \($0)" } }
            + meals.plan.problems.map(\.description)
        if !problems.isEmpty {
            out += "\n## Not in the plan\n\nThese lines of \(MarkdownText.inline(meals.name)) could not be used:\n\n"
            for problem in problems { out += "- \(MarkdownText.inline(problem))\n" }
        }
        return out
    }
}

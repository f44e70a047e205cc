import Foundation
import LarderCore

/// `--format shopping-list`: one list for every recipe that reaches it (after filters and
/// scaling), written when the run ends: JSON when the output's name ends in `.json`, else a
/// Markdown checklist.
public final class ShoppingListSink: RecipeSink {
    public let name = "shopping list"
    public let output: URL
    private var builder: ShoppingListBuilder
    private let plan: PlannedMeals?

    /// `units`: the measuring system to add amounts in (`--units`); nil keeps the one they were
    /// written in. `shopping`: the user's aisles and pantry, and the plan the recipes are meals of.
    public init(output: URL, units: MeasureUnit.System? = nil, shopping: ShoppingListOptions = ShoppingListOptions()) {
        self.output = output
        builder = ShoppingListBuilder(units: units, aisles: shopping.aisles, pantry: shopping.pantry)
        plan = shopping.plan
    }

    public var writesJSON: Bool { output.pathExtension.lowercased() == "json" }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        builder.add(recipe, meal: plan?.claim(recipe)?.label)
        return .written
    }

    public func finish(report: RunReport) throws {
        let list = builder.build()
        let contents = writesJSON ? try CanonicalJSON.encode(list) : Data(list.markdown().utf8)
        try AtomicFile.write(contents, to: output)
    }
}

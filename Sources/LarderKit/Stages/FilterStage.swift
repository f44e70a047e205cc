import LarderCore

/// Keeps only the recipes a `RecipeFilter` matches.
public struct FilterStage: RecipeStage {
    public let name = "filter"
    public let filter: RecipeFilter

    public init(_ filter: RecipeFilter) {
        self.filter = filter
    }

    public func apply(_ recipe: Recipe) throws -> StageDecision {
        filter.matches(recipe) ? .keep(recipe) : .skip(reason: "does not match the filters", kind: .filtered)
    }
}

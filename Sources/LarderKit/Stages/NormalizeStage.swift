import LarderCore

/// Normalises each recipe as LarderCore's `Recipe.normalized()` does (text cleaned, ingredient
/// lines parsed, an id made, numbers JSON cannot hold dropped): its notes go into the report,
/// and a recipe left with no title is skipped with the reason.
public struct NormalizeStage: RecipeStage {
    /// The stage's name in the report (`normalize`).
    public let name = "normalize"
    /// The stage.
    public init() {}

    /// The stage applied to one recipe (`RecipeStage.apply(_:)`; the type says what it does).
    public func apply(_ recipe: Recipe) throws -> StageDecision {
        do {
            let normalized = try recipe.normalized()
            return normalized.notes.isEmpty ? .keep(normalized.recipe) : .keepNoting(normalized.recipe, notes: normalized.notes)
        } catch {
            return .skip(reason: error.reason)
        }
    }
}

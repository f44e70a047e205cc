import LarderCore

/// Normalises each recipe as LarderCore's `Recipe.normalized()` does (text cleaned, ingredient
/// lines parsed, an id made, numbers JSON cannot hold dropped): its notes go into the report,
/// and a recipe left with no title, or with neither ingredients nor instructions, is skipped
/// with the reason.
public struct NormalizeStage: RecipeStage {
    /// The stage's name in the report (`normalize`).
    public let name = "normalize"
    /// The stage.
    public init() {}

    /// The stage applied to one recipe (`RecipeStage.apply(_:)`; the type says what it does).
    public func apply(_ recipe: Recipe) throws -> StageDecision {
        do {
            let normalized = try recipe.normalized()
            // A recipe is a title and ingredients or instructions (README, "What it reads"):
            // one with neither is left out with why, never counted as imported.
            guard !normalized.recipe.ingredientGroups.isEmpty || !normalized.recipe.instructionSections.isEmpty else {
                return .skip(reason: "it has neither ingredients nor instructions")
            }
            return normalized.notes.isEmpty ? .keep(normalized.recipe) : .keepNoting(normalized.recipe, notes: normalized.notes)
        } catch {
            return .skip(reason: error.reason)
        }
    }
}

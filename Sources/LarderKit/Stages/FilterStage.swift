import Foundation
import LarderCore

/// Keeps only the recipes a `RecipeFilter` matches.
public struct FilterStage: RecipeStage {
    /// The stage's name in the report (`filter`).
    public let name = "filter"
    /// The conditions a recipe must meet.
    public let filter: RecipeFilter

    /// A stage that keeps the recipes `filter` lets through.
    public init(_ filter: RecipeFilter) {
        self.filter = filter
    }

    /// The ids of the recipes the stage saw, so that an id asked for (`--id`) that no input
    /// has can be named.
    public let seenIDs = SeenIDs()

    /// The stage applied to one recipe (`RecipeStage.apply(_:)`; the type says what it does).
    public func apply(_ recipe: Recipe) throws -> StageDecision {
        seenIDs.insert(recipe.id)
        return filter.matches(recipe) ? .keep(recipe) : .skip(reason: "does not match the filters", kind: .filtered)
    }
}

/// Ids seen by a stage, shared with the command that reads them after the run.
public final class SeenIDs: @unchecked Sendable {
    private var ids: Set<String> = []
    private let lock = NSLock()

    /// No id yet.
    public init() {}

    func insert(_ id: String) { lock.withLock { _ = ids.insert(id) } }

    /// Whether the stage saw the recipe `id`.
    public func contains(_ id: String) -> Bool { lock.withLock { ids.contains(id) } }
}

import Foundation
import LarderCore

/// Keeps only the recipes a `RecipeFilter` matches.
public struct FilterStage: RecipeStage {
    public let name = "filter"
    public let filter: RecipeFilter

    public init(_ filter: RecipeFilter) {
        self.filter = filter
    }

    /// The ids of the recipes the stage saw, so that an id asked for (`--id`) that no input
    /// has can be named.
    public let seenIDs = SeenIDs()

    public func apply(_ recipe: Recipe) throws -> StageDecision {
        seenIDs.insert(recipe.id)
        return filter.matches(recipe) ? .keep(recipe) : .skip(reason: "does not match the filters", kind: .filtered)
    }
}

/// Ids seen by a stage, shared with the command that reads them after the run.
public final class SeenIDs: @unchecked Sendable {
    private var ids: Set<String> = []
    private let lock = NSLock()

    public init() {}

    func insert(_ id: String) { lock.withLock { _ = ids.insert(id) } }

    public func contains(_ id: String) -> Bool { lock.withLock { ids.contains(id) } }
}

import LarderCore

/// Finds a recipe that is already in the library or earlier in this run: the same normalized
/// source URL (scheme/host case, trailing slash, fragment, tracking parameters ignored), the
/// same content (title, ingredients, steps), or the same id; then skips it, lets it replace the
/// stored one (it takes that one's id), or keeps it as a copy under a new id, by `policy`. Two recipes that each carry their
/// source's own id (TheMealDB's `idMeal`, an app's UUID) and differ in it are different recipes
/// even when they cite the same page: TheMealDB cites one round-up post for several meals.
public final class DedupeStage: RecipeStage {
    public let name = "dedupe"
    private var byURL: [String: (id: String, sourceID: String?)] = [:]
    private var byContent: [String: String] = [:]
    private var ids: Set<String> = []
    public let policy: DuplicatePolicy

    public init(policy: DuplicatePolicy = .skip) {
        self.policy = policy
    }

    /// What the library held when the stage was seeded, for sources that skip inputs already
    /// imported before fetching them.
    public private(set) var libraryMemory = ImportMemory()

    /// Seeds the stage with what a library already holds.
    public convenience init(library: Library, policy: DuplicatePolicy = .skip) throws {
        self.init(policy: policy)
        for id in try library.recipeIDs() {
            guard let recipe = try? library.load(id: id) else { continue }
            remember(recipe)
            libraryMemory.remember(recipe)
        }
    }

    public func apply(_ recipe: Recipe) throws -> StageDecision {
        if let url = recipe.provenance.sourceURL.flatMap(SourceURL.normalize), let existing = byURL[url],
           !Self.areDistinctInTheirSource(existing.sourceID, Self.sourceID(recipe)) {
            return decide(recipe, duplicating: existing.id, reason: "already imported from the same source URL (as \(existing.id))")
        }
        if let existing = byContent[RecipeIdentity.contentHash(of: recipe)] {
            return decide(recipe, duplicating: existing, reason: "same title, ingredients and steps as \(existing)")
        }
        if ids.contains(recipe.id) {
            return decide(recipe, duplicating: recipe.id, reason: "a recipe with id \(recipe.id) is already in the library")
        }
        remember(recipe)
        return .keep(recipe)
    }

    /// A restored recipe is a duplicate only by id: the library it came from may hold two
    /// recipes from one page, or the same content under two ids, on purpose.
    public func applyToRestored(_ recipe: Recipe) throws -> StageDecision {
        if ids.contains(recipe.id) {
            return decide(recipe, duplicating: recipe.id, reason: "a recipe with id \(recipe.id) is already in the library")
        }
        remember(recipe)
        return .keep(recipe)
    }

    private func decide(_ recipe: Recipe, duplicating existingID: String, reason: String) -> StageDecision {
        var kept = recipe
        switch policy {
        case .skip:
            return .skip(reason: reason)
        case .update:
            kept.id = existingID
        case .copy:
            kept.id = freshID(from: recipe.id)
        }
        remember(kept)
        return .keep(kept)
    }

    /// `<id>-copy`, then `<id>-copy-2`, … : the first that neither the library nor this run has.
    private func freshID(from id: String) -> String {
        var candidate = "\(id)-copy"
        var n = 2
        while ids.contains(candidate) {
            candidate = "\(id)-copy-\(n)"
            n += 1
        }
        return candidate
    }

    func remember(_ recipe: Recipe) {
        if let url = recipe.provenance.sourceURL.flatMap(SourceURL.normalize) { byURL[url] = (recipe.id, Self.sourceID(recipe)) }
        byContent[RecipeIdentity.contentHash(of: recipe)] = recipe.id
        ids.insert(recipe.id)
    }

    /// The source's own id, qualified by the kind of source (`mealdb:53137`).
    static func sourceID(_ recipe: Recipe) -> String? {
        recipe.provenance.originalID.map { (recipe.provenance.origin?.rawValue ?? "") + ":" + $0 }
    }

    static func areDistinctInTheirSource(_ first: String?, _ second: String?) -> Bool {
        guard let first, let second else { return false }
        return first != second
    }
}

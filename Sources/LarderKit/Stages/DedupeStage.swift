import Foundation
import LarderCore

/// Finds a recipe that is already in the library or earlier in this run: the same normalized
/// source URL (scheme/host case, trailing slash, fragment, tracking parameters ignored) holding
/// the same recipe (`RecipeLikeness`: the same title or most of the ingredient lines), the
/// same content (title, ingredients, steps), or the same id; then skips it, lets it replace the
/// stored one (it takes that one's id), or keeps it as a copy under a new id, by `policy`.
/// An address alone does not make a duplicate: a site's home page names no recipe, and pages
/// that claim one address (og:url, canonical link) may hold different dishes. Two recipes
/// that each carry their source's own id (TheMealDB's `idMeal`, an app's UUID) and differ in
/// it are different recipes even when they cite the same page: TheMealDB cites one round-up
/// post for several meals.
public final class DedupeStage: RecipeStage {
    public let name = "dedupe"
    /// A recipe remembered under its address.
    struct AtAddress {
        var id: String
        var sourceID: String?
        var likeness: RecipeLikeness
    }

    // Keyed by digests of the normalized URL and of the content: a run may see 50,000 recipes.
    // An address usually holds one recipe; a site that claims one address for all its pages
    // makes it hold several.
    private var byURL: [DigestKey: [AtAddress]] = [:]
    private var byContent: [DigestKey: String] = [:]
    private var ids: Set<String> = []
    public let policy: DuplicatePolicy
    /// The library being imported into, when there is one: restored recipes are looked for in
    /// it on disk rather than remembered, so a restore of any size holds nothing per recipe.
    private var library: Library?
    /// Ids restored in this run, when there is no library to look in (`convert`).
    private var restoredIDs: Set<String> = []

    public init(policy: DuplicatePolicy = .skip) {
        self.policy = policy
    }

    /// What the library held when the stage was seeded, for sources that skip inputs already
    /// imported before fetching them.
    public private(set) var libraryMemory = ImportMemory()

    /// Seeds the stage with what a library already holds.
    public convenience init(library: Library, policy: DuplicatePolicy = .skip) throws {
        self.init(policy: policy)
        self.library = library
        for id in try library.recipeIDs() {
            guard let recipe = try? library.load(id: id) else { continue }
            remember(recipe)
            libraryMemory.remember(recipe)
        }
    }

    public func apply(_ recipe: Recipe) throws -> StageDecision {
        if let url = recipe.provenance.sourceURL.flatMap(SourceURL.identity), let atAddress = byURL[DigestKey(url)] {
            let likeness = RecipeLikeness(recipe)
            let sourceID = Self.sourceID(recipe)
            if let existing = atAddress.first(where: {
                $0.likeness.isSameRecipe(as: likeness) && !Self.areDistinctInTheirSource($0.sourceID, sourceID)
            }) {
                return decide(recipe, duplicating: existing.id, reason: "already imported from the same source URL (as \(existing.id))")
            }
        }
        if let existing = byContent[DigestKey(RecipeIdentity.contentHash(of: recipe))] {
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
    /// A recipe from another input of the same run that repeats a restored one's page or
    /// content is not caught: restore a backup in a run of its own to have that checked.
    public func applyToRestored(_ recipe: Recipe) throws -> StageDecision {
        if isTaken(recipe.id) {
            return decide(recipe, duplicating: recipe.id, reason: "a recipe with id \(recipe.id) is already in the library", restored: true)
        }
        if library == nil { restoredIDs.insert(recipe.id) }
        return .keep(recipe)
    }

    /// Whether a recipe is stored, or will be, under this id: remembered from the library and
    /// this run, or on disk for what this run restored.
    private func isTaken(_ id: String) -> Bool {
        if ids.contains(id) || restoredIDs.contains(id) { return true }
        guard let library else { return false }
        return FileManager.default.fileExists(atPath: library.recipeURL(id: id).path)
    }

    private func decide(_ recipe: Recipe, duplicating existingID: String, reason: String, restored: Bool = false) -> StageDecision {
        var kept = recipe
        switch policy {
        case .skip:
            return .skipAsDuplicate(of: existingID, reason: reason)
        case .update:
            kept.id = existingID
        case .copy:
            kept.id = freshID(from: recipe.id)
        }
        if restored {
            if library == nil { restoredIDs.insert(kept.id) }
        } else {
            remember(kept)
        }
        return .keep(kept)
    }

    /// `<id>-copy`, then `<id>-copy-2`, … : the first that neither the library nor this run has.
    private func freshID(from id: String) -> String {
        var candidate = "\(id)-copy"
        var n = 2
        while isTaken(candidate) {
            candidate = "\(id)-copy-\(n)"
            n += 1
        }
        return candidate
    }

    func remember(_ recipe: Recipe) {
        if let url = recipe.provenance.sourceURL.flatMap(SourceURL.identity) {
            let key = DigestKey(url)
            // A recipe that replaced another (`--on-duplicate update`) takes its place.
            byURL[key, default: []].removeAll { $0.id == recipe.id }
            byURL[key, default: []].append(AtAddress(id: recipe.id, sourceID: Self.sourceID(recipe), likeness: RecipeLikeness(recipe)))
        }
        byContent[DigestKey(RecipeIdentity.contentHash(of: recipe))] = recipe.id
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

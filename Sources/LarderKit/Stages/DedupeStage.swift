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
///
/// The stage is `Sendable`: what it remembers of the recipes it kept is read and changed under
/// `lock`, one recipe at a time, whichever task applies it.
public final class DedupeStage: RecipeStage, @unchecked Sendable {
    /// The stage's name in the report (`dedupe`).
    public let name = "dedupe"
    private let lock = NSLock()
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
    private var byExportedID: [DigestKey: String] = [:]
    private var ids: Set<String> = []
    /// What is done with a duplicate: skip it, update the stored one, or keep a copy.
    public let policy: DuplicatePolicy
    /// Whether the recipes kept go to a library, where a reason that names an id can be looked
    /// up (`larder show ID`). Without one (`larder convert`) the ids are nowhere the user can
    /// find them: a reason names the earlier recipe by its input and title instead.
    private let hasLibrary: Bool
    /// The input and title of each recipe kept in this run, by id, to name it in a reason.
    private var keptInRun: [String: String] = [:]
    /// The library's recipes that could not be read, said once in the run's notes: their
    /// duplicates cannot be recognised by source or content (their ids are still taken).
    /// Written only while the stage is seeded, before anyone else can see it.
    public private(set) var unreadable: [String] = []

    /// A stage that remembers only the recipes of this run (an export, a convert).
    public init(policy: DuplicatePolicy = .skip) {
        self.policy = policy
        hasLibrary = false
    }

    private init(policy: DuplicatePolicy, hasLibrary: Bool) {
        self.policy = policy
        self.hasLibrary = hasLibrary
    }

    /// What the library held when the stage was seeded, for sources that skip inputs already
    /// imported before fetching them.
    public private(set) var libraryMemory = ImportMemory()

    /// Seeds the stage with what a library already holds.
    public convenience init(library: Library, policy: DuplicatePolicy = .skip) throws {
        self.init(policy: policy, hasLibrary: true)
        unreadable = try library.forEachRecipe { recipe in
            remember(recipe)
            libraryMemory.remember(recipe)
        } unreadable: { id in
            ids.insert(id)
        }
    }

    /// The stage applied to one recipe (`RecipeStage.apply(_:)`; the type says what it does).
    public func apply(_ recipe: Recipe) throws -> StageDecision {
        lock.withLock { decision(for: recipe) }
    }

    private func decision(for recipe: Recipe) -> StageDecision {
        if let url = recipe.provenance.sourceURL.flatMap(SourceURL.identity), let atAddress = byURL[DigestKey(url)] {
            let likeness = RecipeLikeness(recipe)
            let sourceID = Self.sourceID(recipe)
            if let existing = atAddress.first(where: {
                $0.likeness.isSameRecipe(as: likeness) && !Self.areDistinctInTheirSource($0.sourceID, sourceID)
            }) {
                let reason = hasLibrary ? "already imported from the same source URL (as \(existing.id))"
                    : "the same recipe from the same source URL as \(described(existing.id))"
                return decide(recipe, duplicating: existing.id, reason: reason)
            }
        }
        if let existing = byContent[DigestKey(RecipeIdentity.contentHash(of: recipe))] {
            return decide(recipe, duplicating: existing, reason: "same title, ingredients and steps as \(described(existing))")
        }
        if let carried = ExportedIdentity.carried(by: recipe), let existing = byExportedID[DigestKey(carried.id)] {
            let reason = hasLibrary ? "already in the library as \(existing) (the same \(carried.app) uid; Larder's \(carried.app) export writes it)"
                : "the same \(carried.app) uid as \(described(existing))"
            return decide(recipe, duplicating: existing, reason: reason)
        }
        if ids.contains(recipe.id) {
            let reason = hasLibrary ? "a recipe with id \(recipe.id) is already in the library" : "the same id as \(described(recipe.id))"
            return decide(recipe, duplicating: recipe.id, reason: reason)
        }
        remember(recipe)
        return .keep(recipe)
    }

    private func decide(_ recipe: Recipe, duplicating existingID: String, reason: String) -> StageDecision {
        var kept = recipe
        switch policy {
        case .skip:
            return .skipAsDuplicate(of: existingID, reason: reason)
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

    /// An earlier recipe as the user can find it: its id in a library, else the input it was
    /// read from and its title (`in/a.json (Toast)`).
    private func described(_ id: String) -> String {
        hasLibrary ? id : keptInRun[id] ?? id
    }

    func remember(_ recipe: Recipe) {
        if !hasLibrary {
            let title = recipe.title.isEmpty ? nil : recipe.title
            let named = [recipe.provenance.input, title.map { recipe.provenance.input == nil ? $0 : "(\($0))" }].compactMap { $0 }.joined(separator: " ")
            keptInRun[recipe.id] = named.isEmpty ? nil : named
        }
        if let url = recipe.provenance.sourceURL.flatMap(SourceURL.identity) {
            let key = DigestKey(url)
            // A recipe that replaced another (`--on-duplicate update`) takes its place.
            byURL[key, default: []].removeAll { $0.id == recipe.id }
            byURL[key, default: []].append(AtAddress(id: recipe.id, sourceID: Self.sourceID(recipe), likeness: RecipeLikeness(recipe)))
        }
        byContent[DigestKey(RecipeIdentity.contentHash(of: recipe))] = recipe.id
        for written in ExportedIdentity.written(for: recipe) {
            byExportedID[DigestKey(written)] = recipe.id
        }
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

/// A key text (a normalized URL, a content hash) reduced to 16 bytes of its SHA-256, to key
/// tables of tens of thousands of entries without a heap allocation per key.
struct DigestKey: Hashable {
    private let high: UInt64
    private let low: UInt64

    init(_ text: String) {
        var hasher = SHA256()
        hasher.update(text.utf8)
        let digest = hasher.finalize()
        high = digest[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        low = digest[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
    }
}

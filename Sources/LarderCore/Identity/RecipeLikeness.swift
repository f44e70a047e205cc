/// What two recipes read from one address must share to be one recipe: the same title, or at
/// least half of their ingredient lines. The same page read again, or edited since (a line
/// changed, the title reworded), is one recipe; two pages that claim one address (a site that
/// writes its home page into every page's og:url, a template's fixed canonical link) but hold
/// different dishes are two.
///
/// Kept small (hashes, not text), as a run remembers one per recipe with an address.
public struct RecipeLikeness: Sendable {
    private let title: Int
    /// Hashes of the normalized ingredient lines, sorted, without repeats.
    private let lines: [Int]

    static let linesCompared = 200

    public init(_ recipe: Recipe) {
        title = Self.hash(RecipeIdentity.normalizedForHash(recipe.title))
        // The first lines say which recipe it is; a hostile one with millions of lines must not
        // make the run remember them all.
        lines = Array(Set(recipe.ingredients.prefix(Self.linesCompared).map { Self.hash(RecipeIdentity.normalizedForHash($0.line)) })).sorted()
    }

    public func isSameRecipe(as other: RecipeLikeness) -> Bool {
        if title == other.title { return true }
        guard !lines.isEmpty, !other.lines.isEmpty else { return false }
        return 2 * commonLines(with: other) >= max(lines.count, other.lines.count)
    }

    /// How many lines both have: one walk over the two sorted lists.
    private func commonLines(with other: RecipeLikeness) -> Int {
        var common = 0
        var (i, j) = (0, 0)
        while i < lines.count, j < other.lines.count {
            if lines[i] == other.lines[j] {
                common += 1
                i += 1
                j += 1
            } else if lines[i] < other.lines[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return common
    }

    /// Swift's hasher: seeded per process, which is all a run's memory needs.
    private static func hash(_ text: String) -> Int {
        var hasher = Hasher()
        hasher.combine(text)
        return hasher.finalize()
    }
}

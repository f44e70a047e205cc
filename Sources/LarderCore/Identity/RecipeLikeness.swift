/// What two recipes read from one address must share to be one recipe: the same title, or at
/// least half of their ingredient lines, and when that is fewer than three lines, titles that
/// say the same dish (the words of one hold the other's). The same page read again, or edited
/// since (a line changed, the title reworded), is one recipe; two pages that claim one address
/// (a site that writes its home page into every page's og:url, a template's fixed canonical
/// link) but hold different dishes are two, short ones that share a line (`2 eggs`) too.
///
/// Kept small (hashes, not text), as a run remembers one per recipe with an address.
public struct RecipeLikeness: Sendable {
    private let title: Int
    /// Hashes of the title's words, sorted, without repeats.
    private let titleWords: [Int]
    /// Hashes of the normalized ingredient lines, sorted, without repeats.
    private let lines: [Int]

    static let linesCompared = 200
    /// Lines in common that say on their own it is one recipe; fewer (two short dishes share
    /// `2 eggs`) need the titles to agree too.
    static let linesThatIdentify = 3

    /// What of `recipe` is compared, kept as hashes: its title, its title's words and its first 200 ingredient lines.
    public init(_ recipe: Recipe) {
        title = Self.hash(RecipeIdentity.normalizedForHash(recipe.title))
        titleWords = Array(Set(recipe.title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(50).map { Self.hash(String($0)) })).sorted()
        // The first lines say which recipe it is; a hostile one with millions of lines must not
        // make the run remember them all.
        lines = Array(Set(recipe.ingredients.prefix(Self.linesCompared).map { Self.hash(RecipeIdentity.normalizedForHash($0.line)) })).sorted()
    }

    /// True when the two are one recipe by the rules above.
    public func isSameRecipe(as other: RecipeLikeness) -> Bool {
        if title == other.title { return true }
        guard !lines.isEmpty, !other.lines.isEmpty else { return false }
        let common = commonLines(with: other)
        guard 2 * common >= max(lines.count, other.lines.count) else { return false }
        return common >= Self.linesThatIdentify || titlesSayTheSameDish(other)
    }

    /// `Lentil soup` and `Easy lentil soup`: every word of the shorter title is in the other.
    private func titlesSayTheSameDish(_ other: RecipeLikeness) -> Bool {
        let (shorter, longer) = titleWords.count <= other.titleWords.count ? (titleWords, other.titleWords) : (other.titleWords, titleWords)
        return !shorter.isEmpty && Set(shorter).isSubset(of: longer)
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

/// Stable ids and content hashes for recipes.
public enum RecipeIdentity {
    /// A hash of what makes a recipe itself (title, ingredient lines, steps), ignoring case and
    /// white space, so the same recipe from two files is recognised as one.
    public static func contentHash(of recipe: Recipe) -> String {
        var text = normalizedForHash(recipe.title)
        for ingredient in recipe.ingredients { text += "\u{1F}" + normalizedForHash(ingredient.line) }
        text += "\u{1E}"
        for step in recipe.steps { text += "\u{1F}" + normalizedForHash(step.text) }
        return SHA256.hex(text)
    }

    /// The id a recipe gets when the source gave none that is stable on its own:
    /// `<slug of title>-<8 hex of the normalized source URL, else of the content>`. A site's
    /// home page is no recipe's address (`SourceURL.identity`).
    public static func makeID(for recipe: Recipe) -> String {
        let basis: String
        if let url = recipe.provenance.sourceURL, let normalized = SourceURL.identity(url) {
            basis = "url:" + normalized
        } else {
            basis = "content:" + contentHash(of: recipe)
        }
        return Slug.make(recipe.title) + "-" + SHA256.hex(basis).prefix(8)
    }

    /// The longest file name an id becomes (without `.json`).
    static let maxNameLength = 120

    /// Ids become file names (`recipes/<name>.json`, `images/<name>/`), and two ids must never
    /// share one: else a recipe would be taken for a duplicate of another, or replace it. An id
    /// that is a safe name already (lower-case `a-z 0-9 . _ -`, no leading dot, at most 120
    /// characters) is its own name, so libraries written before keep their files. Any other id
    /// is cleaned (lower-cased, other characters replaced, cut short) and followed by 8 hex of
    /// the sha256 of the whole id: `Pie` and `pie`, or two long ids that start alike, get names
    /// of their own, on file systems that ignore case too. The result can never be a relative
    /// path component, and is its own name.
    public static func sanitize(_ id: String) -> String {
        if isSafeName(id) { return id }
        var cleaned = ""
        for scalar in id.lowercased().unicodeScalars {
            cleaned.unicodeScalars.append(isSafe(scalar) ? scalar : "-")
        }
        while cleaned.hasPrefix(".") { cleaned.removeFirst() }
        let hash = "-" + SHA256.hex(id).prefix(8)
        let base = cleaned.prefix(maxNameLength - hash.count)
        return (base.isEmpty ? "recipe" : base) + hash
    }

    /// Whether an id can be a file name as it is.
    static func isSafeName(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= maxNameLength && !id.hasPrefix(".") && id.unicodeScalars.allSatisfy(isSafe)
    }

    static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "_" || scalar == "."
    }

    static func normalizedForHash(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

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
    /// `<slug of title>-<8 hex of the normalized source URL, else of the content>`.
    public static func makeID(for recipe: Recipe) -> String {
        let basis: String
        if let url = recipe.provenance.sourceURL, let normalized = SourceURL.normalize(url) {
            basis = "url:" + normalized
        } else {
            basis = "content:" + contentHash(of: recipe)
        }
        return Slug.make(recipe.title) + "-" + SHA256.hex(basis).prefix(8)
    }

    /// Ids become file names: anything outside `[a-z0-9._-]` is replaced, and the result can
    /// never be a relative path component.
    public static func sanitize(_ id: String) -> String {
        var result = ""
        for scalar in id.lowercased().unicodeScalars {
            let allowed = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "_" || scalar == "."
            result.unicodeScalars.append(allowed ? scalar : "-")
        }
        while result.hasPrefix(".") { result.removeFirst() }
        if result.isEmpty { result = "recipe" }
        return String(result.prefix(120))
    }

    static func normalizedForHash(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// Diet labels come as `glutenFree`, `Gluten Free`, `gluten_free` or schema.org's
/// `https://schema.org/GlutenFreeDiet`; they are kept in one spelling, `gluten-free`, so filters match.
public enum DietNames {
    public static func normalize(_ raw: String) -> String {
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let slash = text.lastIndex(of: "/") { text = String(text[text.index(after: slash)...]) }
        if text.hasSuffix("Diet") && text.count > 4 { text = String(text.dropLast(4)) }
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in text {
            if character == " " || character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase && previousWasLower {
                words.append(current)
                current = ""
            }
            current.append(contentsOf: character.lowercased())
            previousWasLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: "-")
    }

    /// Diets that sources also file recipes under as a category or a tag (TheMealDB's
    /// "Vegan" category, a blog's "Gluten Free" tag), in their normalized spelling: schema.org's
    /// restricted diets and the labels recipe apps and sites use beside them.
    public static let known: Set<String> = [
        "vegan", "vegetarian", "pescatarian", "gluten-free", "dairy-free", "lactose-free", "low-lactose", "egg-free", "nut-free",
        "sugar-free", "low-carb", "low-fat", "low-calorie", "low-salt", "low-sodium", "keto", "ketogenic", "paleo", "whole30",
        "diabetic", "halal", "kosher", "hindu",
    ]

    /// What one diet says of others: a vegan recipe suits vegetarians and has no dairy or eggs.
    static let implied: [String: [String]] = ["vegan": ["vegetarian", "dairy-free", "egg-free"]]

    /// The recipe's diets: those it states, every category or tag that names a known diet (in
    /// English or another language Larder reads, see `DietWords`), and what those imply.
    public static func diets(of recipe: Recipe) -> Set<String> {
        let stated = recipe.diets.map(normalize).map(inEnglish)
        let labelled = (recipe.categories + recipe.tags).map(normalize).map(inEnglish).filter(known.contains)
        let named = stated + labelled
        return Set(named + named.flatMap { implied[$0] ?? [] })
    }

    /// A diet's English name for a name in another language (`glutenfrei` → `gluten-free`).
    public static func inEnglish(_ normalized: String) -> String {
        DietWords.english[normalized] ?? normalized
    }
}

import Foundation

/// The ingredients a cook looks a recipe up by in a book's index: the parsed names, folded as
/// the shopping list folds them (case, accents, plurals, describing words) and a little further
/// (`boneless`, `frozen`, a measure the parser left in a name written in another language:
/// `LeadingMeasure`), without the pantry staples every second recipe uses (salt, pepper, water,
/// cooking oil, plain flour, white sugar, butter, baking powder) and without what is only
/// seasoning: a line measured in teaspoons, tablespoons, pinches (in any of the languages of
/// the staples), an optional line, and a line without an amount (`parsley, to garnish`) when
/// the recipe measures its others.
public enum MainIngredients {
    /// One main ingredient: what the index files it under, and how this recipe names it.
    public struct Term: Equatable, Sendable {
        /// What the index files under: `tomato`, `chicken breast`.
        public var key: String
        /// How the recipe named it, describing words left out: `Tomatoes`.
        public var name: String
    }

    /// The main ingredients of `recipe`, each once, in the recipe's order.
    public static func of(_ recipe: Recipe) -> [Term] {
        let lines = recipe.ingredientGroups.flatMap(\.ingredients)
        let measuresAny = lines.contains { $0.quantity != nil }
        var terms: [Term] = []
        var seen: Set<String> = []
        for ingredient in lines {
            guard let written = ingredient.name?.trimmed, !written.isEmpty, !ingredient.optional else { continue }
            if measuresAny && ingredient.quantity == nil { continue }
            if let unit = ingredient.unit, seasoningUnits.contains(unit) { continue }
            let stripped = LeadingMeasure.strip(written)
            if stripped.isSpoonful { continue }
            let name = stripped.name
            let key = key(for: name)
            guard !key.isEmpty, isHeadingLike(key), !isStaple(key), seen.insert(key).inserted else { continue }
            terms.append(Term(key: key, name: shown(name)))
        }
        return terms
    }

    /// The shopping key without the words that say how the thing was prepared for sale.
    public static func key(for name: String) -> String {
        // `gousse d’ail` and `gousse d'ail` are one heading.
        let words = ShoppingName.key(name.replacingOccurrences(of: "’", with: "'")).split(separator: " ").map(String.init)
        let kept = words.filter { !preparedForSale.contains($0) }
        return (kept.isEmpty ? words : kept).joined(separator: " ")
    }

    /// Salt, pepper, water, oil, sugar, flour, butter and raising agents, in their usual
    /// spellings (`kosher salt`, `freshly ground black pepper`, `extra-virgin olive oil`,
    /// `caster sugar`, `all-purpose flour`, `salt and pepper`).
    public static func isStaple(_ key: String) -> Bool {
        if ShoppingName.isNotBought(key) || staples.contains(key) { return true }
        let parts = key.components(separatedBy: " and ")
        if parts.count > 1 { return parts.allSatisfy { isStaple($0.trimmed) } }
        let words = key.split(separator: " ").map(String.init)
        guard let last = words.last, let allowed = stapleFamilies[last] else { return false }
        return words.dropLast().allSatisfy { allowed.contains($0) || stapleManners.contains($0) }
    }

    /// An index heading names a thing in a few words: a name of more than four words or with a
    /// figure in it is a line the parser could not take apart (`à 500 g d'épaule d'agneau`),
    /// which would file the recipe under noise.
    static func isHeadingLike(_ key: String) -> Bool {
        !key.contains(where: \.isNumber) && key.split(separator: " ").count <= 4
    }

    /// The name as the recipe wrote it, describing words left out, with a capital first letter.
    static func shown(_ name: String) -> String {
        let display = ShoppingName.display(name)
        let words = display.split(separator: " ").map(String.init)
        let kept = words.filter { !preparedForSale.contains($0.lowercased()) }
        let text = (kept.isEmpty ? words : kept).joined(separator: " ")
        guard let first = text.first else { return name }
        return first.uppercased() + text.dropFirst()
    }

    /// Units that measure seasoning rather than the dish.
    static let seasoningUnits: Set<String> = ["teaspoon", "tablespoon", "pinch", "dash", "drop", "smidgen", "splash", "sprinkle"]

    /// Words that tell how a thing is sold, not what it is: an index files `boneless chicken
    /// thighs` and `chicken thighs` together.
    static let preparedForSale: Set<String> = [
        "boneless", "skinless", "bone-in", "skin-on", "frozen", "canned", "tinned", "unsalted", "salted", "leftover", "raw",
    ]

    static let staples: Set<String> = [
        "salt", "pepper", "water", "ice", "oil", "sugar", "flour", "butter", "baking powder", "baking soda",
        "bicarbonate of soda", "bicarb soda", "cooking spray", "nonstick spray", "non-stick spray", "nonstick cooking spray",
        "salt & pepper", "salt pepper", "seasoning", "salt to taste", "pepper to taste",
        // The same in the languages recipes here come in most (keys are folded: no accents).
        "salz", "pfeffer", "wasser", "ol", "olivenol", "speiseol", "pflanzenol", "zucker", "mehl", "butter",
        "sel", "poivre", "eau", "huile", "huile d'olive", "sucre", "farine", "beurre",
        "sal", "pimienta", "agua", "aceite", "aceite de oliva", "azucar", "harina", "mantequilla",
        "sale", "pepe", "acqua", "olio", "olio d'oliva", "olio di oliva", "olio extravergine di oliva", "zucchero", "farina", "burro",
    ]

    /// Staples named by their last word, with the words that may stand in front of it.
    static let stapleFamilies: [String: Set<String>] = [
        "salt": ["kosher", "sea", "table", "fine", "coarse", "flaky", "iodized", "rock", "maldon"],
        "pepper": ["black", "white", "ground", "cracked", "peppercorn"],
        "peppercorn": ["black", "white"],
        "oil": ["olive", "vegetable", "canola", "sunflower", "rapeseed", "neutral", "cooking", "corn", "peanut", "groundnut",
                "grapeseed", "light", "mild", "frying", "virgin", "extra-virgin"],
        "sugar": ["white", "granulated", "caster", "castor", "superfine", "brown", "light", "dark", "powdered", "icing",
                  "confectioner", "confectioners", "confectioner's", "raw", "cane", "demerara", "muscovado", "golden"],
        "flour": ["all-purpose", "all", "purpose", "plain", "self-raising", "self-rising", "self", "raising", "rising", "bread",
                  "cake", "white", "strong", "unbleached", "00", "type"],
        "butter": ["unsalted", "salted", "softened", "melted", "cold"],
        "water": ["cold", "hot", "warm", "boiling", "lukewarm", "tepid", "iced", "filtered", "tap"],
    ]

    /// How a staple was ground or measured out, which leaves it the staple it is.
    static let stapleManners: Set<String> = ["freshly", "finely", "coarsely", "to", "taste", "for", "frying", "greasing", "a", "of"]
}

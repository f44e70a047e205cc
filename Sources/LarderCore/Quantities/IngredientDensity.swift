/// Grams per millilitre of common ingredients, for turning cups into grams and back. Only
/// ingredients cooks often measure both ways are listed; for any other, volume stays volume.
/// Figures are the usual kitchen conversions (e.g. 1 cup all-purpose flour ≈ 125 g, sugar
/// ≈ 200 g, butter ≈ 227 g), spooned and levelled, not packed.
public enum IngredientDensity {
    public struct Entry: Sendable {
        /// Words that must all appear in the ingredient name.
        public let words: [String]
        public let gramsPerMilliliter: Double
        /// Liquids convert to millilitres in metric, not to grams.
        public let isLiquid: Bool
    }

    public static let entries: [Entry] = [
        Entry(words: ["brown", "sugar"], gramsPerMilliliter: 0.93, isLiquid: false),
        Entry(words: ["powdered", "sugar"], gramsPerMilliliter: 0.51, isLiquid: false),
        Entry(words: ["icing", "sugar"], gramsPerMilliliter: 0.51, isLiquid: false),
        Entry(words: ["confectioners", "sugar"], gramsPerMilliliter: 0.51, isLiquid: false),
        Entry(words: ["confectioners'", "sugar"], gramsPerMilliliter: 0.51, isLiquid: false),
        Entry(words: ["bread", "flour"], gramsPerMilliliter: 0.55, isLiquid: false),
        Entry(words: ["whole", "wheat", "flour"], gramsPerMilliliter: 0.51, isLiquid: false),
        Entry(words: ["almond", "flour"], gramsPerMilliliter: 0.41, isLiquid: false),
        Entry(words: ["cocoa"], gramsPerMilliliter: 0.36, isLiquid: false),
        Entry(words: ["flour"], gramsPerMilliliter: 0.53, isLiquid: false),
        Entry(words: ["sugar"], gramsPerMilliliter: 0.85, isLiquid: false),
        Entry(words: ["butter"], gramsPerMilliliter: 0.96, isLiquid: false),
        Entry(words: ["rolled", "oats"], gramsPerMilliliter: 0.38, isLiquid: false),
        Entry(words: ["oats"], gramsPerMilliliter: 0.38, isLiquid: false),
        Entry(words: ["rice"], gramsPerMilliliter: 0.78, isLiquid: false),
        Entry(words: ["salt"], gramsPerMilliliter: 1.2, isLiquid: false),
        Entry(words: ["honey"], gramsPerMilliliter: 1.42, isLiquid: false),
        Entry(words: ["chocolate", "chips"], gramsPerMilliliter: 0.72, isLiquid: false),
        Entry(words: ["cornstarch"], gramsPerMilliliter: 0.54, isLiquid: false),
        Entry(words: ["cream", "cheese"], gramsPerMilliliter: 0.96, isLiquid: false),
        // Shredded or crumbled as recipes measure them (USDA: a cup of shredded mozzarella 112 g,
        // of shredded cheddar 113 g, of ricotta 246 g, of grated parmesan 100 g).
        Entry(words: ["mozzarella"], gramsPerMilliliter: 0.47, isLiquid: false),
        Entry(words: ["mozzarella", "cheese"], gramsPerMilliliter: 0.47, isLiquid: false),
        Entry(words: ["cheddar"], gramsPerMilliliter: 0.48, isLiquid: false),
        Entry(words: ["cheddar", "cheese"], gramsPerMilliliter: 0.48, isLiquid: false),
        Entry(words: ["ricotta"], gramsPerMilliliter: 1.04, isLiquid: false),
        Entry(words: ["ricotta", "cheese"], gramsPerMilliliter: 1.04, isLiquid: false),
        Entry(words: ["parmesan"], gramsPerMilliliter: 0.42, isLiquid: false),
        Entry(words: ["cheese"], gramsPerMilliliter: 0.42, isLiquid: false),
        // Diced or chopped (USDA: a cup 140 g).
        Entry(words: ["ham"], gramsPerMilliliter: 0.59, isLiquid: false),
        Entry(words: ["sour", "cream"], gramsPerMilliliter: 0.96, isLiquid: false),
        Entry(words: ["water"], gramsPerMilliliter: 1.0, isLiquid: true),
        Entry(words: ["milk"], gramsPerMilliliter: 1.03, isLiquid: true),
        Entry(words: ["cream"], gramsPerMilliliter: 1.0, isLiquid: true),
        Entry(words: ["buttermilk"], gramsPerMilliliter: 1.03, isLiquid: true),
        Entry(words: ["oil"], gramsPerMilliliter: 0.92, isLiquid: true),
        Entry(words: ["stock"], gramsPerMilliliter: 1.0, isLiquid: true),
        Entry(words: ["broth"], gramsPerMilliliter: 1.0, isLiquid: true),
        Entry(words: ["juice"], gramsPerMilliliter: 1.04, isLiquid: true),
        Entry(words: ["wine"], gramsPerMilliliter: 0.99, isLiquid: true),
        Entry(words: ["yogurt"], gramsPerMilliliter: 1.03, isLiquid: true),
        Entry(words: ["yoghurt"], gramsPerMilliliter: 1.03, isLiquid: true),
        Entry(words: ["vinegar"], gramsPerMilliliter: 1.01, isLiquid: true),
    ]

    /// The entry for an ingredient name, or nil when its density is not known. The head word of
    /// an English name comes last and says what the thing is, so an entry must name it ("rice
    /// vinegar" is vinegar, "milk chocolate chips" chips; "whole milk mozzarella" is mozzarella,
    /// never milk; "flour tortillas" and "butter beans" are neither flour nor butter); among those
    /// the most specific ("brown sugar" before "sugar"). What follows a comma or a bracket is
    /// not the name ("flour (all-purpose)"). Words are compared singular too: "oats" and "oat".
    public static func entry(for name: String?) -> Entry? {
        guard let name else { return nil }
        let thing = name.prefix { $0 != "," && $0 != "(" }
        let words = thing.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        func position(_ word: String) -> Int? {
            words.lastIndex { $0 == word || singular($0) == word }
        }
        var best: (entry: Entry, head: Int)?
        for entry in entries {
            let positions = entry.words.map(position)
            guard positions.allSatisfy({ $0 != nil }) else { continue }
            let head = positions.compactMap { $0 }.max() ?? 0
            guard head == words.count - 1 else { continue }
            if best == nil || head > best!.head || head == best!.head && entry.words.count > best!.entry.words.count {
                best = (entry, head)
            }
        }
        return best?.entry
    }

    /// Liquids without a density of their own here: measured by volume in every kitchen.
    static let liquidWords: Set<String> = [
        "syrup", "sauce", "beer", "ale", "rum", "brandy", "cognac", "vodka", "whiskey", "whisky", "gin", "tequila", "liqueur", "sherry",
        "vermouth", "port", "coffee", "espresso", "tea", "cider", "sake", "mirin", "kefir", "half-and-half", "extract", "puree",
        "purée", "passata", "molasses", "lemonade", "soda", "bouillon", "liquid", "drippings", "marinade", "dressing", "brine",
    ]

    /// Whether the ingredient is a liquid: its density entry says so, or a word of its name
    /// names one (`maple syrup`, `tomato sauce`). Unknown things are not taken for liquids.
    public static func isLiquid(_ name: String?) -> Bool {
        if let entry = entry(for: name) { return entry.isLiquid }
        guard let name else { return false }
        let lower = name.lowercased()
        if lower.contains("half-and-half") { return true }
        return lower.split(whereSeparator: { !$0.isLetter && $0 != "é" }).contains { liquidWords.contains(String($0)) || liquidWords.contains(singular(String($0))) }
    }

    static func singular(_ word: String) -> String {
        word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
    }
}

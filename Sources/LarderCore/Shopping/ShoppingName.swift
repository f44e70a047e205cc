import Foundation

/// The name under which one ingredient is bought: lower case, accents and punctuation
/// folded, each word made singular, and the words that describe rather than name the thing
/// (`free-range`, `large`, `organic`) left out, so "Tomatoes", "tomato" and "large tomatoes"
/// land on one line of the list while "tomato paste" stays its own. Preparation ("beaten",
/// "finely chopped") is never part of it: the list is built from parsed names, not lines.
public enum ShoppingName {
    /// The key a name is bought under: the words of `plainKey`, and one key for the names
    /// `SameThingNames` lists as one thing (`table salt` and `salt`, `Eier` and `Ei`).
    public static func key(_ name: String) -> String {
        let plain = plainKey(name)
        return SameThingNames.entry(forKey: plain).map { plainKey($0.name) } ?? plain
    }

    /// The name a list shows for a thing: the first name of the `SameThingNames` entry that
    /// lists it, or `display(name)`. In a recipe that is not English (`english` false) a name
    /// only an English entry lists is shown as written (`Parmigiano Reggiano`, never `parmesan`).
    public static func shown(_ name: String, english: Bool = true) -> String {
        guard let entry = SameThingNames.entry(listing: name), english || entry.language != "en" else { return display(name) }
        return entry.name
    }

    /// Lower case, accents folded, describing words left out, each word singular.
    static func plainKey(_ name: String) -> String {
        let folded = thing(in: name).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let words = withoutDescriptions(joiningPhrases(folded).split(separator: " ").map(String.init), lowercased: { $0 })
        return words.joined(separator: " ")
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" })
            .map { EnglishNoun.singularLower(String($0)) }
            .joined(separator: " ")
    }

    /// The name to show on the list: as the recipe wrote it, without the describing words that
    /// the key leaves out (`2 free-range eggs` and `9 eggs` are `11 eggs`).
    public static func display(_ name: String) -> String {
        withoutDescriptions(joiningPhrases(thing(in: name)).split(separator: " ").map(String.init), lowercased: { $0.lowercased() })
            .joined(separator: " ")
    }

    /// The thing a name names, without what a source wrote after it: `free-range eggs, beaten`
    /// (TheMealDB gives such names) is `free-range eggs`, `garlic (minced)` and `garlic minced`
    /// are `garlic`. Preparation words in front stay: `crushed tomatoes` is bought as such.
    static func thing(in name: String) -> String {
        var text = String(name.prefix { $0 != "," && $0 != ";" })
        while let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
            text.removeSubrange(open...close)
        }
        var words = text.split(separator: " ").map(String.init)
        while words.count > 1, let last = words.last, IngredientWords.preparation.contains(last.lowercased()) { words.removeLast() }
        let result = words.joined(separator: " ")
        return result.isEmpty ? name : result
    }

    /// The name without a word that repeats its unit: sources that give the amount apart
    /// (TheMealDB: `4` of `Garlic Clove`, `2 cloves` of `Garlic`) name the unit in the name, and
    /// "garlic clove" bought in cloves is garlic, on the same line as `2 cloves garlic`.
    static func withoutUnitWord(_ name: String, unit: String?) -> String {
        guard let unit, let canonical = UnitVocabulary.canonical(unit) ?? Optional(unit) else { return name }
        var words = name.split(separator: " ").map(String.init)
        guard words.count > 1 else { return name }
        let isUnit = { (word: String) in (UnitVocabulary.canonical(word.lowercased()) ?? EnglishNoun.singularLower(word.lowercased())) == canonical }
        if let last = words.last, isUnit(last) {
            words.removeLast()
        } else if let first = words.first, isUnit(first) {
            words.removeFirst()
            if words.first?.lowercased() == "of", words.count > 1 { words.removeFirst() }
        }
        return words.joined(separator: " ")
    }

    /// A name that says the unit its thing is counted in, when the line gives no unit: `3 garlic
    /// cloves` (Cooklang's `@garlic cloves{3}`), `3 cloves of garlic` are 3 cloves of garlic (the
    /// unit `CountedThings` counts garlic in), never "3 garlics". Nil for any other name.
    static func countingUnit(namedIn name: String) -> (name: String, unit: String)? {
        let words = name.split(separator: " ").map(String.init)
        guard words.count > 1 else { return nil }
        func unit(_ word: String) -> String { UnitVocabulary.canonical(word.lowercased()) ?? EnglishNoun.singularLower(word.lowercased()) }
        var afterFirst = Array(words.dropFirst())
        if afterFirst.first?.lowercased() == "of", afterFirst.count > 1 { afterFirst.removeFirst() }
        for (rest, word) in [(Array(words.dropLast()), words[words.count - 1]), (afterFirst, words[0])] {
            let thing = rest.joined(separator: " ")
            if let counted = CountedThings.entry(forKey: key(thing))?.unit, counted == unit(word) { return (thing, counted) }
        }
        return nil
    }

    /// Things a kitchen has on tap or in its freezer, whatever their temperature: never bought.
    public static func isNotBought(_ key: String) -> Bool {
        let words = key.split(separator: " ").map(String.init).filter { !temperatures.contains($0) }
        return notBought.contains(words.joined(separator: " "))
    }

    /// Words that say what kind or size of a thing to buy, not what it is. Only ones that leave
    /// the same purchase: "dried" or "smoked" are different things and stay.
    static let descriptive: Set<String> = IngredientWords.sizes.union([
        "free-range", "cage-free", "pasture-raised", "grass-fed", "organic", "fresh", "ripe", "good-quality", "high-quality",
        "quality", "local", "farm-fresh", "extra-virgin",
    ])

    /// Two-word spellings of the descriptive words, read as one.
    static let phrases: [(String, String)] = [
        ("free range", "free-range"), ("cage free", "cage-free"), ("pasture raised", "pasture-raised"), ("grass fed", "grass-fed"),
        ("good quality", "good-quality"), ("high quality", "high-quality"), ("extra virgin", "extra-virgin"),
    ]

    static let temperatures: Set<String> = ["cold", "hot", "warm", "boiling", "lukewarm", "tepid", "iced", "chilled", "cool", "tap", "filtered", "room", "temperature"]
    static let notBought: Set<String> = ["water", "ice", "ice cube", "ice water"]

    static func joiningPhrases(_ text: String) -> String {
        var result = text
        for (spaced, joined) in phrases {
            result = result.replacingOccurrences(of: spaced, with: joined, options: [.caseInsensitive])
        }
        return result
    }

    /// The words without the describing ones; all of them when nothing else would be left. A
    /// describing word beside `or`, `and` or `/` is one of the alternatives the recipe offers
    /// (`fresh or dried rosemary`, `large and small`), not a description, and stays.
    static func withoutDescriptions(_ words: [String], lowercased: (String) -> String) -> [String] {
        let bare = words.map { lowercased($0).trimmingCharacters(in: .punctuationCharacters) }
        func isAlternative(_ index: Int) -> Bool {
            [index - 1, index + 1].contains { bare.indices.contains($0) && alternativeWords.contains(bare[$0]) }
                || words[index].hasSuffix("/") || (index > 0 && words[index - 1].hasSuffix("/"))
        }
        let kept = words.indices.filter { !descriptive.contains(bare[$0]) || isAlternative($0) }.map { words[$0] }
        return kept.isEmpty ? words : kept
    }

    /// Words that join alternatives: what stands beside them is a choice, not a description.
    static let alternativeWords: Set<String> = ["or", "and", "&", "/", "oder", "ou", "o", "eller", "lub", "und", "et", "y", "e", "en", "og", "och", "i"]
}

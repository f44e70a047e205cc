/// Singular and plural of the English nouns recipes count (onions, loaves, berries, servings),
/// so a word can follow the number in front of it: `1 onion`, `2 onions`, `½ onion`,
/// `1 ½ onions`. Rules for the endings cooks meet plus the exceptions among foods; the case of
/// the word is kept (`Tomato` → `Tomatoes`).
public enum EnglishNoun {
    /// The form a count needs: singular up to one (`½ onion`, `1 onion`), plural above one and
    /// for a range (`1–2 onions`).
    public static func inflected(_ word: String, for amount: Amount) -> String {
        isPlural(amount) ? plural(word) : singular(word)
    }

    /// A phrase whose last word follows the count (`free-range egg` → `free-range eggs`); a
    /// phrase that does not end in a word stays as it is.
    public static func inflectingLastWord(of phrase: String, for amount: Amount) -> String {
        guard let last = phrase.last, last.isLetter else { return phrase }
        let start = phrase.lastIndex { !$0.isLetter && $0 != "'" }.map { phrase.index(after: $0) } ?? phrase.startIndex
        return phrase[..<start] + inflected(String(phrase[start...]), for: amount)
    }

    /// Whether a noun after `amount` takes its plural: ranges and amounts above one do (`1 ½ onions`).
    public static func isPlural(_ amount: Amount) -> Bool {
        amount.upper != nil || amount.value > 1
    }

    /// The singular of `word` (`loaves` → `loaf`), keeping its capitals.
    public static func singular(_ word: String) -> String {
        keepingCase(of: word, singularLower(word.lowercased()))
    }

    /// The plural of `word` (`berry` → `berries`), keeping its capitals.
    public static func plural(_ word: String) -> String {
        keepingCase(of: word, pluralLower(word.lowercased()))
    }

    /// English plural endings: berries → berry, tomatoes → tomato, loaves → loaf, dishes → dish,
    /// eggs → egg; words that only look plural (hummus, asparagus, couscous, molasses, swiss)
    /// and words too short to tell stay.
    static func singularLower(_ word: String) -> String {
        guard word.count > 3, !invariable.contains(word), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") else {
            return word
        }
        if let irregular = irregularSingulars[word] { return irregular }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") || word.hasSuffix("sses") {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ves") { return String(word.dropLast(3)) + "f" }
        if word.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }

    /// The plural of a singular word; a word that already reads as a plural stays.
    static func pluralLower(_ word: String) -> String {
        guard let last = word.last, last.isLetter, !invariable.contains(word) else { return word }
        if let irregular = irregularPlurals[word] { return irregular }
        if singularLower(word) != word { return word }  // already plural: onions, loaves
        if word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("z") || word.hasSuffix("ch") || word.hasSuffix("sh") {
            return word + "es"
        }
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
            return String(word.dropLast()) + "ies"
        }
        return word + "s"
    }

    /// Words whose singular and plural are one, or that are only ever plural.
    static let invariable: Set<String> = [
        "molasses", "swiss", "series", "species", "grits", "oats", "peas", "chives", "greens", "brussels", "fish", "sheep", "deer",
        "squid", "shrimp", "salmon", "trout", "cod", "tuna", "bison", "moose", "quinoa", "rice", "hummus", "couscous", "asparagus",
    ]
    static let irregularSingulars: [String: String] = [
        "knives": "knife", "halves": "half", "loaves": "loaf", "leaves": "leaf", "shelves": "shelf", "calves": "calf",
        "cloves": "clove", "olives": "olive", "people": "person", "children": "child", "geese": "goose", "mice": "mouse",
        "cookies": "cookie", "pies": "pie", "brownies": "brownie", "smoothies": "smoothie", "veggies": "veggie", "calories": "calorie",
        "hoagies": "hoagie", "pierogies": "pierogi", "movies": "movie", "ties": "tie", "lies": "lie",
    ]
    static let irregularPlurals: [String: String] = [
        "knife": "knives", "half": "halves", "loaf": "loaves", "leaf": "leaves", "shelf": "shelves", "calf": "calves",
        "person": "people", "child": "children", "goose": "geese", "mouse": "mice", "tomato": "tomatoes", "potato": "potatoes",
        "mango": "mangoes", "echo": "echoes", "hero": "heroes",
    ]

    /// The new form with the old one's case: `Tomato` → `Tomatoes`, `EGG` → `EGGS`, `Knives` → `Knife`.
    static func keepingCase(of original: String, _ lower: String) -> String {
        guard original != original.lowercased() else { return lower }
        if original == original.uppercased() { return lower.uppercased() }
        var result = ""
        for (index, character) in lower.enumerated() {
            if index < original.count, let source = original.dropFirst(index).first, source.lowercased() == String(character) {
                result.append(source)
            } else {
                result.append(character)
            }
        }
        return result
    }
}

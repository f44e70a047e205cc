/// Finds units in ingredient lines: every canonical name and synonym, in English and in the
/// languages of `UnitVocabularyLanguages`, with plurals, matched without regard to case, except
/// `T` (tablespoon) and `t` (teaspoon), which only their case tells apart.
public enum UnitVocabulary {
    /// Lower-cased spelling (one or more words, as written) → canonical unit.
    package static let table: [String: String] = {
        var table: [String: String] = [:]
        func add(_ spelling: String, _ canonical: String) {
            let lower = spelling.lowercased()
            // The corpus's own table comes first; a spelling never changes its unit.
            if table[lower] == nil { table[lower] = canonical }
            if lower.hasSuffix("."), !lower.dropLast().contains(where: { $0 == " " || $0 == "." }), table[String(lower.dropLast())] == nil {
                table[String(lower.dropLast())] = canonical
            }
            for plural in plurals(of: lower) where table[plural] == nil { table[plural] = canonical }
        }
        for (canonical, synonyms) in UnitVocabularyData.synonyms.sorted(by: { $0.key < $1.key }) {
            for spelling in [canonical] + synonyms { add(spelling, canonical) }
        }
        // Common spellings the corpus table lacks.
        for (spelling, canonical) in [("tbsps", "tablespoon"), ("tblsps", "tablespoon"), ("tbls", "tablespoon"), ("tsps", "teaspoon"),
                                      ("mls", "milliliter"), ("millilitres", "milliliter"), ("kgs", "kilogram"), ("grms", "gram")] {
            add(spelling, canonical)
        }
        for (canonical, spellings) in UnitVocabularyLanguages.spellings.sorted(by: { $0.key < $1.key }) {
            for spelling in spellings { add(spelling, canonical) }
        }
        return table
    }()

    /// The canonical units, in a fixed order; `unitIndex` gives each one's place.
    static let units: [String] = Set(table.values).sorted()
    static let unitIndex: [String: Int] = Dictionary(uniqueKeysWithValues: units.enumerated().map { ($1, $0) })

    /// The words of a spelling as the tokenizer sees them: dots and brackets are not words
    /// (`c. à s.` → `c à s`, `colher (sopa)` → `colher sopa`).
    static func phraseWords(_ spelling: String) -> [Substring] {
        spelling.split(whereSeparator: { $0 == " " || $0 == "." || $0 == "(" || $0 == ")" })
    }

    /// Spellings of more than one word, keyed by their words joined with single spaces.
    static let phrases: [String: String] = {
        var phrases: [String: String] = [:]
        for (spelling, canonical) in table {
            let words = phraseWords(spelling)
            if words.count > 1, phrases[words.joined(separator: " ")] == nil { phrases[words.joined(separator: " ")] = canonical }
        }
        return phrases
    }()

    /// First words of every unit spelling: a quick "can a unit start here?" before the phrase
    /// matching, which is the parser's hot path.
    static let firstWords: Set<String> = Set(table.keys.compactMap { phraseWords($0).first.map(String.init) })

    /// First words of the spellings with more than one word (`fl oz`, `c. à soupe`): only these
    /// need the slower phrase matching.
    static let phraseStarts: Set<String> = Set(phrases.keys.compactMap { $0.split(separator: " ").first.map(String.init) })

    /// Units that people also write after the name: "2 garlic cloves", "3 basil leaves".
    static let trailingUnits: Set<String> = ["clove", "stalk", "sprig", "leaf", "rib", "bunch", "head", "slice", "fillet", "strip", "wedge"]

    /// The longest unit phrase, in words.
    static let longestPhrase: Int = phrases.keys.map { $0.split(separator: " ").count }.max() ?? 1

    static func plurals(of word: String) -> [String] {
        // A letter is an abbreviation, not a word: `c` is a cup, `cs` a French tablespoon.
        guard word.count > 1, let last = word.last, last.isLetter else { return [] }
        var result = [word + "s"]
        if word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("ch") || word.hasSuffix("sh") { result.append(word + "es") }
        if word.hasSuffix("f") { result.append(String(word.dropLast()) + "ves") }
        if word.hasSuffix("y") { result.append(String(word.dropLast()) + "ies") }
        return result
    }

    /// The canonical unit for a written spelling, or nil. `original` keeps the case for T/t.
    public static func canonical(_ original: String) -> String? {
        canonical(original, lower: original.lowercased())
    }

    /// As `canonical(_:)`, for callers that already have the lower-cased spelling.
    static func canonical(_ original: String, lower: String) -> String? {
        if original == "T" || original == "Tbs" || original == "Tb" || original == "TB" { return "tablespoon" }
        if original == "t" { return "teaspoon" }
        if let unit = table[lower] { return unit }
        // A plural written as a bracketed ending: `pincée(s)`, `Prise(n)`, `Stange(n)`.
        if lower.hasSuffix(")"), let open = lower.lastIndex(of: "("), open > lower.startIndex {
            return table[String(lower[..<open])]
        }
        return nil
    }

    /// Units that hold other amounts (`1 (14 oz) can`, `2 x 400g tins`).
    static let containers: Set<String> = [
        "can", "package", "packet", "box", "jar", "bag", "bottle", "carton", "container", "tub", "tube",
        "stick", "block", "envelope", "pouch", "sheet", "piece", "slice", "loaf", "bar", "pot", "punnet",
    ]
}

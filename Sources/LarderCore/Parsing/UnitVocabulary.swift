/// Finds units in ingredient lines: every canonical name and synonym, with plurals, matched
/// without regard to case, except `T` (tablespoon) and `t` (teaspoon), which only their case
/// tells apart.
public enum UnitVocabulary {
    /// Lower-cased spelling (one or more words) → canonical unit.
    static let table: [String: String] = {
        var table: [String: String] = [:]
        for (canonical, synonyms) in UnitVocabularyData.synonyms {
            for spelling in [canonical] + synonyms {
                let lower = spelling.lowercased()
                table[lower] = canonical
                for plural in plurals(of: lower) where table[plural] == nil { table[plural] = canonical }
            }
        }
        // Common spellings the corpus table lacks.
        for (spelling, canonical) in [("tbsps", "tablespoon"), ("tblsps", "tablespoon"), ("tbls", "tablespoon"), ("tsps", "teaspoon"),
                                      ("mls", "milliliter"), ("millilitres", "milliliter"), ("kgs", "kilogram"), ("grms", "gram")] {
            table[spelling] = canonical
        }
        return table
    }()

    /// First words of every unit spelling, lower-cased and without dots: a quick "can a unit
    /// start here?" before the phrase matching, which is the parser's hot path.
    static let firstWords: Set<String> = Set(table.keys.map { String($0.split(separator: " ").first ?? "").replacingOccurrences(of: ".", with: "") })

    /// First words of the spellings with more than one word (`fl oz`, `fl. oz.`): only these need
    /// the slower phrase matching.
    static let phraseStarts: Set<String> = Set(table.keys.compactMap { key in
        let words = key.split(whereSeparator: { $0 == " " || $0 == "." })
        return words.count > 1 ? String(words[0]) : nil
    })

    /// Units that people also write after the name: "2 garlic cloves", "3 basil leaves".
    static let trailingUnits: Set<String> = ["clove", "stalk", "sprig", "leaf", "rib", "bunch", "head", "slice", "fillet", "strip", "wedge"]

    /// The longest unit phrase, in words.
    static let longestPhrase: Int = table.keys.map { $0.split(separator: " ").count }.max() ?? 1

    static func plurals(of word: String) -> [String] {
        guard let last = word.last, last.isLetter else { return [] }
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
        return table[lower]
    }

    /// Units that hold other amounts (`1 (14 oz) can`, `2 x 400g tins`).
    static let containers: Set<String> = [
        "can", "package", "packet", "box", "jar", "bag", "bottle", "carton", "container", "tub", "tube",
        "stick", "block", "envelope", "pouch", "sheet", "piece", "slice", "loaf", "bar", "pot", "punnet",
    ]
}

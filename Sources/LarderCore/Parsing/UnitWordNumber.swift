/// Singular and plural of the unit words of other languages, so that a scaled line reads as its
/// language writes it: `1 cucharada` doubled is `2 cucharadas`, `1 Prise` is `2 Prisen`,
/// `1 dåse` is `2 dåser`. A pair is two spellings that `UnitVocabularyLanguages` lists for the same
/// unit, the plural being the singular plus a plural ending of these languages (on the first
/// word of a phrase: `cuillère à café`, `cuillères à café`). Words whose
/// plural is the same (`Bund`, `Stück`), irregular (`cucchiaio`, `cucchiai`) or ambiguous are left
/// as written.
enum UnitWordNumber {
    /// Endings that make a plural in the languages of `UnitVocabularyLanguages`: Romance and Dutch
    /// `-s`/`-es`, German `-n`/`-en`/`-e`, Scandinavian `-r`/`-er`/`-ar`, French `-x`.
    private static let endings = ["s", "es", "n", "en", "e", "r", "er", "ar", "x"]

    /// singular → plural and plural → singular; a word with more than one candidate maps to nil.
    private static let pairs: (plurals: [String: String?], singulars: [String: String?]) = {
        var plurals: [String: String?] = [:]
        var singulars: [String: String?] = [:]
        func note(_ table: inout [String: String?], _ key: String, _ value: String) {
            if let existing = table[key], existing != value { table[key] = .some(nil) } else { table[key] = value }
        }
        for (_, spellings) in UnitVocabularyLanguages.spellings.sorted(by: { $0.key < $1.key }) {
            // A phrase inflects its first word: `cuillère à soupe`, `cuillères à soupe`.
            let words = spellings.filter { phrase in
                let first = phrase.split(separator: " ").first ?? ""
                return first.count >= 3 && phrase.allSatisfy { $0.isLetter || $0 == " " }
            }
            let listed = Set(words)
            for word in words {
                let (head, rest) = split(word)
                let found = endings.filter { !isGermanDative(head, ending: $0) }.map { head + $0 + rest }.filter(listed.contains)
                guard found.count == 1, let plural = found.first else { continue }
                note(&plurals, word, plural)
                note(&singulars, plural, word)
            }
        }
        return (plurals, singulars)
    }()

    /// The first word of a phrase, and the rest (with its space).
    private static func split(_ phrase: String) -> (String, String) {
        guard let space = phrase.firstIndex(of: " ") else { return (phrase, "") }
        return (String(phrase[..<space]), String(phrase[space...]))
    }

    /// German nouns in `-el` and `-er` have a plural like their singular (`Esslöffel`, `Becher`);
    /// their `-n` form is the dative plural (`mit 3 Esslöffeln`), which the vocabulary lists for
    /// reading, but which is wrong after a number.
    private static func isGermanDative(_ word: String, ending: String) -> Bool {
        ending == "n" && (word.hasSuffix("el") || word.hasSuffix("er"))
    }

    /// The lower-cased unit word in the number asked for, or nil when it has no listed other
    /// number or already is in it.
    static func respelled(_ lower: String, plural: Bool) -> String? {
        if plural, let other = pairs.plurals[lower] ?? nil { return other }
        if !plural, let other = pairs.singulars[lower] ?? nil { return other }
        return nil
    }
}

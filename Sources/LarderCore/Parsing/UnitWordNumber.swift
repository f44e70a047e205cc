/// Singular and plural of the unit words of other languages, so that a scaled line reads as its
/// language writes it: `1 cucharada` doubled is `2 cucharadas`, `1 Prise` is `2 Prisen`,
/// `1 dåse` is `2 dåser`. A pair is two spellings that `UnitVocabularyLanguages` lists for the same
/// unit, the plural being the singular plus a plural ending of these languages. Words whose
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
            let words = spellings.filter { $0.count >= 3 && $0.allSatisfy(\.isLetter) }
            let listed = Set(words)
            for word in words {
                let found = endings.map { word + $0 }.filter(listed.contains)
                guard found.count == 1, let plural = found.first else { continue }
                note(&plurals, word, plural)
                note(&singulars, plural, word)
            }
        }
        return (plurals, singulars)
    }()

    /// The lower-cased unit word in the number asked for, or nil when it has no listed other
    /// number or already is in it.
    static func respelled(_ lower: String, plural: Bool) -> String? {
        if plural, let other = pairs.plurals[lower] ?? nil { return other }
        if !plural, let other = pairs.singulars[lower] ?? nil { return other }
        return nil
    }
}

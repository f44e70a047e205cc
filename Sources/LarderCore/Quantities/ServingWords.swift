/// Words for "serving" and "person" in the languages Larder reads, singular and plural, so a
/// scaled yield says "1 Person" and "2 portions" in the recipe's own language. Only these words
/// change: other nouns of other languages are left alone, since their plurals follow rules
/// Larder does not know.
enum ServingWords {
    /// Lower-cased singular → plural. Polish is left out: its plural after a number depends on
    /// the number (2 osoby, 5 osób), which this table cannot say.
    static let pairs: [(singular: String, plural: String)] = [
        // German
        ("person", "personen"), ("portion", "portionen"),
        // French
        ("personne", "personnes"), ("part", "parts"),
        // Spanish, Italian, Portuguese
        ("persona", "personas"), ("porción", "porciones"), ("ración", "raciones"),
        ("porzione", "porzioni"), ("pessoa", "pessoas"), ("porção", "porções"),
        // Dutch (its "personen" is told from German's by the recipe's words), Danish/Norwegian/Swedish
        ("persoon", "personen"), ("portie", "porties"), ("porsjon", "porsjoner"),
    ]

    /// Nordic "person"/"portion" share their singular with German; their plurals are told by
    /// the word the recipe used.
    static let nordicPlurals: [String: String] = ["personer": "person", "portioner": "portion"]

    /// `word` in the number `amount` needs, keeping its first letter's case; nil when the word
    /// is not a serving word of these languages.
    static func inflected(_ word: String, for amount: Amount, dutch: Bool) -> String? {
        let lower = word.lowercased()
        if dutch, lower == "personen" || lower == "persoon" {
            return cased(amount.upper == nil && amount.value == 1 ? "persoon" : "personen", like: word)
        }
        let one = amount.upper == nil && amount.value == 1
        let replacement: String?
        if let singular = nordicPlurals[lower] {
            replacement = one ? singular : lower
        } else if let pair = pairs.first(where: { $0.singular == lower || $0.plural == lower }) {
            replacement = one ? pair.singular : pair.plural
        } else {
            replacement = nil
        }
        return replacement.map { cased($0, like: word) }
    }

    static func cased(_ replacement: String, like word: String) -> String {
        guard let first = word.first, first.isUppercase else { return replacement }
        return replacement.prefix(1).uppercased() + replacement.dropFirst()
    }
}

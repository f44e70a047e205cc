import Foundation

/// Reads yields: `Serves 4`, `4-6 servings`, `Makes 24 cookies`, `1 loaf`, `4`, `6 Portionen`.
/// The number (or range) and the unit word are taken out; the text is always kept.
public enum YieldParser {

    /// Words that mean people served, in the languages recipe pages use.
    static let servingWords: Set<String> = [
        "people", "persons", "person", "portions", "portion", "servings", "serving", "serves", "portionen", "personen",
        "personnes", "personne", "persone", "porzioni", "porciones", "raciones", "personas", "porsjoner", "portioner",
        "porcie", "porcií", "porções", "pessoas", "porties", "adag", "osob", "osoby", "porce", "porcje", "porcji",
        "μερίδες", "μερίδα", "annosta", "personer", "adagok",
    ]

    /// Whether a word says "servings" in one of the languages Larder reads ("portioner", "porce").
    public static func isServingWord(_ word: String) -> Bool {
        servingWords.contains(word.lowercased())
    }
    /// Words before the number that say the yield is in servings ("Serves 4", "Für 4 Personen").
    static let servingLeads: Set<String> = ["serves", "serve", "feeds", "for", "für", "voor", "pour", "para", "per"]

    public static func parse(_ raw: String) -> Yield? {
        let text = TextCleaner.line(raw)
        guard !text.isEmpty else { return nil }
        let tokens = DurationParser.tokenize(text.lowercased().replacingOccurrences(of: "–", with: "-"))
        // The first number anywhere: "Serves 4", "YIELD — 4 servings", "Personen 4", "a dozen".
        var index = 0
        var low: Double?
        while index < tokens.count {
            let token = tokens[index]
            if token == "a" || token == "an" {
                if index + 1 < tokens.count, tokens[index + 1] == "dozen" { low = 12; index += 1; break }
            } else if let value = NumberWords.value(of: token), value > 0, value.isFinite, value < 1e6 {
                low = value
                break
            }
            index += 1
        }
        guard let low else { return Yield(text: text) }
        let numberAt = index
        index += 1
        var high: Double?
        if index + 1 < tokens.count, ["-", "to", "or", "bis", "à", "a"].contains(tokens[index]), let value = NumberWords.value(of: tokens[index + 1]), value > low {
            high = value
            index += 2
        }
        // The unit is the first word after the number, in the text's own spelling; else a
        // serving word just before it ("Personen 4").
        var unit: String?
        while index < tokens.count {
            let token = tokens[index]
            if token.first?.isLetter == true, !["a", "an", "of", "de", "di", "von", "about"].contains(token) {
                // "Portion(en)", "serving(s)": the word up to the first non-letter.
                unit = String(token.prefix(while: { $0.isLetter }))
                break
            }
            if token == "(" || token.hasPrefix("(") { break }
            index += 1
        }
        let before = tokens[..<numberAt].filter { $0.first?.isLetter == true }
        if unit == nil, let word = before.last, servingWords.contains(word) { unit = word }
        if let word = unit, servingWords.contains(word) {
            unit = "servings"
        } else if unit == nil, before.contains(where: { servingLeads.contains($0) }) {
            unit = "servings"
        }
        return Yield(text: text, quantity: Amount(low, upper: high), unit: unit)
    }

    /// Yields given as a number by the source (`"servings": 4`).
    public static func servings(_ value: Double) -> Yield? {
        guard value.isFinite, value > 0 else { return nil }
        return Yield(text: nil, quantity: Amount(value), unit: "servings")
    }
}

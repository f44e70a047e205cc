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

    /// Words for a dozen, which multiply the number before them ("1 ½ dozen", "2 Dutzend").
    static let dozens: Set<String> = ["dozen", "dozens", "dutzend", "douzaine", "douzaines", "docena", "docenas", "dozzina", "dozzine", "dúzia", "dúzias", "dozijn", "dusin", "dussin", "tuzin"]

    /// Words for the size of a pan or a piece, skipped on the way to the unit ("9-inch", "9x13").
    static let dimensionWords: Set<String> = ["inch", "inches", "in", "cm", "\"", "″", "-inch", "x", "×", "by"]

    /// The yield `raw` writes (`4`, `Serves 4-6`, `2 loaves`), nil when empty; a yield without a number keeps only its text.
    public static func parse(_ raw: String) -> Yield? {
        let text = TextCleaner.line(raw)
        guard !text.isEmpty else { return nil }
        let tokens = DurationParser.tokenize(text.lowercased().replacingOccurrences(of: "–", with: "-"))
            .map { $0.count > 1 && $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
        // The first number anywhere: "Serves 4", "YIELD — 4 servings", "Personen 4", "a dozen".
        var index = 0
        var low: Double?
        while index < tokens.count {
            let token = tokens[index]
            if token == "a" || token == "an" {
                if index + 1 < tokens.count, dozens.contains(tokens[index + 1]) { low = 12; index += 1; break }
            } else if let value = NumberWords.value(of: token), value > 0, value.isFinite, value < 1e6 {
                low = value
                break
            }
            index += 1
        }
        guard var low else { return Yield(text: text) }
        let numberAt = index
        index += 1
        // "1 ½", "1 3/4 cups", "1-1/2": a whole number and a fraction.
        if low == low.rounded(), index < tokens.count, tokens[index].first?.isNumber == true || NumberWords.vulgarFractions[tokens[index].first ?? " "] != nil,
           let fraction = NumberWords.value(of: tokens[index]), fraction > 0, fraction < 1 {
            low += fraction
            index += 1
        } else if low == low.rounded(), index + 1 < tokens.count, tokens[index] == "-", tokens[index + 1].contains("/"),
                  let fraction = NumberWords.value(of: tokens[index + 1]), fraction > 0, fraction < 1 {
            low += fraction
            index += 2
        }
        var high: Double?
        if index + 1 < tokens.count, ["-", "to", "or", "bis", "à", "a", "tot", "til", "till", "do", "o", "ou", "oder", "eller"].contains(tokens[index]),
           let value = NumberWords.value(of: tokens[index + 1]), value > low {
            high = value
            index += 2
        }
        // "1 ½ dozen" is eighteen; the unit, if any, follows.
        if index < tokens.count, dozens.contains(tokens[index]) {
            low *= 12
            high = high.map { $0 * 12 }
            index += 1
        }
        // The unit is the first word after the number, in the text's own spelling, past the size
        // of a pan or a piece ("2 (9-inch) pies", "one 9x13 pan"); else a serving word just
        // before it ("Personen 4").
        var unit: String?
        var inBracket = false
        while index < tokens.count {
            let token = tokens[index]
            if token.hasPrefix("(") { inBracket = true }
            if inBracket {
                if token.contains(")") { inBracket = false }
                index += 1
                continue
            }
            if token.first?.isNumber == true, index + 1 < tokens.count, dimensionWords.contains(tokens[index + 1]) || tokens[index + 1] == "-" {
                // "9x13", "9-inch", "23 cm": a dimension.
                index += ["x", "×", "by"].contains(tokens[index + 1]) && index + 2 < tokens.count && tokens[index + 2].first?.isNumber == true ? 3 : 2
                continue
            }
            if dimensionWords.contains(token) {
                index += 1
                continue
            }
            if token.first?.isLetter == true, !["a", "an", "of", "de", "di", "von", "about"].contains(token) {
                // "Portion(en)", "serving(s)": the word up to the first non-letter.
                unit = String(token.prefix(while: { $0.isLetter }))
                break
            }
            if token.first?.isNumber == true { break }
            index += 1
        }
        let before = tokens[..<numberAt].filter { $0.first?.isLetter == true }
        if unit == nil, let word = before.last, servingWords.contains(word) { unit = word }
        if let word = unit, servingWords.contains(word) {
            unit = "servings"
        } else if unit == nil, before.contains(where: { servingLeads.contains($0) }) {
            unit = "servings"
        }
        // "6/8 servings", "4/6 personnes": people are not counted in fractions, and French and
        // Italian pages write a range so. (Half a serving, `1/2`, stays a half.)
        if unit == "servings", high == nil, let range = slashRange(tokens[numberAt]) {
            (low, high) = range
        }
        return Yield(text: text, quantity: Amount(low, upper: high), unit: unit)
    }

    /// `6/8`: two whole numbers, the first 2 or more and the second larger; nil for any other token.
    static func slashRange(_ token: String) -> (Double, Double)? {
        let parts = token.split(separator: "/")
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let low = Double(String(parts[0])), let high = Double(String(parts[1])), low >= 2, high > low else { return nil }
        return (low, high)
    }

    /// Yields given as a number by the source (`"servings": 4`).
    public static func servings(_ value: Double) -> Yield? {
        guard value.isFinite, value > 0 else { return nil }
        return Yield(text: nil, quantity: Amount(value), unit: "servings")
    }
}

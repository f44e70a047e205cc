import Foundation

/// Reads yields: `Serves 4`, `4-6 servings`, `Makes 24 cookies`, `1 loaf`, `4`, `6 Portionen`.
/// The number (or range) and the unit word are taken out; the text is always kept.
public enum YieldParser {
    static let leadingWords: Set<String> = ["serves", "serve", "makes", "make", "yield", "yields", "about", "approximately", "approx", "for", "servings:", "serves:", "yield:", "makes:", "ingredients", "feeds", "up", "to"]

    public static func parse(_ raw: String) -> Yield? {
        let text = TextCleaner.line(raw)
        guard !text.isEmpty else { return nil }
        let tokens = DurationParser.tokenize(text.lowercased().replacingOccurrences(of: "–", with: "-"))
        var index = 0
        while index < tokens.count, leadingWords.contains(tokens[index]) || tokens[index] == ":" { index += 1 }
        // "a"/"an" count only in "a dozen": "a lot" or "a crowd" is not one of anything.
        if index + 1 < tokens.count, tokens[index] == "a" || tokens[index] == "an", tokens[index + 1] == "dozen" { index += 1 }
        guard index < tokens.count, tokens[index] != "a", tokens[index] != "an",
              let low = NumberWords.value(of: tokens[index]), low > 0, low.isFinite, low < 1e6 else {
            return Yield(text: text)
        }
        index += 1
        var high: Double?
        if index + 1 < tokens.count, ["-", "to", "or"].contains(tokens[index]), let value = NumberWords.value(of: tokens[index + 1]), value > low {
            high = value
            index += 2
        }
        // The unit is the first word after the number, in the text's own spelling.
        var unit: String?
        while index < tokens.count {
            let token = tokens[index]
            if token.first?.isLetter == true {
                // "Portion(en)", "serving(s)": the word up to the first non-letter.
                unit = String(token.prefix(while: { $0.isLetter }))
                break
            }
            if token == "(" || token.hasPrefix("(") { break }
            index += 1
        }
        if let word = unit, ["people", "persons", "person", "portions", "portion", "servings", "serving", "portionen", "personen"].contains(word) == false,
           tokens.first == "serves" || tokens.first == "feeds" {
            unit = "servings"
        }
        if unit == nil, tokens.first == "serves" || tokens.first == "feeds" { unit = "servings" }
        return Yield(text: text, quantity: Amount(low, upper: high), unit: unit)
    }

    /// Yields given as a number by the source (`"servings": 4`).
    public static func servings(_ value: Double) -> Yield? {
        guard value.isFinite, value > 0 else { return nil }
        return Yield(text: nil, quantity: Amount(value), unit: "servings")
    }
}

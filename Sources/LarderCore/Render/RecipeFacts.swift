/// The short facts printed under a recipe's title — yield, then prep, cook and total time — as
/// plain text for people; each renderer escapes them for its own format.
public enum RecipeFacts {
    /// One fact: a label (`Serves`, `Prep`) and its value (`4`, `20 min`).
    public struct Fact: Equatable, Sendable {
        /// What the fact is, in words for the page.
        public var label: String
        /// Its value as plain text, not yet escaped.
        public var value: String
    }

    /// The facts of `recipe` that it states, in print order; those it does not give are left out.
    public static func of(_ recipe: Recipe) -> [Fact] {
        var facts: [Fact] = []
        if let text = recipe.yield.flatMap(yieldText) {
            facts.append(yieldFact(text))
        }
        for (label, duration) in [("Prep", recipe.times.prep), ("Cook", recipe.times.cook), ("Total", recipe.times.total)] {
            guard let duration else { continue }
            // Apps and recipe plugins write `PT0S` / `0 min` for a time nobody filled in: a zero
            // is not printed as a fact ("Cook: 0 min" under a salad). The recipe keeps it.
            if duration.minutes == 0, (duration.upperMinutes ?? 0) == 0 { continue }
            if let minutes = duration.minutes {
                facts.append(Fact(label: label, value: DurationText.describe(minutes: minutes, upper: duration.upperMinutes)))
            } else if let text = duration.text {
                facts.append(Fact(label: label, value: text))
            }
        }
        return facts
    }

    /// The yield under its label. A text that starts with a word that labels it (`Yield: 4
    /// servings`, `Serves 6 to 8`, `Makes about 20`, as Paprika and sites write it) gives that
    /// word as the label and the rest as the value, so that no label is printed twice
    /// (`Yield: Yield 4 servings`).
    static func yieldFact(_ text: String) -> Fact {
        let labels = ["yield", "yields", "serves", "servings", "makes", "portions"]
        let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        if let first = words.first, words.count == 2 {
            let word = first.hasSuffix(":") ? first.dropLast() : first
            var rest = String(words[1]).trimmed
            if rest.hasPrefix(":") { rest = String(rest.dropFirst()).trimmed }
            if labels.contains(word.lowercased()), !rest.isEmpty, rest.contains(where: \.isNumber) {
                return Fact(label: word.prefix(1).uppercased() + word.dropFirst().lowercased(), value: rest)
            }
        }
        return Fact(label: "Yield", value: text)
    }

    /// The yield as the source wrote it, else its number as cooks write it and its unit in the
    /// number it needs (`4 servings`, `1 serving`, `⅔ serving`, `4–6 servings`).
    public static func yieldText(_ yield: Yield) -> String? {
        yield.text ?? yield.quantity.map { quantity in
            AmountText.format(quantity, style: .fraction) + (yield.unit.map { " " + EnglishNoun.inflected($0, for: quantity) } ?? "")
        }
    }
}

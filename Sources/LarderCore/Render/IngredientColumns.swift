import Foundation

/// Splits an ingredient line into its measure — the quantity and unit the parser found — and
/// the rest, so a printed list can align quantities in a column: `1 ½ cups flour, sifted` →
/// `1 ½ cups` | `flour, sifted`. Both parts are cut from the line as written, so nothing is
/// reworded. A unit written after the name moves to the measure (`4 garlic cloves, minced` →
/// `4 cloves` | `garlic, minced`), and the item never starts with the punctuation that followed
/// the measure (`2 cups, packed brown sugar` → `2 cups` | `packed brown sugar`). A line that does
/// not start with its amount (`salt to taste`, `flour, 2 cups`) stays whole in the second column.
public enum IngredientColumns {
    /// The measure (`1 ½ cups`, empty when the parser found none) and the rest of `line`.
    public static func split(_ line: String) -> (amount: String, item: String) {
        let scalars = Array(line.unicodeScalars)
        let parsed = IngredientParser.parse(line)
        guard let layout = parsed.layout, let first = layout.amounts.first,
              scalars[..<first.lowerBound].allSatisfy({ $0.properties.isWhitespace }) else {
            return ("", line)
        }
        let amount: String
        let item: String
        if let unit = layout.unit, let nameStart = parsed.nameRange(in: scalars, from: first.upperBound)?.lowerBound, nameStart < unit.lowerBound {
            // "4 garlic cloves, minced": the name sits between the amount and its unit.
            let measureEnd = layout.amounts.filter { $0.upperBound <= nameStart }.map(\.upperBound).max() ?? first.upperBound
            amount = text(scalars[first.lowerBound..<measureEnd]) + " " + text(scalars[unit])
            item = joined(text(scalars[measureEnd..<unit.lowerBound]), text(scalars[min(unit.upperBound, scalars.count)...]))
        } else {
            let end = min(layout.measureEnd ?? layout.unit?.upperBound ?? first.upperBound, scalars.count)
            amount = text(scalars[first.lowerBound..<end])
            item = text(scalars[end...])
        }
        let cleanItem = withoutLeadingSeparators(item)
        // A line that is only a measure has nothing to put in the second column.
        guard !amount.isEmpty, !cleanItem.isEmpty else { return ("", line) }
        return (amount, cleanItem)
    }

    /// Two pieces of the line with the unit taken from between them: a space between words,
    /// none before punctuation (`garlic` + `, minced`).
    static func joined(_ before: String, _ after: String) -> String {
        guard let next = after.unicodeScalars.first, !before.isEmpty else { return before + after }
        let attaches = CharacterSet.punctuationCharacters.contains(next) && next != "(" && next != "["
        return before + (attaches ? "" : " ") + after
    }

    /// `, packed brown sugar` → `packed brown sugar`: separators that belonged between the measure
    /// and the rest. Brackets stay (`(12 oz.) stir-fry vegetables`).
    static func withoutLeadingSeparators(_ item: String) -> String {
        let separators: Set<Unicode.Scalar> = [",", ";", ":", ".", "-", "–", "—", " ", "\t"]
        var scalars = Substring(item).unicodeScalars[...]
        while let first = scalars.first, separators.contains(first) { scalars.removeFirst() }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view).trimmingCharacters(in: .whitespaces)
    }
}

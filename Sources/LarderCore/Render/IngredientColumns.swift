import Foundation

/// Splits an ingredient line into the measure it starts with and the rest, so a printed list
/// can align quantities in a column: `1 ½ cups flour, sifted` → `1 ½ cups` | `flour, sifted`.
/// The two parts are cut from the line as written, so nothing is reworded; a line that does not
/// start with its amount (`salt to taste`, `flour, 2 cups`) stays whole in the second column.
public enum IngredientColumns {
    public static func split(_ line: String) -> (amount: String, item: String) {
        let scalars = Array(line.unicodeScalars)
        guard let layout = IngredientParser.parse(line).layout, let first = layout.amounts.first,
              scalars[..<first.lowerBound].allSatisfy({ $0.properties.isWhitespace }) else {
            return ("", line)
        }
        let end = min(layout.measureEnd ?? layout.unit?.upperBound ?? first.upperBound, scalars.count)
        let amount = text(scalars[first.lowerBound..<end])
        let item = text(scalars[end...])
        // A line that is only a measure has nothing to put in the second column.
        guard !amount.isEmpty, !item.isEmpty else { return ("", line) }
        return (amount, item)
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view).trimmingCharacters(in: .whitespaces)
    }
}

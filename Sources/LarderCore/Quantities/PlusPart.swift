/// The "plus" part of an ingredient line (`plus 2 tablespoons` in `1 cup plus 2 tablespoons
/// flour`, `+ 1 teaspoon` in `1 tablespoon + 1 teaspoon sugar`): more of the same thing, which
/// shopping lists add and unit conversions sum with the first amount. One reading for both.
enum PlusPart {
    /// The plus part in base units (millilitres or grams) when the parse found one in the same
    /// dimension as the first amount; nil otherwise ("1 cup plus a pinch" cannot be summed).
    static func baseAmount(in parsed: ParsedIngredient, line scalars: [Unicode.Scalar], dimension: MeasureUnit.Dimension) -> Double? {
        guard let layout = parsed.layout, let index = layout.plusAmount, index < layout.amounts.count,
              let unit = MeasureUnit.named(layout.amountUnits[safe: index] ?? nil), unit.dimension == dimension,
              let amount = IngredientRewriter.amountValue(String(String.UnicodeScalarView(scalars[layout.amounts[index]])))
        else { return nil }
        return amount.value * unit.size
    }

    /// The line's amount with its plus part added, in the first amount's unit
    /// (`1 cup plus 2 tablespoons` → 1 ⅛ cups), and the end of the whole measure in the line.
    static func summed(_ quantity: Amount, unit: String?, in parsed: ParsedIngredient, line scalars: [Unicode.Scalar]) -> (amount: Amount, end: Int)? {
        guard let measure = MeasureUnit.named(unit), let end = parsed.layout?.plusEnd,
              let plus = baseAmount(in: parsed, line: scalars, dimension: measure.dimension) else { return nil }
        let added = plus / measure.size
        return (Amount(quantity.value + added, upper: quantity.upper.map { $0 + added }), end)
    }
}

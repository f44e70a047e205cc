/// Amounts a line gives in brackets after its measure — `(about 1 pound, diced)`, `(1 ¾ cups)`,
/// `(3 cloves)` — say how much of the line's thing there is, so they scale with the line: `2
/// cups ham (about 1 pound, diced)` doubled is `4 cups ham (about 2 pounds, diced)`. Only
/// amounts of a weight, a volume or a counted unit are: sizes (`(1 inch thick)`), temperatures
/// and times stay, and so does the size of each thing counted (`(14 ounces each)`, the `(14 oz)`
/// of `1 (14 oz) can`, which the layout keeps apart).
enum BracketedAmounts {
    /// Words that make a bracket the size of each thing, not an amount of the whole.
    static let eachWords: Set<String> = ["each", "apiece", "per", "every"]

    /// The edits that scale them: the amount's text and its unit word, by scalar offsets.
    static func edits(in line: String, layout: IngredientLayout, factor: Double, english: Bool, decimalComma: Bool) -> [(Range<Int>, String)] {
        let scalarLine = ScalarLine(line)
        let tokens = IngredientTokenizer.tokenize(scalarLine)
        // What the layout scales or keeps already: the measure and its equivalents, the size.
        let measureEnd = max(layout.measureEnd ?? 0, layout.amounts.map(\.upperBound).max() ?? 0, layout.itemSize?.upperBound ?? 0)
        var edits: [(Range<Int>, String)] = []
        var index = 0
        while index < tokens.count {
            guard tokens[index].isMark("("), tokens[index].start >= measureEnd,
                  let close = tokens[index...].firstIndex(where: { $0.isMark(")") }) else {
                index += 1
                continue
            }
            let inside = tokens[(index + 1)..<close]
            if !inside.contains(where: { eachWords.contains($0.lower) }) {
                edits += amountEdits(Array(inside), factor: factor, english: english, decimalComma: decimalComma, scalars: scalarLine.scalars)
            }
            index = close + 1
        }
        return edits
    }

    /// Each amount followed by a unit of weight, volume or count, scaled.
    private static func amountEdits(_ tokens: [IngredientToken], factor: Double, english: Bool, decimalComma: Bool,
                                    scalars: [Unicode.Scalar]) -> [(Range<Int>, String)] {
        var edits: [(Range<Int>, String)] = []
        var position = 0
        while position < tokens.count {
            guard tokens[position].kind == .number, let (amount, afterAmount) = IngredientRules.amount(tokens, from: position),
                  let (unit, afterUnit) = IngredientRules.unitAt(tokens, afterAmount),
                  MeasureUnit.named(unit) != nil || MeasureUnit.counted.contains(unit) else {
                position += 1
                continue
            }
            let scaled = IngredientRewriter.scale(amount, by: factor, unit: unit)
            let amountSpan = tokens[position].start..<tokens[afterAmount - 1].end
            let comma = DecimalMark.usesComma(written: scalars[amountSpan]) ?? decimalComma
            edits.append((amountSpan, DecimalMark.written(AmountText.format(scaled, style: IngredientRewriter.style(for: unit)), comma: comma)))
            let unitSpan = tokens[afterAmount].start..<tokens[afterUnit - 1].end
            let written = String(String.UnicodeScalarView(scalars[unitSpan]))
            if let respelled = IngredientRewriter.respell(written, unit: unit, plural: EnglishNoun.isPlural(scaled), english: english) {
                edits.append((unitSpan, respelled))
            }
            position = afterUnit
        }
        return edits
    }
}

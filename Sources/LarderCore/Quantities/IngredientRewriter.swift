/// Scales and converts one ingredient, rewriting only the parts of its line that change:
/// `1 (14 oz) can tomatoes` doubled is `2 (14 oz) cans tomatoes`, `175g/6oz butter` doubled is
/// `350g/12oz butter`, `1 onion` doubled is `2 onions`, `2 cups ham (about 1 pound, diced)` doubled
/// is `4 cups ham (about 2 pounds, diced)` (`BracketedAmounts`). A line that does not change is returned
/// exactly as it came in. When the line does not say what the structured fields say (a source
/// gave them apart), the line is rebuilt from the fields.
public enum IngredientRewriter {
    /// - Parameter inflectsNames: whether the line is English (see `RecipeLanguage`), whose words
    ///   follow their new number: the name of a thing counted without a unit (`1 onion` → `2
    ///   onions`) and a unit word (`cup` → `cups`). Other languages inflect their own way: a unit
    ///   word gets the plural of its language where Larder lists it (`Prise` → `Prisen`,
    ///   `cucharada` → `cucharadas`) and stays as written where not (`Esslöffel`, `Liter`), and
    ///   the names stay as written (`Eier`, never `Eiers`).
    /// `usMeasures`: the recipe measures in US units, so spoons may step up to cups.
    /// `decimalComma`: the recipe writes decimals with a comma (`1,5 kg`); an amount whose line
    /// shows its own mark keeps that one.
    public static func scaled(_ ingredient: Ingredient, by factor: Double, inflectsNames: Bool = true, usMeasures: Bool = false,
                              decimalComma: Bool = false) -> Ingredient {
        guard factor.isFinite, factor > 0, factor != 1, let quantity = ingredient.quantity,
              // An amount that the factor would carry past the largest number is left as written.
              ((quantity.upper ?? quantity.value) * factor).isFinite else { return ingredient }
        var result = ingredient
        let moved = MetricStep.unit(for: quantity, scaledBy: factor, unit: ingredient.unit, cupsAllowed: usMeasures,
                                     liquid: IngredientDensity.isLiquid(ingredient.name ?? ingredient.line))
        let newUnit = moved?.unit ?? ingredient.unit
        let newQuantity = moved.map { scale($0.amount, by: factor, unit: $0.unit) } ?? scale(quantity, by: factor, unit: ingredient.unit)
        result.quantity = newQuantity
        result.unit = newUnit
        let parsed = IngredientParser.parse(ingredient.line)
        guard let layout = parsed.layout, agrees(parsed, with: ingredient) else {
            result.line = compose(result, decimalComma: decimalComma)
            return result
        }
        let scalars = Array(ingredient.line.unicodeScalars)
        var edits: [(Range<Int>, String)] = []
        for (index, span) in layout.amounts.enumerated() {
            let unit = index == 0 ? newUnit : layout.amountUnits[safe: index] ?? nil
            guard let written = amountValue(String(String.UnicodeScalarView(scalars[span]))) else { continue }
            let scaledAmount = index == 0 ? newQuantity : scale(written, by: factor, unit: unit)
            let comma = DecimalMark.usesComma(written: scalars[span]) ?? decimalComma
            edits.append((span, DecimalMark.written(AmountText.format(scaledAmount, style: style(for: unit)), comma: comma)))
            // "1 tablespoon + 1 teaspoon" doubled is "2 tablespoons + 2 teaspoons".
            if index > 0, let unit, let unitSpan = layout.amountUnitSpans[safe: index] ?? nil {
                let written = String(String.UnicodeScalarView(scalars[unitSpan]))
                if let respelled = respell(written, unit: unit, plural: EnglishNoun.isPlural(scaledAmount), english: inflectsNames) {
                    edits.append((unitSpan, respelled))
                }
            }
        }
        if let unitSpan = layout.unit, let moved {
            let written = String(String.UnicodeScalarView(scalars[unitSpan]))
            edits.append((unitSpan, MetricStep.written(moved.unit, like: written, plural: EnglishNoun.isPlural(newQuantity), english: inflectsNames)))
        } else if let unitSpan = layout.unit, let unit = ingredient.unit {
            let written = String(String.UnicodeScalarView(scalars[unitSpan]))
            if let respelled = respell(written, unit: unit, plural: EnglishNoun.isPlural(newQuantity), english: inflectsNames) {
                edits.append((unitSpan, respelled))
            }
        }
        edits += BracketedAmounts.edits(in: ingredient.line, layout: layout, factor: factor, english: inflectsNames, decimalComma: decimalComma)
        if inflectsNames, ingredient.unit == nil, let head = countedNoun(in: scalars, parsed: parsed, layout: layout) {
            let written = String(String.UnicodeScalarView(scalars[head]))
            let inflected = EnglishNoun.inflected(written, for: newQuantity)
            if inflected != written { edits.append((head, inflected)) }
        }
        result.line = apply(edits, to: scalars)
        return result
    }

    /// The word that names what a unitless count counts — the last word of the name, when the
    /// name follows the count with nothing but size words between (`2 large carrots`). Not when
    /// a package size stands between (`1 (12 oz.) stir-fry vegetables` counts packages).
    static func countedNoun(in scalars: [Unicode.Scalar], parsed: ParsedIngredient, layout: IngredientLayout) -> Range<Int>? {
        guard let count = layout.amounts.first, layout.itemSize == nil,
              let name = parsed.nameRange(in: scalars, from: count.upperBound) else { return nil }
        let between = String(String.UnicodeScalarView(scalars[count.upperBound..<name.lowerBound]))
        guard between.split(separator: " ").allSatisfy({ IngredientWords.sizes.contains($0.lowercased()) }),
              between.allSatisfy({ $0 == " " || $0.isLetter || $0 == "-" }) else { return nil }
        // The last word, when the name ends in one: "Roma (plum) tomatoes", not "tomatoes (Roma)".
        let isWordScalar: (Unicode.Scalar) -> Bool = { $0.properties.isAlphabetic || $0 == "'" }
        guard name.upperBound > name.lowerBound, isWordScalar(scalars[name.upperBound - 1]) else { return nil }
        var start = name.upperBound - 1
        while start > name.lowerBound, isWordScalar(scalars[start - 1]) { start -= 1 }
        return start..<name.upperBound
    }

    /// - Parameters:
    ///   - decimalComma: the recipe writes decimals with a comma: `1,35 kg`, not `1.35 kg`.
    ///   - namesInEnglish: the recipe is in English, so its ingredient names may be looked up
    ///     for a density (see `UnitConversion.convert`).
    public static func converted(_ ingredient: Ingredient, to system: MeasureUnit.System, decimalComma: Bool = false,
                                 namesInEnglish: Bool = true) -> Ingredient {
        guard let quantity = ingredient.quantity else { return ingredient }
        let parsed = IngredientParser.parse(ingredient.line)
        let scalars = Array(ingredient.line.unicodeScalars)
        // "1 cup plus 2 tablespoons flour" is converted as one amount, 1 ⅛ cups, not as "130 g
        // plus 2 tablespoons".
        let plus = agrees(parsed, with: ingredient) ? PlusPart.summed(quantity, unit: ingredient.unit, in: parsed, line: scalars) : nil
        guard let (amount, unit) = writtenEquivalent(in: parsed, line: ingredient.line, agreeing: ingredient, system: system, namesInEnglish: namesInEnglish)
                ?? UnitConversion.convert(plus?.amount ?? quantity, unit: ingredient.unit, ingredient: ingredient.name ?? parsed.name, to: system,
                                          namesInEnglish: namesInEnglish) else {
            return ingredient
        }
        var result = ingredient
        result.quantity = amount
        result.unit = unit
        let number = DecimalMark.written(AmountText.format(amount, style: style(for: unit)), comma: decimalComma)
        let measure = "\(number)\u{20}\(MeasureUnit.written(unit, plural: EnglishNoun.isPlural(amount)))"
        guard let layout = parsed.layout, agrees(parsed, with: ingredient), let first = layout.amounts.first,
              let unitSpan = layout.unit, let measureEnd = layout.measureEnd, first.upperBound <= unitSpan.lowerBound else {
            result.line = compose(result, decimalComma: decimalComma)
            return result
        }
        result.line = apply([(first.lowerBound..<(plus?.end ?? measureEnd), measure)], to: scalars)
        return result
    }

    // MARK: - Parts

    /// The line's own measure in the wanted system ("1 cup (240 ml) milk" → 240 ml): the
    /// author's figure beats a computed one. With a "plus" part, only a measure written after it
    /// measures the whole ("1 cup plus 1 tablespoon / 235 g").
    static func writtenEquivalent(in parsed: ParsedIngredient, line: String, agreeing ingredient: Ingredient, system: MeasureUnit.System,
                                  namesInEnglish: Bool = true) -> (Amount, String)? {
        guard let layout = parsed.layout, let measureEnd = layout.measureEnd, agrees(parsed, with: ingredient),
              MeasureUnit.named(ingredient.unit)?.system != nil else { return nil }
        let scalars = Array(line.unicodeScalars)
        let firstOfWhole = layout.plusAmount.map { $0 + 1 } ?? 1
        let end = layout.plusAmount == nil ? measureEnd : layout.plusEnd ?? measureEnd
        for (index, span) in layout.amounts.enumerated() where index >= firstOfWhole && span.upperBound <= end {
            guard let unit = layout.amountUnits[safe: index] ?? nil, let measure = MeasureUnit.named(unit), measure.system == system,
                  let amount = amountValue(String(String.UnicodeScalarView(scalars[span]))) else { continue }
            // Millilitres of a solid are no help in a metric kitchen (see `UnitConversion`).
            if system == .metric, measure.dimension == .volume, !namesInEnglish || !IngredientDensity.isLiquid(ingredient.name ?? parsed.name) { continue }
            return (amount, unit)
        }
        return nil
    }

    /// A range whose ends round to one number becomes that number (`1–2 eggs` quartered is `½`).
    static func scale(_ amount: Amount, by factor: Double, unit: String?) -> Amount {
        let value = scale(amount.value * factor, unit: unit)
        let upper = amount.upper.map { scale($0 * factor, unit: unit) }
        return Amount(value, upper: upper.flatMap { $0 > value ? $0 : nil })
    }

    /// Rounded as cooks measure: grams and millilitres (and centilitres, decilitres) in steps,
    /// counted things to quarters, halves and whole ones, spoons and cups to the nearest eighth
    /// or third (never to nothing).
    static func scale(_ value: Double, unit: String?) -> Double {
        let measure = MeasureUnit.named(unit)
        switch measure?.name {
        case "kilogram", "liter": return CookRounding.large(value)
        case _ where measure?.system == .metric: return CookRounding.metric(value)
        case nil where MeasureUnit.isCounted(unit): return CookRounding.count(value)
        default: return value >= 10 ? CookRounding.metric(value) : max(1.0 / 8, AmountText.shown(value, style: .fraction))
        }
    }

    /// Metric units keep decimals (`1.25 kg`); spoons, cups, bunches and counts are written in
    /// fractions (`1 ¼ EL`, `¼ Bund`) even where the line wrote a decimal (`2,5 EL`), as no
    /// spoon is marked in hundredths.
    static func style(for unit: String?) -> AmountText.Style {
        MeasureUnit.named(unit)?.system == .metric ? .decimal : .fraction
    }

    /// The value of an amount as written (`1 ½`, `2-3`, `0,5`).
    static func amountValue(_ text: String) -> Amount? {
        let line = ScalarLine(text)
        let tokens = IngredientTokenizer.tokenize(line)
        return IngredientRules.amount(tokens, from: 0, allowWords: true)?.0
    }

    /// The parse of the line says what the ingredient's fields say, so its layout can be used.
    static func agrees(_ parsed: ParsedIngredient, with ingredient: Ingredient) -> Bool {
        guard let mine = parsed.quantity, let theirs = ingredient.quantity else { return false }
        let upperAgrees = mine.upper == nil && theirs.upper == nil || abs((mine.upper ?? 0) - (theirs.upper ?? 0)) < 1e-6
        return abs(mine.value - theirs.value) < 1e-6 && upperAgrees && parsed.unit == ingredient.unit
    }

    /// A full unit word gets the number it now needs ("cup" → "cups", "cucharada" →
    /// "cucharadas", "Prise" → "Prisen"); abbreviations and words without a listed other number stay.
    /// English plurals only in English lines: the English word of a unit is often the word of
    /// other languages too, with a plural of their own (`1 Liter`, `3 Liter`, never `3 Liters`).
    static func respell(_ written: String, unit: String, plural: Bool, english: Bool = true) -> String? {
        let lower = written.lowercased()
        let singular = unit
        let plurals = UnitVocabulary.plurals(of: unit).filter { UnitVocabulary.table[$0] == unit }
        var word: String
        if english, lower == singular || plurals.contains(lower) {
            word = plural ? MeasureUnit.pluralWord(unit) : singular
        } else if let other = UnitWordNumber.respelled(lower, plural: plural) {
            word = other
        } else {
            return nil
        }
        if written.first?.isUppercase == true { word = word.prefix(1).uppercased() + word.dropFirst() }
        return word == written ? nil : word
    }

    static func apply(_ edits: [(Range<Int>, String)], to scalars: [Unicode.Scalar]) -> String {
        var result = scalars
        for (range, text) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            result.replaceSubrange(range, with: Array(text.unicodeScalars))
        }
        return String(String.UnicodeScalarView(result))
    }

    /// "1 ½ cups flour, sifted" from the fields, for lines that cannot be edited in place.
    public static func compose(_ ingredient: Ingredient, decimalComma: Bool = false) -> String {
        var parts: [String] = []
        if let quantity = ingredient.quantity {
            parts.append(DecimalMark.written(AmountText.format(quantity, style: style(for: ingredient.unit)), comma: decimalComma))
        }
        if let unit = ingredient.unit {
            parts.append(MeasureUnit.written(unit, plural: (ingredient.quantity?.value ?? 1) > 1 || ingredient.quantity?.upper != nil))
        }
        if let name = ingredient.name { parts.append(name) }
        var line = parts.joined(separator: " ")
        if let preparation = ingredient.preparation, !preparation.isEmpty { line += ", " + preparation }
        return line.isEmpty ? ingredient.line : line
    }
}

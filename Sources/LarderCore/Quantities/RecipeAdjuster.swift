/// Scales a whole recipe (by a factor or to a number of servings) and converts its units:
/// every ingredient with a quantity, and the yield. Lines without a quantity stay as they are.
public enum RecipeAdjuster {
    /// Why a recipe could not be adjusted as asked.
    public enum Failure: DescribedError {
        /// Scaling to servings was asked of a recipe that does not say how many it serves.
        case noServings(title: String)
        /// Serving `servings` would scale the recipe past `scaleRange`: its yield is tiny or
        /// huge (a yield of 1e-300 asked for 10000 servings is a factor of 1e304).
        case factorOutOfRange(title: String, serves: Double, servings: Double, factor: Double)

        public var description: String {
            switch self {
            case .noServings(let title): "\"\(title)\" does not say how many it serves, so it cannot be scaled to a number of servings (use --scale)"
            case .factorOutOfRange(let title, let serves, let servings, let factor):
                "\"\(title)\" serves \(YAMLText.number(serves)), so \(YAMLText.number(servings)) servings would scale it by \(YAMLText.number(factor)); "
                    + "Larder scales a recipe by \(YAMLText.number(scaleRange.lowerBound)) to \(YAMLText.number(scaleRange.upperBound)) only"
            }
        }
    }

    /// What a kitchen can use, whichever option asks for it (`--scale`, `--servings`): a
    /// hundredth of a recipe to a thousand times it. Beyond these the amounts mean nothing to a
    /// cook, and far beyond them they stop being numbers at all (1e304 kg of flour).
    public static let scaleRange: ClosedRange<Double> = 0.01...1000

    /// `recipe` with every quantity and its yield multiplied by `factor`, the amounts rounded as cooks write them.
    public static func scaled(_ recipe: Recipe, by factor: Double) -> Recipe {
        guard factor.isFinite, factor > 0, factor != 1 else { return recipe }
        var result = recipe
        // Words follow their new numbers ("2 onions", "1 loaf") in English recipes only.
        let english = RecipeLanguage.isEnglish(recipe)
        let usMeasures = measuresInUSUnits(recipe)
        let decimalComma = DecimalMark.recipeUsesComma(recipe)
        result.ingredientGroups = recipe.ingredientGroups.map { group in
            var group = group
            group.ingredients = group.ingredients.map {
                IngredientRewriter.scaled($0, by: factor, inflectsNames: english, usMeasures: usMeasures, decimalComma: decimalComma)
            }
            return group
        }
        let dutch = !english && RecipeLanguage.isDutchRatherThanGerman(recipe)
        result.yield = recipe.yield.map { scaled($0, by: factor, inflectsUnit: english, dutch: dutch) }
        return result
    }

    /// More of the recipe's lines measure in US units (cups, ounces) than in metric ones.
    static func measuresInUSUnits(_ recipe: Recipe) -> Bool {
        var us = 0, metric = 0
        for ingredient in recipe.ingredients {
            switch MeasureUnit.named(ingredient.unit)?.system {
            case .us?: us += 1
            case .metric?: metric += 1
            case nil: break
            }
        }
        return us > metric
    }

    /// Scales so that the recipe serves `servings`; fails for a recipe whose yield is not in
    /// servings.
    public static func scaled(_ recipe: Recipe, toServings servings: Double) throws -> Recipe {
        guard let current = recipe.yield?.servings?.value, current > 0 else { throw Failure.noServings(title: recipe.title) }
        let factor = servings / current
        guard scaleRange.contains(factor) else {
            throw Failure.factorOutOfRange(title: recipe.title, serves: current, servings: servings, factor: factor)
        }
        return scaled(recipe, by: factor)
    }

    /// The ingredient lines of `original` that `scaled` (the recipe scaled by a factor other
    /// than 1) still has as written although they hold a number: an amount too large to scale,
    /// or digits Larder reads no amount from ("99999999999999 cups flour"). Said in the run's
    /// notes, so that no line is left unscaled without a word.
    public static func leftUnscaled(_ original: Recipe, _ scaled: Recipe) -> [String] {
        zip(original.ingredients, scaled.ingredients).compactMap { before, after in
            guard after.line == before.line, after.quantity == before.quantity,
                  before.quantity != nil || before.line.unicodeScalars.contains(where: { $0.properties.numericType != nil }) else { return nil }
            return before.line
        }
    }

    /// The recipe in `system`'s units, its decimals in the recipe's own mark (`1,35 kg` in a
    /// German recipe). Densities are looked up by English ingredient names only: in a recipe in
    /// another language a cup of `Mehl` stays a cup (see `keptAsWritten`).
    public static func converted(_ recipe: Recipe, to system: MeasureUnit.System) -> Recipe {
        var result = recipe
        let comma = DecimalMark.recipeUsesComma(recipe)
        let english = RecipeLanguage.isEnglish(recipe)
        result.ingredientGroups = recipe.ingredientGroups.map { group in
            var group = group
            group.ingredients = group.ingredients.map { IngredientRewriter.converted($0, to: system, decimalComma: comma, namesInEnglish: english) }
            return group
        }
        return result
    }

    /// The lines of `original` measured in the other system's units that `converted` (the
    /// recipe converted to `system`) still has as written: a cup of something whose weight per
    /// cup is not known, which a metric kitchen would weigh. Said in the run's notes, so that
    /// no amount is left unconverted without a word.
    public static func keptAsWritten(_ original: Recipe, _ converted: Recipe, system: MeasureUnit.System) -> [String] {
        zip(original.ingredients, converted.ingredients).compactMap { before, after in
            guard before.quantity != nil, let unitSystem = MeasureUnit.named(before.unit)?.system, unitSystem != system,
                  after.line == before.line else { return nil }
            return before.line
        }
    }

    /// The lines of `recipe` whose amount is in a unit Larder does not know (`2 glugs`, an
    /// app's free text): no conversion can touch them, and they are said in the run's notes so
    /// that no amount is left unconverted without a word.
    public static func inUnknownUnits(_ recipe: Recipe) -> [String] {
        recipe.ingredients.compactMap { ingredient in
            guard ingredient.quantity != nil, let unit = ingredient.unit, MeasureUnit.named(unit) == nil, UnitVocabulary.canonical(unit) == nil,
                  !IngredientWords.sizes.contains(unit.lowercased()) else { return nil }
            return ingredient.line
        }
    }

    /// The yield's numbers multiplied, in its text too ("Makes 24 cookies" → "Makes 48 cookies"),
    /// and its unit word in the number it now needs ("Makes 2 loaves" halved → "Makes 1 loaf").
    static func scaled(_ yield: Yield, by factor: Double, inflectsUnit: Bool = true, dutch: Bool = false) -> Yield {
        guard let quantity = yield.quantity, ((quantity.upper ?? quantity.value) * factor).isFinite else { return yield }
        var result = yield
        let scaled = Amount(rounded(quantity.value * factor), upper: quantity.upper.map { rounded($0 * factor) })
        result.quantity = scaled
        let numbers = [quantity.value] + (quantity.upper.map { [$0] } ?? [])
        if let text = yield.text, let rewritten = replacingNumbers(in: text, values: numbers, with: [scaled.value] + (scaled.upper.map { [$0] } ?? [])) {
            result.text = inflectingUnitWord(in: rewritten.text, after: rewritten.end, unit: yield.unit, for: scaled, english: inflectsUnit, dutch: dutch)
        } else if let text = yield.text {
            // Numbers written as words ("Für vier Personen", "ein Blech"): the new number and
            // the text's own word for what it makes, in the number it now needs.
            let number = AmountText.format(scaled, style: .fraction)
            let word = unitWord(in: text, unit: yield.unit)
            if let word {
                let inflected = inflectsUnit ? EnglishNoun.inflected(word, for: scaled) : ServingWords.inflected(word, for: scaled, dutch: dutch) ?? word
                result.text = "\(number) \(inflected)"
            } else if inflectsUnit {
                result.text = "\(number) \(EnglishNoun.inflected(yield.unit ?? "servings", for: scaled))"
            } else {
                // No word of the recipe's language to say it with: the number alone.
                result.text = number
            }
        }
        return result
    }

    /// The word of `text` that names the yield's unit, as the text spells it ("Personen" for
    /// `servings`, "Blech" for `blech`); nil when the text has none.
    static func unitWord(in text: String, unit: String?) -> String? {
        guard let unit = unit?.lowercased() else { return nil }
        let words = text.split { !$0.isLetter }.map(String.init)
        if let word = words.first(where: { $0.lowercased() == unit }) { return word }
        guard unit == "servings" else { return nil }
        return words.first { YieldParser.isServingWord($0) && $0.lowercased() != "serves" }
    }

    /// English words for servings, which the yield's unit stands for whatever the text says.
    static let servingWords: Set<String> = ["serving", "servings", "portion", "portions", "person", "persons", "people"]

    /// The word right after offset `end` (the last number rewritten), in the number `amount`
    /// needs, when it is the yield's unit or a word for servings ("4 servings" → "1 serving").
    /// In other languages only words for servings change ("4 Personen" → "1 Person").
    static func inflectingUnitWord(in text: String, after end: Int, unit: String?, for amount: Amount, english: Bool, dutch: Bool) -> String {
        var scalars = Array(text.unicodeScalars)
        var start = end
        while start < scalars.count, scalars[start] == " " { start += 1 }
        var wordEnd = start
        while wordEnd < scalars.count, scalars[wordEnd].properties.isAlphabetic { wordEnd += 1 }
        guard wordEnd > start else { return text }
        let word = String(String.UnicodeScalarView(scalars[start..<wordEnd]))
        let inflected: String
        if english {
            guard word.lowercased() == unit?.lowercased() || servingWords.contains(word.lowercased()) else { return text }
            inflected = EnglishNoun.inflected(word, for: amount)
        } else {
            guard let servingWord = ServingWords.inflected(word, for: amount, dutch: dutch) else { return text }
            inflected = servingWord
        }
        scalars.replaceSubrange(start..<wordEnd, with: Array(inflected.unicodeScalars))
        return String(String.UnicodeScalarView(scalars))
    }

    /// Servings and items are whole above two; halves below ("1 ½ loaves").
    static func rounded(_ value: Double) -> Double {
        value >= 2 ? value.rounded() : AmountText.shown(value, style: .fraction)
    }

    /// Replaces the first numbers written in `text` that have the old values, in order; gives
    /// the new text and the offset where the last replacement ends.
    static func replacingNumbers(in text: String, values: [Double], with replacements: [Double]) -> (text: String, end: Int)? {
        var scalars = Array(text.unicodeScalars)
        var searchFrom = 0
        for (old, new) in zip(values, replacements) {
            guard let range = nextNumber(in: scalars, from: searchFrom),
                  let value = Double(String(String.UnicodeScalarView(scalars[range]))), abs(value - old) < 1e-6 else { return nil }
            let replacement = Array(AmountText.format(new, style: .fraction).unicodeScalars)
            scalars.replaceSubrange(range, with: replacement)
            searchFrom = range.lowerBound + replacement.count
        }
        return (String(String.UnicodeScalarView(scalars)), searchFrom)
    }

    static func nextNumber(in scalars: [Unicode.Scalar], from start: Int) -> Range<Int>? {
        guard let first = scalars[start...].firstIndex(where: { IngredientTokenizer.isDigit($0) }) else { return nil }
        var end = first
        while end < scalars.count, IngredientTokenizer.isDigit(scalars[end]) || scalars[end] == "." && end + 1 < scalars.count && IngredientTokenizer.isDigit(scalars[end + 1]) {
            end += 1
        }
        return first..<end
    }
}

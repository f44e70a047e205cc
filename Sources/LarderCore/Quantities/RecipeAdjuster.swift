/// Scales a whole recipe (by a factor or to a number of servings) and converts its units:
/// every ingredient with a quantity, and the yield. Lines without a quantity stay as they are.
public enum RecipeAdjuster {
    public enum Failure: Error, CustomStringConvertible {
        case noServings(title: String)

        public var description: String {
            switch self {
            case .noServings(let title): "\"\(title)\" does not say how many it serves, so it cannot be scaled to a number of servings (use --scale)"
            }
        }
    }

    public static func scaled(_ recipe: Recipe, by factor: Double) -> Recipe {
        guard factor.isFinite, factor > 0, factor != 1 else { return recipe }
        var result = recipe
        result.ingredientGroups = recipe.ingredientGroups.map { group in
            var group = group
            group.ingredients = group.ingredients.map { IngredientRewriter.scaled($0, by: factor) }
            return group
        }
        result.yield = recipe.yield.map { scaled($0, by: factor) }
        return result
    }

    /// Scales so that the recipe serves `servings`; fails for a recipe whose yield is not in
    /// servings.
    public static func scaled(_ recipe: Recipe, toServings servings: Double) throws -> Recipe {
        guard let current = recipe.yield?.servings?.value, current > 0 else { throw Failure.noServings(title: recipe.title) }
        return scaled(recipe, by: servings / current)
    }

    public static func converted(_ recipe: Recipe, to system: MeasureUnit.System) -> Recipe {
        var result = recipe
        result.ingredientGroups = recipe.ingredientGroups.map { group in
            var group = group
            group.ingredients = group.ingredients.map { IngredientRewriter.converted($0, to: system) }
            return group
        }
        return result
    }

    /// The yield's numbers multiplied, in its text too ("Makes 24 cookies" → "Makes 48 cookies").
    static func scaled(_ yield: Yield, by factor: Double) -> Yield {
        guard let quantity = yield.quantity, ((quantity.upper ?? quantity.value) * factor).isFinite else { return yield }
        var result = yield
        let scaled = Amount(rounded(quantity.value * factor), upper: quantity.upper.map { rounded($0 * factor) })
        result.quantity = scaled
        let numbers = [quantity.value] + (quantity.upper.map { [$0] } ?? [])
        if let text = yield.text, let rewritten = replacingNumbers(in: text, values: numbers, with: [scaled.value] + (scaled.upper.map { [$0] } ?? [])) {
            result.text = rewritten
        } else if yield.text != nil {
            result.text = "\(AmountText.format(scaled, style: .fraction)) \(yield.unit ?? "servings")"
        }
        return result
    }

    /// Servings and items are whole above two; halves below ("1 ½ loaves").
    static func rounded(_ value: Double) -> Double {
        value >= 2 ? value.rounded() : AmountText.shown(value, style: .fraction)
    }

    /// Replaces the first numbers written in `text` that have the old values, in order.
    static func replacingNumbers(in text: String, values: [Double], with replacements: [Double]) -> String? {
        var scalars = Array(text.unicodeScalars)
        var searchFrom = 0
        for (old, new) in zip(values, replacements) {
            guard let range = nextNumber(in: scalars, from: searchFrom),
                  let value = Double(String(String.UnicodeScalarView(scalars[range]))), abs(value - old) < 1e-6 else { return nil }
            let replacement = Array(AmountText.format(new, style: .fraction).unicodeScalars)
            scalars.replaceSubrange(range, with: replacement)
            searchFrom = range.lowerBound + replacement.count
        }
        return String(String.UnicodeScalarView(scalars))
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

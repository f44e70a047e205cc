/// The mark a recipe writes decimals with: `1,5 kg` in German, French, Spanish, Italian, Dutch,
/// Portuguese and Scandinavian recipes, `1.5 kg` in English ones. A scaled amount is written
/// with the recipe's own mark, never an English point in a German recipe.
public enum DecimalMark {
    /// The mark an amount as written shows between digits: true for a comma, false for a
    /// point, nil when it has none (`250`, `1 ½`).
    static func usesComma(written: some Collection<Unicode.Scalar>) -> Bool? {
        let scalars = Array(written)
        for index in scalars.indices.dropFirst().dropLast() where scalars[index] == "," || scalars[index] == "." {
            if IngredientTokenizer.isDigit(scalars[index - 1]), IngredientTokenizer.isDigit(scalars[index + 1]) {
                return scalars[index] == ","
            }
        }
        return nil
    }

    /// Whether the recipe writes decimals with a comma: the mark most of its ingredient lines'
    /// amounts show, and where none shows one, whether it is written in a language other than
    /// English (all the others recipes here come in use the comma).
    public static func recipeUsesComma(_ recipe: Recipe) -> Bool {
        var commas = 0, points = 0
        for ingredient in recipe.ingredients {
            let scalars = Array(ingredient.line.unicodeScalars)
            guard let layout = IngredientParser.parse(ingredient.line).layout else { continue }
            for span in layout.amounts {
                switch usesComma(written: scalars[span]) {
                case true?: commas += 1
                case false?: points += 1
                case nil: break
                }
            }
        }
        if commas != points { return commas > points }
        return !RecipeLanguage.isEnglish(recipe)
    }

    /// A number written with a point (as `AmountText` writes it) in the wanted mark.
    static func written(_ number: String, comma: Bool) -> String {
        comma ? number.replacingOccurrences(of: ".", with: ",") : number
    }
}

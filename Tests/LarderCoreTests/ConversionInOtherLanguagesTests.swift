import LarderCore
import Testing

/// `--units` on a recipe not written in English: decimals keep the recipe's own mark, and no
/// density is looked up by an ingredient name (the density table knows English names only);
/// an amount that cannot be converted without one stays as written and is named.
struct ConversionInOtherLanguagesTests {
    /// A recipe with its lines parsed as import parses them.
    static func recipe(_ title: String, lines: [String], steps: [String]) -> Recipe {
        var recipe = Recipe(title: title)
        recipe.ingredientGroups = [IngredientGroup(ingredients: lines.map { line in
            let parsed = IngredientParser.parse(line)
            return Ingredient(line: line, quantity: parsed.quantity, unit: parsed.unit, name: parsed.name, preparation: parsed.comment)
        })]
        recipe.instructionSections = [InstructionSection(steps: steps.map { Step(text: $0) })]
        return recipe
    }

    static let braten = recipe("Rinderbraten", lines: ["3 pounds Rindfleisch", "2 cups Mehl", "125 g Butter", "0,5 l Milch"],
                               steps: ["Das Fleisch mit dem Mehl und der Butter in den Topf geben und die Milch dazu gießen."])

    /// `1.35 kg` was written in a German recipe that writes `0,5 l`.
    @Test func aConvertedAmountKeepsTheRecipesDecimalMark() {
        let metric = RecipeAdjuster.converted(Self.braten, to: .metric)
        #expect(metric.ingredients[0].line == "1,35 kg Rindfleisch")
        let us = RecipeAdjuster.converted(Self.braten, to: .us)
        #expect(us.ingredients[3].line.hasPrefix("2 ⅛ cups"), "\(us.ingredients[3].line)")
    }

    /// `125 g Butter` became `½ cup` through the English word `butter`; in a German recipe the
    /// name is not looked up, so grams become ounces (weight stays weight), and cups of `Mehl`
    /// stay cups, named as left as written.
    @Test func noDensityIsTakenFromANameInAnotherLanguage() {
        let us = RecipeAdjuster.converted(Self.braten, to: .us)
        #expect(us.ingredients[2].line == "4 ⅜ oz Butter", "\(us.ingredients[2].line)")
        let metric = RecipeAdjuster.converted(Self.braten, to: .metric)
        #expect(metric.ingredients[1].line == "2 cups Mehl")
        #expect(RecipeAdjuster.keptAsWritten(Self.braten, metric, system: .metric) == ["2 cups Mehl"])
        // An English recipe still converts through the names it knows.
        let english = Self.recipe("Roast", lines: ["2 cups flour", "125 g butter"], steps: ["Mix the flour and the butter and bake it."])
        #expect(RecipeAdjuster.converted(english, to: .metric).ingredients[0].line == "250 g flour")
        #expect(RecipeAdjuster.converted(english, to: .us).ingredients[1].line.contains("cup"))
    }
}

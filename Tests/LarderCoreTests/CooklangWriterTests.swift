import Foundation
import LarderCore
import Testing

/// Step text from other sources holds what Cooklang reads as syntax; written out, each step
/// must come back as one step with its words, its `--`, `[-` and signs as they were.
struct CooklangWriterTests {
    @Test func stepTextThatLooksLikeSyntaxComesBackAsText() throws {
        var recipe = Recipe(title: "Hazards")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [Ingredient(line: "2 eggs", quantity: Amount(2), name: "eggs")])]
        recipe.instructionSections = [InstructionSection(steps: [
            Step(text: "Beat the eggs -- gently -- for 2 minutes."),
            Step(text: "> 5 minutes in a #10 can [-or a tin-]."),
            Step(text: "= Write to me@home.\nThen rest."),
        ])]
        let text = CooklangWriter.text(for: recipe)
        let back = try CooklangMapper.recipe(from: text, fileName: "Hazards", context: MappingContext(input: "test"))
        #expect(back.steps.map(\.text) == [
            "Beat the eggs -- gently -- for 2 minutes.",
            "5 minutes in a #10 can [-or a tin-].",
            "Write to me@home. Then rest.",
        ], "\(text)")
        #expect(back.ingredients.map(\.name) == ["eggs"])
        #expect(back.notes.isEmpty)
    }
}

/// What other formats give and Cooklang has to carry: preparations in brackets, ingredients no
/// step names, the same ingredient on two lines.
struct CooklangWriterRoundTripTests {
    func readBack(_ recipe: Recipe) throws -> (text: String, recipe: Recipe) {
        let text = CooklangWriter.text(for: recipe)
        return (text, try CooklangMapper.recipe(from: text, fileName: recipe.title, context: MappingContext(input: "test")))
    }

    func ingredient(_ line: String, _ quantity: Double?, _ unit: String?, _ name: String, preparation: String? = nil) -> Ingredient {
        Ingredient(line: line, quantity: quantity.map { Amount($0) }, unit: unit, name: name, preparation: preparation)
    }

    /// `@dark chocolate{130%gram}((min. 55% cocoa content)` was written: the preparation's own
    /// brackets ended it early, and the rest of the paragraph was read wrongly.
    @Test func aPreparationInBracketsStaysWithItsIngredient() throws {
        var recipe = Recipe(title: "Pudding")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            ingredient("130 g dark couverture chocolate (min. 55% cocoa content)", 130, "gram", "dark couverture chocolate", preparation: "(min. 55% cocoa content)"),
            ingredient("6 egg yolks (size L), (at room temperature)", 6, nil, "egg yolks", preparation: "(size L), (at room temperature)"),
            ingredient("500 ml milk", 500, "milliliter", "milk"),
        ])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Melt the dark couverture chocolate. Beat the egg yolks into the milk.")])]
        let (text, back) = try readBack(recipe)
        #expect(text.contains("@dark couverture chocolate{130%g}(min. 55% cocoa content)"), "\(text)")
        #expect(back.ingredients.map(\.name) == ["dark couverture chocolate", "egg yolks", "milk"])
        #expect(back.ingredients.map(\.preparation) == ["min. 55% cocoa content", "size L, at room temperature", nil])
        #expect(back.steps.map(\.text) == recipe.steps.map(\.text))
    }

    /// Ingredients no step names are listed first; read back, that list is the ingredient
    /// list, not a step, and two lines of one ingredient stay two lines.
    @Test func ingredientsNoStepNamesComeBackWithoutAnExtraStep() throws {
        var recipe = Recipe(title: "Almond Puff")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            ingredient("1 cup Gold Medal flour", 1, "cup", "Gold Medal flour"),
            ingredient("2 tbsp water", 2, "tablespoon", "water"),
            ingredient("1 cup Gold Medal flour", 1, "cup", "Gold Medal flour"),
        ])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Cut butter into flour."), Step(text: "Sprinkle the water over it.")])]
        let (text, back) = try readBack(recipe)
        #expect(back.steps.map(\.text) == ["Cut butter into flour.", "Sprinkle the water over it."], "\(text)")
        #expect(back.ingredients.map(\.line) == ["1 cup Gold Medal flour", "1 cup Gold Medal flour", "2 tbsp water"], "\(text)")
    }

    /// A step names an ingredient in another case than the ingredient list (`Butter while hot.`
    /// for `butter`): read back, the step's word and the ingredient's name are each as written.
    @Test func aStepsWordKeepsItsCase() throws {
        var recipe = Recipe(title: "Plain Toast")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            ingredient("2 slices bread", 2, "slice", "bread"),
            ingredient("butter", nil, nil, "butter"),
            ingredient("6 oz Chicken Breast Strips", 6, "ounce", "Chicken Breast Strips"),
        ])]
        recipe.instructionSections = [InstructionSection(steps: [
            Step(text: "Toast the bread."), Step(text: "Butter while hot."), Step(text: "Add the chicken breast strips."),
        ])]
        let (text, back) = try readBack(recipe)
        #expect(back.steps.map(\.text) == ["Toast the bread.", "Butter while hot.", "Add the chicken breast strips."], "\(text)")
        #expect(Set(back.ingredients.map(\.line)) == ["2 slices bread", "butter", "6 oz Chicken Breast Strips"], "\(text)")
    }

    /// A unit is written as the line spells it, so the line comes back as it was (`125 g
    /// flour`, not `125 gram flour`; `3tsp ginger` as `3 tsp ginger`).
    @Test func unitsAreWrittenAsTheLineSpellsThem() throws {
        var recipe = Recipe(title: "Cake")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            ingredient("125 g flour", 125, "gram", "flour"),
            ingredient("0.5 l buttermilk", 0.5, "liter", "buttermilk"),
            ingredient("3tsp ginger", 3, "teaspoon", "ginger"),
            ingredient("2 fl oz cream", 2, "fluid ounce", "cream"),
        ])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Mix the flour, buttermilk, ginger and cream.")])]
        let (text, back) = try readBack(recipe)
        #expect(back.ingredients.map(\.line) == ["125 g flour", "0.5 l buttermilk", "3 tsp ginger", "2 fl oz cream"], "\(text)")
    }

    /// Steps that use one ingredient twice in one unit: Cooklang adds them up, and the
    /// comparison of what was written with what came back says so.
    @Test func anIngredientAddedUpIsNamedInTheNotes() throws {
        var recipe = Recipe(title: "Pie")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            ingredient("1/2 tsp salt", 0.5, "teaspoon", "salt"),
            ingredient("1/2 tsp salt", 0.5, "teaspoon", "salt"),
        ])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Season the meat with salt."), Step(text: "Season the mash with salt.")])]
        let (_, back) = try readBack(recipe)
        #expect(back.ingredients.map(\.line) == ["1 tsp salt"])
        let lines = try #require(RecipeComparison.differences(recipe, back).first { $0.field == .ingredientLines })
        #expect(lines.from == ["1/2 tsp salt", "1/2 tsp salt"] && lines.to == ["1 tsp salt"], "\(lines)")
    }

    /// `@water{2-3%cups}` is a range: read back it is still an amount (it scales), and a
    /// package size in brackets (`1 (14 oz) can`, `1.5 cups (230g)`) or in the note stays on
    /// its line instead of being dropped.
    @Test func rangesAndPackageSizesComeBack() throws {
        var recipe = Recipe(title: "Bake")
        var chile = ingredient("2 oz dried chile (57 g)", 2, "ounce", "dried chile")
        chile.note = "57 g"
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            Ingredient(line: "2-3 cups water", quantity: Amount(2, upper: 3), unit: "cup", name: "water"),
            Ingredient(line: "1.5-2 kg potatoes", quantity: Amount(1.5, upper: 2), unit: "kilogram", name: "potatoes"),
            ingredient("1 (14 oz) can tomatoes", 1, "can", "tomatoes"),
            ingredient("1.5 cups (230g) cake flour", 1.5, "cup", "cake flour"),
            chile,
            ingredient("1 lb (450g) chopped chocolate", 1, "pound", "chocolate", preparation: "chopped"),
        ])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Boil the potatoes in the water; add the tomatoes.")])]
        let (text, back) = try readBack(recipe)
        let lines = Dictionary(uniqueKeysWithValues: back.ingredients.map { ($0.name ?? "", $0) })
        #expect(lines["water"]?.quantity == Amount(2, upper: 3), "\(text)")
        #expect(lines["potatoes"]?.quantity == Amount(1.5, upper: 2), "\(text)")
        #expect(lines["tomatoes"]?.line == "1 (14 oz) can tomatoes", "\(text)")
        #expect(lines["tomatoes"]?.unit == "can")
        #expect(lines["cake flour"]?.line == "1.5 cups (230g) cake flour", "\(text)")
        #expect(lines["dried chile"]?.line.contains("57 g") == true, "\(text)")
        #expect(lines["chocolate"]?.line.contains("450g") == true, "\(text)")
    }

    /// A range worded `1 to 2` was written `{1-2%tbsp}` and came back as the line
    /// `1-2 tbsp olive oil`: the spec has no range syntax, so the wording is kept as the
    /// amount's text, and read back it is the same range (it still scales).
    @Test func aRangeKeepsItsWording() throws {
        var recipe = Recipe(title: "Fry")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            Ingredient(line: "1 to 2 tbsp olive oil", quantity: Amount(1, upper: 2), unit: "tablespoon", name: "olive oil"),
            Ingredient(line: "1 or 2 onions", quantity: Amount(1, upper: 2), name: "onions"),
            Ingredient(line: "½ to 1 tsp salt", quantity: Amount(0.5, upper: 1), unit: "teaspoon", name: "salt"),
            Ingredient(line: "2-3 cloves garlic", quantity: Amount(2, upper: 3), unit: "clove", name: "garlic"),
        ])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Fry the onions and garlic in the olive oil; add the salt.")])]
        let (text, back) = try readBack(recipe)
        #expect(text.contains("@olive oil{1 to 2%tbsp}"), "\(text)")
        #expect(back.ingredients.map(\.line) == ["1 or 2 onions", "2-3 cloves garlic", "1 to 2 tbsp olive oil", "½ to 1 tsp salt"], "\(text)")
        #expect(back.ingredients.map(\.quantity) == [Amount(1, upper: 2), Amount(2, upper: 3), Amount(1, upper: 2), Amount(0.5, upper: 1)])
    }

    /// The spec's `@water{1,1/2cups}` is one and a half cups (a comma before a fraction parts
    /// the whole number from it), not 1.1 nor a range.
    @Test func aCommaBeforeAFractionIsAMixedNumber() throws {
        let back = try CooklangMapper.recipe(from: "Heat @water{1,1/2%cups}.", fileName: "Souffle", context: MappingContext(input: "test"))
        #expect(back.ingredients.first?.quantity == Amount(1.5))
    }

    /// The words of a line, as a person reads them: runs of letters and runs of digits (`75g`
    /// is `75 g`), case, punctuation and order aside.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var previous: Character?
        for character in line.lowercased() {
            guard character.isLetter || character.isNumber else {
                previous = nil
                continue
            }
            if let previous, previous.isLetter == character.isLetter { words[words.count - 1].append(character) } else { words.append(String(character)) }
            previous = character
        }
        return words.sorted()
    }

    /// Lines as other apps' exports give them and Larder reads them (fields as imported, a
    /// unit read into a name's word, a unit after the name, a second measure after a slash,
    /// an amount after the name, an unread name): each comes back with its own words, and
    /// still with its amount and unit. Cooklang wrote `@lettuce{}`, `@garlic{3%clove}`,
    /// `@butter{75%gram}`, `@Cinnamon, ground{}` and `@onion{Chopped}(Chopped)`.
    @Test func everyWordOfALineComesBackWhereCooklangHasAPlaceForIt() throws {
        var recipe = Recipe(title: "Words")
        var wings = ingredient("2 1/2 pounds chicken wings, separated at joints, tips discarded", 2.5, "pound", "chicken wings tips discarded",
                               preparation: "separated at joints,")
        wings.note = nil
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            Ingredient(line: "Leaf lettuce, as needed", unit: "leaf", name: "lettuce", preparation: "as needed"),
            ingredient("3 garlic cloves, (peeled)", 3, "clove", "garlic", preparation: "(peeled)"),
            ingredient("75g/3oz butter", 75, "gram", "butter"),
            ingredient("Spinaci 650 g", 650, "gram", "Spinaci"),
            Ingredient(line: "Chicken Breast Strips - (6 oz)", quantity: Amount(6), unit: "ounce", name: "Chicken Breast Strips", preparation: "6 oz"),
            Ingredient(line: "pinch Cinnamon, ground", unit: "pinch", name: "Cinnamon, ground"),
            Ingredient(line: "Chopped onion", name: "onion", preparation: "Chopped"),
            Ingredient(line: "1 Pck. Trockenhefe", quantity: Amount(1), unit: "packet", name: "Trockenhefe"),
            wings,
        ])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Fry the garlic and onion in the butter; add the lettuce.")])]
        let (text, back) = try readBack(recipe)
        let wordsBack: [String] = back.ingredients.map { Self.words($0.line).joined(separator: " ") }.sorted()
        let wordsWritten: [String] = recipe.ingredients.map { Self.words($0.line).joined(separator: " ") }.sorted()
        #expect(wordsBack == wordsWritten, "\(text)")
        for original in recipe.ingredients where original.quantity != nil {
            let again = back.ingredients.first { Self.words($0.line) == Self.words(original.line) }
            #expect(again?.quantity == original.quantity, "\(original.line): \(text)")
            #expect(again?.unit.flatMap(UnitVocabulary.canonical) == original.unit, "\(original.line): \(text)")
        }
        // Where a step names the ingredient, the markup is still in the step.
        #expect(text.contains("@garlic{3%cloves}(peeled)"), "\(text)")
    }

    /// A line Cooklang cannot give back word for word (`of`, a number in words) is named by the
    /// comparison, with what comes back.
    @Test func aLineThatComesBackInOtherWordsIsNamed() throws {
        var recipe = Recipe(title: "Roasted Okra")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            ingredient("1 bunch of okra", 1, "bunch", "okra"),
            ingredient("½ teaspoon salt", 0.5, "teaspoon", "salt"),
            Ingredient(line: "eine Hand voll Erbsen", quantity: Amount(1), name: "Hand voll Erbsen"),
        ])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Roast the okra with the salt.")])]
        let (text, back) = try readBack(recipe)
        #expect(back.ingredients.compactMap(\.quantity?.value).sorted() == [0.5, 1, 1], "\(text)")
        let lines = try #require(RecipeComparison.differences(recipe, back).first { $0.field == .ingredientLines }, "\(text)")
        #expect(lines.from.contains("1 bunch of okra") && lines.to.contains("1 bunch okra"), "\(lines)")
        #expect(lines.from.contains("eine Hand voll Erbsen") && lines.to.contains("1 Hand voll Erbsen"), "\(lines)")
    }
}


import Foundation
import LarderCore
import Testing

/// Step text from other sources holds what Cooklang reads as syntax; written out, each step
/// must come back as one step with its words.
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
            "Beat the eggs — gently — for 2 minutes.",
            "5 minutes in a # 10 can [ -or a tin-].",
            "Write to me@ home. Then rest.",
        ], "\(text)")
        #expect(back.ingredients.map(\.name) == ["eggs"])
        #expect(back.notes.isEmpty)
    }
}

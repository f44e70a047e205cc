import LarderCore
import Testing

/// Paprika keeps nutrition as one text field. Written by Larder (`calories: 250 kcal` lines)
/// or typed in Paprika (`Calories: 250`), it is read back into the recipe's nutrition, so show,
/// Markdown and the cookbook still print the table.
struct PaprikaNutritionTests {
    func mapped(_ info: String) throws -> Recipe {
        try PaprikaMapper.map(["name": .string("Soup"), "ingredients": .string("1 cup water"), "nutritional_info": .string(info)],
                              context: MappingContext(input: "test"))
    }

    @Test func whatLarderWritesComesBackAsNutrition() throws {
        var recipe = Recipe(title: "Soup")
        recipe.nutrition = ["calories": "250 kcal", "proteinContent": "12 g"]
        let object = PaprikaMapper.object(for: recipe, photo: nil)
        let back = try PaprikaMapper.map(object, context: MappingContext(input: "test"))
        #expect(back.nutrition == recipe.nutrition)
        #expect(back.extras["nutritional_info"] == nil)
    }

    @Test func paprikasOwnWordingIsRead() throws {
        let back = try mapped("Calories: 250\nProtein 12g\nTotal Fat: 9 g")
        #expect(back.nutrition == ["calories": "250", "proteinContent": "12g", "fatContent": "9 g"])
        #expect(back.extras["nutritional_info"] == nil)
    }

    /// Text that is not one nutrient a line is kept as written too, so none of it is lost.
    @Test func freeTextIsKept() throws {
        let text = "Calories: 250\nPer serving, from the label on the box"
        let back = try mapped(text)
        #expect(back.nutrition == ["calories": "250"])
        #expect(back.extras["nutritional_info"] == .string(text))
    }
}

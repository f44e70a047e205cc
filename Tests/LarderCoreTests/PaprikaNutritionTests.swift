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

    /// A serving size is measured in words (`1 serving`, `1 Person`): they stay with its amount
    /// instead of starting a row of their own, so a recipe's serving size comes back whole.
    @Test func aServingSizeKeepsItsWords() throws {
        let back = try mapped("Serving size: 1 Person\nCalories: 250")
        #expect(back.nutrition == ["servingSize": "1 Person", "calories": "250"])
        var recipe = Recipe(title: "Soup")
        recipe.nutrition = ["servingSize": "2 cookies (30 g)", "calories": "140 kcal"]
        let again = try PaprikaMapper.map(PaprikaMapper.object(for: recipe, photo: nil), context: MappingContext(input: "test"))
        #expect(again.nutrition == recipe.nutrition)
    }

    /// Text that is no nutrient is kept as a note, never a nutrient's key.
    @Test func freeTextIsKeptAsANote() throws {
        let back = try mapped("Calories: 250\nFrom the label on the box")
        #expect(back.nutrition == ["calories": "250"])
        #expect(back.notes == ["Nutrition: From the label on the box"])
        #expect(back.extras["nutritional_info"] == nil)
    }

    /// The shapes of real Paprika exports (issue 30): a line saying what the figures are for
    /// is the basis, not a key split at its bracket or comma.
    @Test func aBasisLineIsTheServingSizeNotAKey() throws {
        let back = try mapped("Per serving (4 servings)\nCalories: 512\nFat: 21 g\nSaturated fat: 9 g\nCarbohydrates: 58 g")
        #expect(back.nutrition == ["servingSize": "Per serving (4 servings)", "calories": "512", "fatContent": "21 g",
                                   "saturatedFatContent": "9 g", "carbohydrateContent": "58 g"])
    }

    /// `(13.5%)` after an amount is a daily value, as a line of the same text says.
    @Test func dailyValuesStayBesideTheirAmounts() throws {
        let text = "Calories: 480\nTotal Carbohydrates: 31.2 g (10.4%)\nTotal Fat: 12.5 g (19.2%)\n"
            + "Per serving, based on 3 servings. (% daily value)\nSugar: 4.1 g"
        let back = try mapped(text)
        #expect(back.nutrition == ["calories": "480", "carbohydrateContent": "31.2 g (10.4% daily value)",
                                   "fatContent": "12.5 g (19.2% daily value)", "sugarContent": "4.1 g",
                                   "servingSize": "Per serving, based on 3 servings"])
        #expect(back.notes.isEmpty)
    }

    /// A nutrition label copied from a site: tabs between the columns, a `% Daily Value*`
    /// heading, nutrients without a schema.org name kept under their own.
    @Test func aCopiedLabelWithTabsIsRead() throws {
        let text = "Calories\t281\n% Daily Value*\nTotal Fat 8.2g\t11%\nSodium 402mg\t17%\nTotal Carbohydrate 41.9g\t15%\n"
            + "Dietary Fiber 6.3g\t22%\nTotal Sugars 3.9g\t \nProtein 11.7g\t \nIron 2mg\t11%"
        let back = try mapped(text)
        #expect(back.nutrition == ["calories": "281", "fatContent": "8.2g (11% daily value)", "sodiumContent": "402mg (17% daily value)",
                                   "carbohydrateContent": "41.9g (15% daily value)", "fiberContent": "6.3g (22% daily value)",
                                   "sugarContent": "3.9g", "proteinContent": "11.7g", "Iron": "2mg (11% daily value)"])
        #expect(!back.nutrition.values.contains { $0.contains("\t") })
    }

    /// A table copied onto one line: each label with its unit in brackets, then its amount.
    @Test func aOneLineTableIsSplitIntoItsRows() throws {
        let back = try mapped("Calories (kcal) 540 Fat (g) 19 Saturated Fat (g) 6 Carbohydrates (g) 71 Dietary Fiber (g) 5 Protein (g) 18 Sodium (mg) 390")
        #expect(back.nutrition == ["calories": "540 kcal", "fatContent": "19 g", "saturatedFatContent": "6 g", "carbohydrateContent": "71 g",
                                   "fiberContent": "5 g", "proteinContent": "18 g", "sodiumContent": "390 mg"])
    }

    /// Amounts before their names, after a basis and a colon.
    @Test func amountsBeforeTheirNames() throws {
        let back = try mapped("Per serving (approx.): 500 calories, 40g protein, 12 g fat")
        #expect(back.nutrition == ["servingSize": "Per serving (approx.)", "calories": "500", "proteinContent": "40g", "fatContent": "12 g"])
    }

    /// `Total`, `Dietary`, plurals and words spelt out.
    @Test func labelsAsAppsSpellThem() throws {
        let back = try mapped("Total Carbohydrates: 6 grams\nDietary fiber: 1 gram\nTrans Fat: 1 gram\nSodium: 287 milligrams\nTotal Sugars: 3 grams")
        #expect(back.nutrition == ["carbohydrateContent": "6 grams", "fiberContent": "1 gram", "transFatContent": "1 gram",
                                   "sodiumContent": "287 milligrams", "sugarContent": "3 grams"])
    }

    /// The basis and the daily values Larder read come back from what Larder writes.
    @Test func theBasisComesBackFromPaprika() throws {
        let first = try mapped("Per serving (4 servings)\nCalories: 512\nTotal Fat: 12.5 g (19.2%)\n% Daily Value*")
        let again = try PaprikaMapper.map(PaprikaMapper.object(for: first, photo: nil), context: MappingContext(input: "test"))
        #expect(again.nutrition == first.nutrition)
        #expect(again.notes == first.notes)
    }
}

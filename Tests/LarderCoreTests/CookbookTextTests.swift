import Foundation
@testable import LarderCore
import Testing

/// The pieces of text the cookbooks are made of.
struct CookbookTextTests {
    @Test(arguments: [
        ("1 ½ cups flour, sifted", "1 ½ cups", "flour, sifted"),
        ("2 large eggs", "2", "large eggs"),
        ("1 (14 oz) can tomatoes", "1 (14 oz) can", "tomatoes"),
        ("1 cup (240 ml) milk", "1 cup (240 ml)", "milk"),
        ("salt to taste", "", "salt to taste"),
        ("flour, 2 cups", "", "flour, 2 cups"),
        ("3", "", "3"),
        // A unit written after the name stands with the amount; the item keeps no stray comma.
        ("4 garlic cloves, minced", "4 cloves", "garlic, minced"),
        ("12-15 medium garlic cloves, peeled", "12-15 cloves", "medium garlic, peeled"),
        ("3 garlic cloves, (peeled)", "3 cloves", "garlic, (peeled)"),
        ("3 garlic cloves", "3 cloves", "garlic"),
        ("2 cups, packed brown sugar", "2 cups", "packed brown sugar"),
        ("1 (12 oz.) stir-fry vegetables", "1", "(12 oz.) stir-fry vegetables"),
    ])
    func ingredientLinesSplitIntoMeasureAndItem(line: String, amount: String, item: String) {
        let columns = IngredientColumns.split(line)
        #expect(columns.amount == amount)
        #expect(columns.item == item)
    }

    @Test func imageSizesAreReadFromHeaders() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 2, 128, 0, 0, 1, 224, 8, 6, 0, 0, 0]
        #expect(ImagePixelSize.of(png)! == (640, 480))
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
        #expect(ImagePixelSize.of(gif)! == (1, 1))
        // JPEG: SOI, an APP0 segment to skip, then SOF0 with height 300 and width 400.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 17, 8, 0x01, 0x2C, 0x01, 0x90, 3, 0, 0, 0, 0]
        #expect(ImagePixelSize.of(jpeg)! == (400, 300))
        // WebP (VP8X): width and height minus one, 24-bit little-endian.
        let webp: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array("VP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
            + [0x1F, 0x03, 0x00, 0x57, 0x02, 0x00] + [0, 0]
        #expect(ImagePixelSize.of(webp)! == (800, 600))
        #expect(ImagePixelSize.of(Array("<svg>".utf8)) == nil)
        #expect(ImagePixelSize.of([0xFF, 0xD8, 0xFF, 0x00]) == nil, "truncated JPEG")
    }

    @Test func factsListYieldAndTimesForPeople() {
        var recipe = Recipe(id: "r", title: "R")
        recipe.yield = Yield(quantity: Amount(4), unit: "servings")
        recipe.times = RecipeTimes(prep: RecipeDuration(minutes: 15), total: RecipeDuration(minutes: 75))
        #expect(RecipeFacts.of(recipe).map { "\($0.label): \($0.value)" } == ["Yield: 4 servings", "Prep: 15 min", "Total: 1 h 15 min"])
    }

    /// A zero time (`PT0S`, which recipe plugins write for a field nobody filled in) is no
    /// fact: a salad's page said "Cook: 0 min". A time that is there is still printed.
    @Test func aZeroTimeIsNotPrinted() throws {
        var recipe = Recipe(id: "r", title: "R")
        recipe.times = RecipeTimes(prep: RecipeDuration(minutes: 10), cook: RecipeDuration(minutes: 0), total: RecipeDuration(minutes: 10))
        #expect(RecipeFacts.of(recipe).map { "\($0.label): \($0.value)" } == ["Prep: 10 min", "Total: 10 min"])
        let markdown = MarkdownWriter().render(recipe)
        #expect(!markdown.contains("Cook"), "\(markdown)")
    }

    /// A yield text that starts with its own label is not labelled twice (issue 30: Markdown
    /// wrote `**Yield:** Yield 4 servings`); the Markdown export reads back to the same text.
    @Test(arguments: [("Yield 4 servings", "Yield: 4 servings"), ("Yield: 4 servings", "Yield: 4 servings"),
                      ("Serves 6 to 8", "Serves: 6 to 8"), ("Servings: 4-6", "Servings: 4-6"), ("Makes about 20", "Makes: about 20"),
                      ("4 servings", "Yield: 4 servings"), ("Serves you right", "Yield: Serves you right")])
    func aYieldThatNamesItsLabelIsNotLabelledTwice(text: String, fact: String) throws {
        var recipe = Recipe(id: "r", title: "R")
        recipe.yield = YieldParser.parse(text) ?? Yield(text: text)
        #expect(RecipeFacts.of(recipe).map { "\($0.label): \($0.value)" } == [fact])
        let markdown = MarkdownWriter().render(recipe)
        #expect(!markdown.lowercased().contains("**yield:** yield"))
        let back = try MarkdownRecipeMapper.recipe(from: markdown, fileName: "r", context: MappingContext(input: "r.md"))
        #expect(back.yield?.text == recipe.yield?.text)
    }

    /// A yield given as a number (`"servings": 1`) is written with its unit in the right number.
    @Test(arguments: [(1.0, "servings", "1 serving"), (2.0 / 3, "servings", "⅔ serving"), (1.5, "servings", "1 ½ servings"),
                      (1, "loaves", "1 loaf"), (12, "cookie", "12 cookies"), (4, "servings", "4 servings")] as [(Double, String, String)])
    func aYieldNumberAgreesWithItsUnit(value: Double, unit: String, text: String) {
        #expect(RecipeFacts.yieldText(Yield(quantity: Amount(value), unit: unit)) == text)
    }

    /// A range given as numbers (`"servings": {"value": 4, "upper": 6}`) shows both ends.
    @Test func aYieldRangeWithoutTextShowsBothEnds() {
        #expect(RecipeFacts.yieldText(Yield(quantity: Amount(4, upper: 6), unit: "servings")) == "4–6 servings")
        #expect(RecipeFacts.yieldText(Yield(quantity: Amount(1, upper: 2), unit: "loaf")) == "1–2 loaves")
    }
}

@testable import LarderCore
import Testing

/// Each rule of the usual shape of a line (`IngredientRules.amountRules`) with a table of its own:
/// lines the rule reads, and what the parser makes of them. A rule added to the list needs its
/// table (the first test says so).
struct IngredientRuleTests {
    struct Case: CustomStringConvertible, Sendable {
        var line: String
        var quantity: Double?
        var upper: Double?
        var unit: String?
        /// The size of each thing counted (`ParsedIngredient.countedSize`).
        var each: String?
        var size: String?
        var name: String?
        var comment: String?
        /// How many amounts scale with the recipe: the first, its equivalent measures, a plus part.
        var amounts: Int
        /// Which of them is a "plus" part.
        var plus: Int?

        init(_ line: String, _ quantity: Double?, upper: Double?, unit: String?, each: String?, size: String?, name: String?, comment: String?,
             amounts: Int, plus: Int?) {
            (self.line, self.quantity, self.upper, self.unit, self.each, self.size) = (line, quantity, upper, unit, each, size)
            (self.name, self.comment, self.amounts, self.plus) = (name, comment, amounts, plus)
        }

        var description: String { line }
    }

    static let tables: [String: [Case]] = [
        "firstAmount": [
            Case("2 x 400g tins chopped tomatoes", 2.0, upper: nil, unit: "can", each: "400g", size: nil, name: "chopped tomatoes",
                 comment: nil, amounts: 1, plus: nil),
            Case("1 1/2 cups flour", 1.5, upper: nil, unit: "cup", each: nil, size: nil, name: "flour",
                 comment: nil, amounts: 1, plus: nil),
            Case("one onion", 1.0, upper: nil, unit: nil, each: nil, size: nil, name: "onion",
                 comment: nil, amounts: 1, plus: nil),
            Case("2-3 carrots", 2.0, upper: 3.0, unit: nil, each: nil, size: nil, name: "carrots",
                 comment: nil, amounts: 1, plus: nil),
        ],
        "asNeeded": [
            Case("1 q.b. coentros", nil, upper: nil, unit: nil, each: nil, size: nil, name: "coentros",
                 comment: "1 q.b", amounts: 0, plus: nil),
            Case("un peu de sel", nil, upper: nil, unit: nil, each: nil, size: nil, name: "sel",
                 comment: "un peu de", amounts: 0, plus: nil),
        ],
        "connectorBeforeUnit": [
            Case("1/4 de botte de persil", 0.25, upper: nil, unit: "bunch", each: nil, size: nil, name: "persil",
                 comment: nil, amounts: 1, plus: nil),
            Case("3/4 of a pound ground beef", 0.75, upper: nil, unit: "pound", each: nil, size: nil, name: "ground beef",
                 comment: nil, amounts: 1, plus: nil),
        ],
        "containerSize": [
            Case("1 (14 oz) can tomatoes", 1.0, upper: nil, unit: "can", each: "14 oz", size: nil, name: "tomatoes",
                 comment: nil, amounts: 1, plus: nil),
            Case("1 15- to 16-ounce box pasta", 1.0, upper: nil, unit: "box", each: "15- to 16-ounce", size: nil, name: "pasta",
                 comment: nil, amounts: 1, plus: nil),
            Case("4 6-ounce beef filets", 4.0, upper: nil, unit: nil, each: "6-ounce", size: nil, name: "beef filets",
                 comment: nil, amounts: 1, plus: nil),
        ],
        "wordsBeforeUnit": [
            Case("1 heaped tbsp sugar", 1.0, upper: nil, unit: "tablespoon", each: nil, size: nil, name: "sugar",
                 comment: "heaped", amounts: 1, plus: nil),
            Case("2 large eggs", 2.0, upper: nil, unit: nil, each: nil, size: "large", name: "eggs",
                 comment: nil, amounts: 1, plus: nil),
            Case("1 tightly packed tablespoon brown sugar", 1.0, upper: nil, unit: "tablespoon", each: nil, size: nil, name: "brown sugar",
                 comment: "tightly packed", amounts: 1, plus: nil),
            Case("1 kl. Bund Petersilie", 1.0, upper: nil, unit: "bunch", each: nil, size: "kl", name: "Petersilie",
                 comment: nil, amounts: 1, plus: nil),
            Case("2 plump stalks celery", 2.0, upper: nil, unit: "stalk", each: nil, size: nil, name: "celery",
                 comment: "plump", amounts: 1, plus: nil),
        ],
        "unit": [
            Case("200 g butter", 200.0, upper: nil, unit: "gram", each: nil, size: nil, name: "butter",
                 comment: nil, amounts: 1, plus: nil),
            Case("1 1/2 cups flour", 1.5, upper: nil, unit: "cup", each: nil, size: nil, name: "flour",
                 comment: nil, amounts: 1, plus: nil),
        ],
        "repeatedUnit": [
            Case("¼ c cup sugar", 0.25, upper: nil, unit: "cup", each: nil, size: nil, name: "sugar",
                 comment: nil, amounts: 1, plus: nil),
            Case("200 g g flour", 200.0, upper: nil, unit: "gram", each: nil, size: nil, name: "flour",
                 comment: nil, amounts: 1, plus: nil),
            Case("1 lata | latas tomate", 1.0, upper: nil, unit: "can", each: nil, size: nil, name: "tomate",
                 comment: nil, amounts: 1, plus: nil),
        ],
        "equivalentMeasures": [
            Case("1 cup (240 ml) milk", 1.0, upper: nil, unit: "cup", each: nil, size: nil, name: "milk",
                 comment: nil, amounts: 2, plus: nil),
            Case("175g/6oz butter", 175.0, upper: nil, unit: "gram", each: nil, size: nil, name: "butter",
                 comment: nil, amounts: 2, plus: nil),
            Case("1lb 2oz beef", 1.0, upper: nil, unit: "pound", each: nil, size: nil, name: "beef",
                 comment: nil, amounts: 2, plus: nil),
        ],
        "plusPart": [
            Case("1/2 cup plus 2 tablespoons mayonnaise", 0.5, upper: nil, unit: "cup", each: nil, size: nil, name: "mayonnaise",
                 comment: nil, amounts: 2, plus: 1),
            Case("1 cup plus 1 tablespoon / 235 g olive oil", 1.0, upper: nil, unit: "cup", each: nil, size: nil, name: "olive oil",
                 comment: nil, amounts: 3, plus: 1),
            Case("20 g + q.b. burro", 20.0, upper: nil, unit: "gram", each: nil, size: nil, name: "burro",
                 comment: "q.b", amounts: 1, plus: nil),
        ],
        "levelWords": [
            Case("1 cucchiaino raso di sale", 1.0, upper: nil, unit: "teaspoon", each: nil, size: nil, name: "sale",
                 comment: "raso", amounts: 1, plus: nil),
            Case("1 TL gestrichen Salz", 1.0, upper: nil, unit: "teaspoon", each: nil, size: nil, name: "gestrichen Salz",
                 comment: nil, amounts: 1, plus: nil),
        ],
        "connectorAfterUnit": [
            Case("1 cucharada de aceite", 1.0, upper: nil, unit: "tablespoon", each: nil, size: nil, name: "aceite",
                 comment: nil, amounts: 1, plus: nil),
            Case("1 sachet de 50 g (2 oz) de soupe", 1.0, upper: nil, unit: "packet", each: nil, size: nil, name: "soupe",
                 comment: nil, amounts: 1, plus: nil),
        ],
        "unitOfTheThing": [
            Case("1 gousse de vanille", 1.0, upper: nil, unit: "pod", each: nil, size: nil, name: "vanille",
                 comment: nil, amounts: 1, plus: nil),
            Case("1 stang vanilje", 1.0, upper: nil, unit: "pod", each: nil, size: nil, name: "vanilje",
                 comment: nil, amounts: 1, plus: nil),
            Case("3 feuilles de gélatine", 3.0, upper: nil, unit: "leaf", each: nil, size: nil, name: "gélatine",
                 comment: nil, amounts: 1, plus: nil),
        ],
        "measureAfterCount": [
            Case("1 (12 oz.) stir-fry vegetables", 1.0, upper: nil, unit: nil, each: "12 oz.", size: nil, name: "stir-fry vegetables",
                 comment: nil, amounts: 1, plus: nil),
            Case("4 (6 to 8-ounce skinless halibut fillets", 4.0, upper: nil, unit: nil, each: "6 to 8-ounce", size: nil, name: "skinless halibut fillets",
                 comment: nil, amounts: 1, plus: nil),
            Case("650 de agua", 650.0, upper: nil, unit: nil, each: nil, size: nil, name: "agua",
                 comment: nil, amounts: 1, plus: nil),
            Case("2 of the eggs", 2.0, upper: nil, unit: nil, each: nil, size: nil, name: "the eggs",
                 comment: nil, amounts: 1, plus: nil),
        ],
        "sizeWords": [
            Case("2 cups large shrimp", 2.0, upper: nil, unit: "cup", each: nil, size: "large", name: "shrimp",
                 comment: nil, amounts: 1, plus: nil),
        ],
        "bracketBeforeName": [
            Case("2 cups (packed) spinach", 2.0, upper: nil, unit: "cup", each: nil, size: nil, name: "spinach",
                 comment: "(packed)", amounts: 1, plus: nil),
        ],
    ]

    @Test func everyRuleHasItsTable() {
        #expect(Set(IngredientRules.amountRules.map(\.name)) == Set(Self.tables.keys))
        #expect(IngredientRules.amountRules.count == Self.tables.count)
    }

    @Test(arguments: IngredientRules.amountRules.map(\.name))
    func eachRuleReadsTheLinesOfItsTable(_ rule: String) throws {
        for expected in try #require(Self.tables[rule]) {
            let parsed = IngredientParser.parse(expected.line)
            #expect(parsed.quantity?.value == expected.quantity, "\(rule): \(expected)")
            #expect(parsed.quantity?.upper == expected.upper, "\(rule): \(expected)")
            #expect(parsed.unit == expected.unit, "\(rule): \(expected)")
            #expect(parsed.countedSize == expected.each, "\(rule): \(expected)")
            #expect(parsed.size == expected.size, "\(rule): \(expected)")
            #expect(parsed.name == expected.name, "\(rule): \(expected)")
            #expect(parsed.comment == expected.comment, "\(rule): \(expected)")
            #expect(parsed.layout?.amounts.count ?? 0 == expected.amounts, "\(rule): \(expected)")
            #expect(parsed.layout?.plusAmount == expected.plus, "\(rule): \(expected)")
        }
    }
}

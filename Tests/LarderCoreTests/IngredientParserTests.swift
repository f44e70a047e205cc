import LarderCore
import Testing

struct IngredientParserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var quantity: Double?
        var upper: Double? = nil
        var unit: String?
        var name: String?
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(line: "1 ½ cups all-purpose flour, sifted", quantity: 1.5, unit: "cup", name: "all-purpose flour"),
        Case(line: "1½ cups sugar", quantity: 1.5, unit: "cup", name: "sugar"),
        Case(line: "1 1/2 tsp salt", quantity: 1.5, unit: "teaspoon", name: "salt"),
        Case(line: "1⁄2 teaspoon salt", quantity: 0.5, unit: "teaspoon", name: "salt"),
        Case(line: "0,5 l Milch", quantity: 0.5, unit: "liter", name: "Milch"),
        Case(line: "200g butter", quantity: 200, unit: "gram", name: "butter"),
        Case(line: "15 grams yeast", quantity: 15, unit: "gram", name: "yeast"),
        Case(line: "2tbsp olive oil", quantity: 2, unit: "tablespoon", name: "olive oil"),
        Case(line: "2 T butter", quantity: 2, unit: "tablespoon", name: "butter"),
        Case(line: "2 t vanilla", quantity: 2, unit: "teaspoon", name: "vanilla"),
        Case(line: "2-3 cloves garlic", quantity: 2, upper: 3, unit: "clove", name: "garlic"),
        Case(line: "2 to 3 cups stock", quantity: 2, upper: 3, unit: "cup", name: "stock"),
        Case(line: "2 or 3 carrots", quantity: 2, upper: 3, unit: nil, name: "carrots"),
        Case(line: "1 (14 oz) can tomatoes", quantity: 1, unit: "can", name: "tomatoes"),
        Case(line: "2 large eggs", quantity: 2, unit: nil, name: "eggs"),
        Case(line: "1 stick butter", quantity: 1, unit: "stick", name: "butter"),
        Case(line: "175g/6oz digestive biscuits", quantity: 175, unit: "gram", name: "digestive biscuits"),
        Case(line: "1 cup (240 ml) milk", quantity: 1, unit: "cup", name: "milk"),
        Case(line: "2 tbsp plus 1 tsp sugar", quantity: 2, unit: "tablespoon", name: nil),
        Case(line: "salt and pepper, to taste", quantity: nil, unit: nil, name: "salt and pepper"),
        Case(line: "Juice of 1/2 lemon", quantity: 0.5, unit: nil, name: "lemon"),
        Case(line: "pinch of salt", quantity: nil, unit: "pinch", name: "salt"),
        Case(line: "2 x 400g tins chickpeas, drained", quantity: 2, unit: "can", name: "chickpeas"),
        Case(line: "one onion, finely chopped", quantity: 1, unit: nil, name: "onion"),
    ]

    @Test(arguments: cases)
    func parses(_ expected: Case) {
        let parsed = IngredientParser.parse(expected.line)
        #expect(parsed.quantity?.value == expected.quantity)
        #expect(parsed.quantity?.upper == expected.upper)
        #expect(parsed.unit == expected.unit)
        if let name = expected.name { #expect(parsed.name == name) }
    }

    @Test func keepsTheRestAsComment() {
        #expect(IngredientParser.parse("1 ½ cups all-purpose flour, sifted").comment == "sifted")
        #expect(IngredientParser.parse("salt and pepper, to taste").comment == "to taste")
    }

    @Test func hostileLinesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789 /-½¼⁄.,()xX tbsp cup g of and \u{0}\u{7}\t\n😀é日本")
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<80, using: &generator)
            let line = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let parsed = IngredientParser.parse(line)
            if let quantity = parsed.quantity { #expect(quantity.value.isFinite) }
        }
        for line in ["1/0 cups", "9999999999999999999 cups flour", String(repeating: "1 ", count: 50_000), "", "((((", "/ / /"] {
            let parsed = IngredientParser.parse(line)
            if let quantity = parsed.quantity { #expect(quantity.value.isFinite) }
        }
    }
}

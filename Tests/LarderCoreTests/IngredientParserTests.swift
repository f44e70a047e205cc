import LarderCore
import Testing

struct IngredientParserTests {
    /// Quantities in the decimal digits of other scripts: Arabic-Indic (with the Arabic decimal
    /// separator), Persian, Devanagari, full-width.
    /// A price beside a line (Budget Bytes writes the cost of each: `($0.16)`) is part of the
    /// remark, never the amount: `salt and pepper to taste ($0.05)` was 0.05 of salt, and a
    /// shopping list bought it so.
    /// Old exports capitalise every word (`4 cups Of chicken stock`): the measure's "of"
    /// opens no name, whatever its case.
    @Test func aCapitalisedOfAfterTheMeasureIsNotPartOfTheName() {
        #expect(IngredientParser.parse("4 cups Of chicken stock").name == "chicken stock")
        #expect(IngredientParser.parse("4 cups of chicken stock").name == "chicken stock")
        #expect(IngredientParser.parse("1 Cup Of Flour").name == "Flour")
    }

    @Test func aPriceIsARemarkNotAnAmount() {
        let salt = IngredientParser.parse("salt and pepper to taste ($0.05)")
        #expect(salt.quantity == nil)
        #expect(salt.name == "salt and pepper")
        #expect(salt.comment == "to taste ($0.05)")
        let oil = IngredientParser.parse("1 Tbsp olive oil (€0,16)")
        #expect(oil.quantity == Amount(1))
        #expect(oil.name == "olive oil")
        #expect(oil.comment == "(€0,16)")
    }

    @Test(arguments: [("٢ كوب حمص", 2.0), ("١٫٥ كيلو لحم", 1.5), ("۲ پیمانه برنج", 2.0), ("२ कप चावल", 2.0), ("３００ｇ 豚肉", 300.0), ("١٠ حبات", 10.0)])
    func decimalDigitsOfOtherScriptsAreQuantities(_ line: String, _ value: Double) {
        #expect(IngredientParser.parse(line).quantity?.value == value, "\(line)")
    }

    /// Spanish `ud.`/`uds.` (unidad): the unit, and the `de` after it is not part of the name.
    @Test func spanishUnitAbbreviationsAreUnits() {
        let one = IngredientParser.parse("1 ud. de cebolla")
        #expect(one.quantity?.value == 1 && one.unit == "unit" && one.name == "cebolla", "\(one)")
        let two = IngredientParser.parse("2 uds. de huevo")
        #expect(two.quantity?.value == 2 && two.unit == "unit" && two.name == "huevo", "\(two)")
    }

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
        Case(line: "1,5 kg Kartoffeln", quantity: 1.5, unit: "kilogram", name: "Kartoffeln"),
        // A comma before a fraction parts a whole number from it: 1½, not a range 1.1–2.
        Case(line: "1,1/2 cups water", quantity: 1.5, unit: "cup", name: "water"),
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
        // A list of alternatives is one name; one comma and "and" is a comment.
        Case(line: "6 ounces bourbon, rye, scotch, or brandy", quantity: 6, unit: "ounce", name: "bourbon, rye, scotch, or brandy"),
        Case(line: "2 lemons, zest and juice", quantity: 2, unit: nil, name: "lemons"),
        Case(line: "1 cup cooked, peeled, and deveined shrimp", quantity: 1, unit: "cup", name: "shrimp"),
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

    /// No word of a line vanishes from what the parser gives as name, preparation and unit: a
    /// size word inside a bracket ("(mild, medium, or hot)") was taken out of the comment as
    /// the size, and the size of any line ("2 large eggs") or of each thing it counts
    /// ("(15-oz)" of "1 (15-oz) can") had no field of an ingredient.
    @Test(arguments: [
        "2 (6-ounce (170 g)) medium fillets",
        "2 medium (6-ounce (170 g)) fillets",
        "1 (15-oz (425 g)) can chickpeas",
        "1 (28-ounce (794 g)) can small whole tomatoes",
        "3 small (4 oz (115 g) each) zucchini",
        "2 large eggs, beaten",
        "4.5 ounces diced green chiles, (mild, medium, or hot (1 can))",
        "3 cups thinly sliced apples (about 2 large or 3 medium apples, weighing about 1 pound)",
        "1 pound shrimp (about 20 jumbo (U-15) or 30 large), peeled",
        "2 (8-ounce (225 g)) large boneless chicken breasts, halved (small ones whole)",
        // The size of each thing counted, in brackets of its own ("(15-oz)") or not.
        "1 (15-oz) can chickpeas",
        "2 (6-ounce) fillets",
        "1 (1-inch) piece fresh ginger, peeled",
        "4 6-ounce beef filets",
    ])
    func everyWordOfTheLineIsKept(_ line: String) {
        let parsed = IngredientParser.parse(line)
        let unitText = parsed.layout?.unit.map { span in String(String.UnicodeScalarView(Array(line.unicodeScalars)[span])) } ?? ""
        let kept = [parsed.name, parsed.preparation, unitText].compactMap { $0 }.joined(separator: " ").lowercased()
        let keptWords = Set(kept.split(whereSeparator: { !$0.isLetter }))
        let lost = line.lowercased().split(whereSeparator: { !$0.isLetter })
            .filter { !keptWords.contains($0) && UnitVocabulary.canonical(String($0)) != parsed.unit }
        #expect(lost.isEmpty, "\(lost) of \(line): name \(parsed.name ?? "-"), preparation \(parsed.preparation ?? "-")")
    }

    @Test func aSizeInsideABracketStaysInItsRemark() {
        #expect(IngredientParser.parse("4.5 ounces diced green chiles, (mild, medium, or hot (1 can))").comment == "diced, mild, medium, or hot (1 can)")
        let apples = IngredientParser.parse("3 cups sliced apples (about 2 large or 3 medium apples)")
        #expect(apples.comment == "sliced, (about 2 large or 3 medium apples)")
        #expect(apples.size == nil)
        // A size before the name stays the size, and leads the preparation.
        let eggs = IngredientParser.parse("2 large eggs, beaten")
        #expect(eggs.size == "large" && eggs.name == "eggs" && eggs.preparation == "large, beaten")
    }

    /// `from` and an amount after a line's name say what the amount is taken from: the name
    /// ends before them (it was "no-boil lasagna noodles from one", and the list said "8 no-boil
    /// lasagna noodles from ones"). A thing named by where it comes from keeps its name.
    @Test(arguments: [
        ("12 no-boil lasagna noodles from one 8- or 9-ounce package", "no-boil lasagna noodles", "from one 8- or 9-ounce package"),
        ("2 tablespoons juice from 1 lemon", "juice", "from 1 lemon"),
        ("1 cup chicken stock from 2 bouillon cubes", "chicken stock", "from 2 bouillon cubes"),
        ("2 teaspoons oil from sun-dried tomatoes", "oil from sun-dried tomatoes", nil),
        ("25g/1oz capers from a jar, drained", "capers from a jar", "drained"),
    ] as [(String, String, String?)])
    func whatAnAmountIsTakenFromIsNotItsName(_ line: String, _ name: String, _ comment: String?) {
        let parsed = IngredientParser.parse(line)
        #expect(parsed.name == name && parsed.comment == comment, "\(parsed)")
    }

    static func scalars(of line: String, contain part: String) -> Bool {
        let haystack = Array(line.unicodeScalars), needle = Array(part.unicodeScalars)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// Every part of a parse must make sense for the line it came from.
    func expectWellFormed(_ parsed: ParsedIngredient, _ line: String) {
        if let quantity = parsed.quantity {
            #expect(quantity.value.isFinite && quantity.value >= 0)
            if let upper = quantity.upper { #expect(upper.isFinite && upper > quantity.value) }
        }
        // Cut from the line (compared by scalars: a cut may fall inside a grapheme of hostile text).
        if let name = parsed.name { #expect(!name.isEmpty && Self.scalars(of: line, contain: name)) }
        if let unit = parsed.unit { #expect(UnitVocabulary.canonical(unit) == unit) }
        let length = line.unicodeScalars.count
        for span in parsed.layout?.amounts ?? [] { #expect(span.lowerBound >= 0 && span.upperBound <= length) }
        // Rewriting hostile lines must not crash either.
        let ingredient = Ingredient(line: line, quantity: parsed.quantity, unit: parsed.unit, name: parsed.name)
        _ = IngredientRewriter.converted(IngredientRewriter.scaled(ingredient, by: 2.5), to: .metric)
    }

    @Test func hostileLinesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789 /-½¼⁄.,()xX tbsp cup g of and \u{0}\u{7}\t\n\u{200B}\u{301}😀é日本")
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<80, using: &generator)
            let line = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            expectWellFormed(IngredientParser.parse(line), line)
        }
        // Random scalars from the whole Unicode range, control characters included.
        for _ in 0..<500 {
            let scalars = (0..<Int.random(in: 1..<40, using: &generator)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0..<0x3_0000, using: &generator))
            }
            let line = String(String.UnicodeScalarView(scalars))
            expectWellFormed(IngredientParser.parse(line), line)
        }
        let long = String(repeating: "1 cup flour, ", count: 8000)  // about 100 KB
        for line in ["1/0 cups", "9999999999999999999 cups flour", long, String(repeating: "1 ", count: 50_000), "", "((((", "/ / /", "1/0/0 g"] {
            expectWellFormed(IngredientParser.parse(line), line)
        }
    }
}

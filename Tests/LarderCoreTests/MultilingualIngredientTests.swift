import LarderCore
import Testing

/// Ingredient lines as German, French, Spanish, Italian, Dutch, Scandinavian, Portuguese and
/// Polish recipes write them: units come out as the canonical English unit, connectors after
/// the unit stay out of the name, preparation after a comma goes to the comment.
struct MultilingualIngredientTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var quantity: Double?
        var upper: Double? = nil
        var unit: String?
        var name: String?
        var comment: String? = nil
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        // German.
        Case(line: "2 EL Olivenöl", quantity: 2, unit: "tablespoon", name: "Olivenöl"),
        Case(line: "1 TL Salz", quantity: 1, unit: "teaspoon", name: "Salz"),
        Case(line: "1 Prise Zucker", quantity: 1, unit: "pinch", name: "Zucker"),
        Case(line: "1 Bund Petersilie", quantity: 1, unit: "bunch", name: "Petersilie"),
        Case(line: "2 Dosen Thunfisch", quantity: 2, unit: "can", name: "Thunfisch"),
        Case(line: "2 Zehen Knoblauch", quantity: 2, unit: "clove", name: "Knoblauch"),
        Case(line: "2 Zwiebeln, fein gewürfelt", quantity: 2, unit: nil, name: "Zwiebeln", comment: "fein gewürfelt"),
        Case(line: "1 Prise(n) Pfeffer", quantity: 1, unit: "pinch", name: "Pfeffer"),
        Case(line: "½ Teel. Kreuzkümmel", quantity: 0.5, unit: "teaspoon", name: "Kreuzkümmel"),
        Case(line: "1 Msp. Zucker", quantity: 1, unit: "pinch", name: "Zucker"),
        Case(line: "zwei Stangen Frühlingslauch", quantity: 2, unit: "stalk", name: "Frühlingslauch"),
        // French.
        Case(line: "1 c. à soupe d'huile d'olive", quantity: 1, unit: "tablespoon", name: "huile d'olive"),
        Case(line: "2 c. à c. de sel", quantity: 2, unit: "teaspoon", name: "sel"),
        Case(line: "3 cuillères à soupe de farine", quantity: 3, unit: "tablespoon", name: "farine"),
        Case(line: "1 pincée de sel", quantity: 1, unit: "pinch", name: "sel"),
        Case(line: "500 g de pommes de terre", quantity: 500, unit: "gram", name: "pommes de terre"),
        Case(line: "1 gousse d’ail", quantity: 1, unit: "clove", name: "ail"),
        Case(line: "1 boîte de tomates", quantity: 1, unit: "can", name: "tomates"),
        Case(line: "450 à 500 g d'épaule d'agneau", quantity: 450, upper: 500, unit: "gram", name: "épaule d'agneau"),
        Case(line: "Sel fin : 8 pincée(s)", quantity: 8, unit: "pinch", name: "Sel fin"),
        Case(line: "Une vingtaine d'olives noires", quantity: 20, unit: nil, name: "olives noires"),
        // Spanish and Italian.
        Case(line: "1 cucharada de aceite", quantity: 1, unit: "tablespoon", name: "aceite"),
        Case(line: "1 cucharadita de sal", quantity: 1, unit: "teaspoon", name: "sal"),
        Case(line: "2 dientes de ajo", quantity: 2, unit: "clove", name: "ajo"),
        Case(line: "Una pizca de pimienta negra", quantity: 1, unit: "pinch", name: "pimienta negra"),
        Case(line: "1 lata de garbanzos", quantity: 1, unit: "can", name: "garbanzos"),
        Case(line: "2 cucchiai di pinoli tostati", quantity: 2, unit: "tablespoon", name: "pinoli", comment: "tostati"),
        Case(line: "1 spicchio d'aglio", quantity: 1, unit: "clove", name: "aglio"),
        Case(line: "Sale fino 1 pizzico", quantity: 1, unit: "pinch", name: "Sale fino"),
        Case(line: "200/250 g di Fontina", quantity: 200, upper: 250, unit: "gram", name: "Fontina"),
        // Dutch and Scandinavian.
        Case(line: "1 el olijfolie", quantity: 1, unit: "tablespoon", name: "olijfolie"),
        Case(line: "2 teentjes knoflook", quantity: 2, unit: "clove", name: "knoflook"),
        Case(line: "1 snufje zout", quantity: 1, unit: "pinch", name: "zout"),
        Case(line: "1 blik tomaten", quantity: 1, unit: "can", name: "tomaten"),
        Case(line: "2 spsk. sukker", quantity: 2, unit: "tablespoon", name: "sukker"),
        Case(line: "2 fed hvidløg", quantity: 2, unit: "clove", name: "hvidløg"),
        Case(line: "1 knivspids salt", quantity: 1, unit: "pinch", name: "salt"),
        Case(line: "2 msk smör", quantity: 2, unit: "tablespoon", name: "smör"),
        Case(line: "1,5 dl vatten", quantity: 1.5, unit: "deciliter", name: "vatten"),
        // Portuguese and Polish.
        Case(line: "1 colher (sopa) de azeite", quantity: 1, unit: "tablespoon", name: "azeite"),
        Case(line: "2 colheres de sopa de óleo", quantity: 2, unit: "tablespoon", name: "óleo"),
        Case(line: "1 e meia xícara (chá) de açúcar", quantity: 1.5, unit: "cup", name: "açúcar"),
        Case(line: "2 dentes de alho", quantity: 2, unit: "clove", name: "alho"),
        Case(line: "4 łyżki oliwy", quantity: 4, unit: "tablespoon", name: "oliwy"),
        Case(line: "1 i 1/2 łyżeczki kurkumy", quantity: 1.5, unit: "teaspoon", name: "kurkumy"),
        Case(line: "2 ząbki czosnku", quantity: 2, unit: "clove", name: "czosnku"),
        // English lines of the same kind.
        Case(line: "1 tablespoon + 1 teaspoon sugar", quantity: 1, unit: "tablespoon", name: "sugar"),
        Case(line: "a pinch of saffron", quantity: nil, unit: "pinch", name: "saffron"),
    ]

    @Test(arguments: cases)
    func parses(_ expected: Case) {
        let parsed = IngredientParser.parse(expected.line)
        #expect(parsed.quantity?.value == expected.quantity)
        #expect(parsed.quantity?.upper == expected.upper)
        #expect(parsed.unit == expected.unit)
        #expect(parsed.name == expected.name)
        if let comment = expected.comment { #expect(parsed.comment == comment) }
    }

    @Test func wordsOfTheMeasureAreNotComment() {
        #expect(IngredientParser.parse("a pinch of saffron").comment == nil)
        #expect(IngredientParser.parse("1 tablespoon + 1 teaspoon sugar").comment == nil)
        #expect(IngredientParser.parse("1 c. à soupe d'huile d'olive").comment == nil)
    }

    @Test func asNeededIsNoAmount() {
        let parsed = IngredientParser.parse("1 q.b. coentros")
        #expect(parsed.quantity == nil)
        #expect(parsed.name == "coentros")
        #expect(IngredientParser.parse("sal a gosto").name == "sal")
        #expect(IngredientParser.parse("Olio extravergine di oliva q.b.").name == "Olio extravergine di oliva")
    }

    @Test func aTablespoonStaysATablespoonInMetric() {
        // "c. à soupe" once read as a cup: 240 ml for a tablespoon.
        let line = "1 c. à soupe d'huile d'olive"
        let parsed = IngredientParser.parse(line)
        let ingredient = Ingredient(line: line, quantity: parsed.quantity, unit: parsed.unit, name: parsed.name)
        let metric = IngredientRewriter.converted(ingredient, to: .metric)
        #expect(metric.unit == "tablespoon")
        #expect(!metric.line.contains("ml"))
        #expect(IngredientRewriter.scaled(ingredient, by: 2).line.hasPrefix("2 c. à soupe"))
    }

    @Test func everySpellingMeansOneUnit() {
        for spelling in ["el", "tl", "msk", "tsk", "spsk", "cucharada", "cucchiaino", "łyżka", "łyżeczka", "pincée", "pizca", "knivspids", "gousse", "zehe", "dente"] {
            #expect(UnitVocabulary.canonical(spelling) != nil, "\(spelling)")
        }
        #expect(UnitVocabulary.canonical("c") == "cup")
        #expect(UnitVocabulary.canonical("cs") == "tablespoon")
        #expect(UnitVocabulary.canonical("T") == "tablespoon")
        #expect(UnitVocabulary.canonical("t") == "teaspoon")
    }
}

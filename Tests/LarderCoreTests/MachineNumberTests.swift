import LarderCore
import Testing

/// Numbers written the way programs write them (exponents, hexadecimal) in an ingredient line:
/// one token, never the digits before the letter as the amount and the rest as the name.
struct MachineNumberTests {
    /// The red-team lines: `1e308 cups flour` was quantity 1 named "e308 cups flour",
    /// `0x1p1024 g` quantity 0, `9e307-1e308 cups flour` 9 of "e".
    @Test(arguments: ["1e308 cups flour", "0x1p1024 g", "9e307-1e308 cups flour", "1e-400 g salt", "0xFF g sugar", "1e99999999999 cups flour"])
    func aNumberNoKitchenCanMeasureGivesNoAmount(_ line: String) {
        let parsed = IngredientParser.parse(line)
        #expect(parsed.quantity == nil, "\(line): \(String(describing: parsed.quantity))")
        // The number is not cut in two: no name starts with its tail.
        #expect(!(parsed.name ?? "").hasPrefix("e") && !(parsed.name ?? "").hasPrefix("x"), "\(line): \(String(describing: parsed.name))")
    }

    @Test func exponentNotationWithASaneValueIsThatValue() {
        let sugar = IngredientParser.parse("2.5e2 g sugar")
        #expect(sugar.quantity?.value == 250 && sugar.unit == "gram" && sugar.name == "sugar")
        let salt = IngredientParser.parse("1E-3 kg salt")
        #expect(abs((salt.quantity?.value ?? 0) - 0.001) < 1e-12 && salt.unit == "kilogram")
    }

    @Test func lettersAfterDigitsThatAreNoExponentStayAsTheyWere() {
        #expect(IngredientParser.parse("2 eggs").quantity?.value == 2)
        #expect(IngredientParser.parse("2egg").quantity?.value == 2)
        #expect(IngredientParser.parse("200g flour").unit == "gram")
    }

    /// Scaled, such a line stays as written and is said to be (ScaleBoundTests in LarderKit).
    @Test func aLineWithNoAmountIsNotScaled() {
        let parsed = IngredientParser.parse("1e308 cups flour")
        let ingredient = Ingredient(line: "1e308 cups flour", quantity: parsed.quantity, unit: parsed.unit, name: parsed.name)
        #expect(IngredientRewriter.scaled(ingredient, by: 2).line == "1e308 cups flour")
    }
}

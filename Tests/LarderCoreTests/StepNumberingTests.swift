import LarderCore
import Testing

/// Step numbers written as titles, lines or prefixes: the order of the steps already says them.
struct StepNumberingTests {
    @Test(arguments: ["Step 1", "STEP 2.", "3:", "Schritt 01", "Étape 4"])
    func aNumberAloneIsNumbering(_ text: String) {
        #expect(StepNumbering.isNumbering(text))
    }

    @Test(arguments: ["Prep & Marinate", "Step into the kitchen", "2 eggs"])
    func wordsAreNotNumbering(_ text: String) {
        #expect(!StepNumbering.isNumbering(text))
    }

    @Test func aStepWordPrefixIsDroppedAndABareNumberKept() {
        #expect(StepNumbering.strippingPrefix("STEP 1 | Preheat oven to 170°C.") == "Preheat oven to 170°C.")
        #expect(StepNumbering.strippingPrefix("Step 2: Whisk the eggs.") == "Whisk the eggs.")
        #expect(StepNumbering.strippingPrefix("1. Pon el agua en el vaso.") == "1. Pon el agua en el vaso.")
        #expect(StepNumbering.strippingPrefix("Step up the heat.") == "Step up the heat.")
    }

    @Test func sectionsNamedOnlyByTheirNumberMergeAndNumberLinesGo() {
        let sections = [
            InstructionSection(name: "Step 1", steps: [Step(text: "Heat the pan.")]),
            InstructionSection(name: "Step 2", steps: [Step(text: "Schritt 02"), Step(text: "Add the garlic.")]),
            InstructionSection(name: "Sauce", steps: [Step(text: "Stir in the cream.", name: "3:")]),
        ]
        let cleaned = StepNumbering.cleaned(sections)
        #expect(cleaned.map(\.name) == [nil, "Sauce"])
        #expect(cleaned[0].steps.map(\.text) == ["Heat the pan.", "Add the garlic."])
        #expect(cleaned[1].steps[0].name == nil)
    }
}

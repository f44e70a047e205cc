import LarderCore
@testable import LarderKit
import Testing

/// One scale bound (0.01 to 1000) whichever option asks for it, and every ingredient line a
/// scaling leaves as written named in the run's notes.
struct ScaleBoundTests {
    func recipe(_ title: String, serves: Double, lines: [String]) -> Recipe {
        var recipe = Recipe(id: title.lowercased(), title: title)
        recipe.yield = Yield(text: "\(serves) servings", quantity: Amount(serves), unit: "servings")
        recipe.ingredientGroups = [IngredientGroup(ingredients: lines.map { line in
            let parsed = IngredientParser.parse(line)
            return Ingredient(line: line, quantity: parsed.quantity, unit: parsed.unit, name: parsed.name, preparation: parsed.comment)
        })]
        return recipe
    }

    /// A yield of 1e-300 asked for 10000 servings was a factor of 1e304 (`24999…kg flour`).
    @Test func servingsThatWouldScalePastTheBoundAreRefusedSayingWhy() throws {
        let stage = AdjustAmountsStage(scaling: .servings(10000), units: nil)
        for (serves, factor) in [(1e-300, "1e+304"), (4, "2500")] {
            #expect {
                _ = try stage.apply(recipe("Tiny", serves: serves, lines: ["250 g flour"]))
            } throws: { error in
                let text = "\(error)"
                return text.contains("\"Tiny\" serves") && text.contains("would scale it by \(factor)") && text.contains("0.01 to 1000 only")
            }
        }
        #expect(throws: Never.self) { _ = try AdjustAmountsStage(scaling: .servings(8), units: nil).apply(recipe("Soup", serves: 4, lines: ["250 g flour"])) }
        #expect(RecipeAdjuster.scaleRange == 0.01...1000)
    }

    @Test func everyLineLeftAsWrittenIsNamedInTheNotes() throws {
        let big = recipe("Big bread", serves: 4, lines: ["99999999999999 cups flour", "2 cups water", "salt, to taste"])
        for scaling: AdjustAmountsStage.Scaling in [.factor(2), .servings(8)] {
            guard case .keepNoting(let scaled, let notes) = try AdjustAmountsStage(scaling: scaling, units: nil).apply(big) else {
                Issue.record("no note for a line left unscaled")
                continue
            }
            #expect(scaled.ingredients.map(\.line) == ["99999999999999 cups flour", "4 cups water", "salt, to taste"])
            #expect(notes.count == 1)
            #expect(notes.first?.hasPrefix("\"Big bread\": --") == true && notes.first?.hasSuffix("leaves one line as written, since it holds no amount Larder can read and scale: \"99999999999999 cups flour\"") == true, "\(notes)")
        }
        // Nothing left unscaled, nothing said.
        guard case .keep = try AdjustAmountsStage(scaling: .factor(2), units: nil).apply(recipe("Soup", serves: 4, lines: ["2 cups water", "salt"])) else {
            Issue.record("a note where every line was scaled")
            return
        }
    }

    /// `--units metric` names an amount in a unit Larder does not know (an app's free text),
    /// which no conversion touches: the README says every amount left unconverted is named.
    @Test func conversionNamesAnAmountInAUnitLarderDoesNotKnow() throws {
        var dal = recipe("Dal", serves: 2, lines: ["1 cup water"])
        dal.ingredientGroups[0].ingredients.append(Ingredient(line: "1 thumb fresh ginger", quantity: Amount(1), unit: "thumb", name: "fresh ginger"))
        guard case .keepNoting(_, let notes) = try AdjustAmountsStage(scaling: nil, units: .metric).apply(dal) else {
            Issue.record("no note for an amount in a unit Larder does not know")
            return
        }
        #expect(notes == ["\"Dal\": --units metric leaves one amount as written, since Larder does not know its unit: \"1 thumb fresh ginger\""])
    }
}

import LarderCore
import Testing

/// Meal-Master files typed by hand wrap a long ingredient onto the next line without the `-`
/// that marks a continuation; such a line is the rest of the ingredient above, never an
/// ingredient of its own (JJ/perl6-recipes-apress `apetizer.mmf` has 30 of them).
struct MealMasterWrappedLineTests {
    func lines(of text: String) throws -> [String] {
        let mapped = MealMasterParser.recipes(in: text, context: MappingContext(input: "test.mmf"))
        let recipe = try #require(try mapped.first?.result.get())
        return recipe.ingredients.map(\.line)
    }

    @Test func aWrappedLineWithoutAmountJoinsTheUnfinishedLineAbove() throws {
        let text = """
        MMMMM----- Recipe via Meal-Master (tm) v7.07

              Title: Pancake Rolls
           Servings:  8

              4    Eggs
                   Carrots, finely chopped
                   (for garnish)
              1 c  (about 1/2 lb) ground pork,
                   Uncooked
              2    Scallions, chopped fine
                   (white parts separate from
                   The green)
                   Dash hot chili oil or
                   Tabasco
              1    Garlic clove (pressed)
                   Tabasco sauce
                   Pao bin:

          Stir the eggs.

        MMMMM
        """
        #expect(try lines(of: text) == [
            "4 Eggs",
            "Carrots, finely chopped (for garnish)",
            "1 cup (about 1/2 lb) ground pork, Uncooked",
            "2 Scallions, chopped fine (white parts separate from The green)",
            "Dash hot chili oil or Tabasco",
            "1 Garlic clove (pressed)",
            // A finished line above: a thing of its own.
            "Tabasco sauce",
            "Pao bin:",
        ])
    }

    /// A line that starts in lower case is the rest of the line above, in either column.
    @Test func aLowerCaseLineContinuesItsOwnColumn() throws {
        let text = """
        MMMMM----- Recipe via Meal-Master (tm) v7.07

              Title: Two Columns
           Servings:  2

              1 c  Flour                               2 tb Butter, softened
                   sifted twice                             at room temperature

          Mix.

        MMMMM
        """
        #expect(try lines(of: text) == ["1 cup Flour sifted twice", "2 tbsp Butter, softened at room temperature"])
    }
}


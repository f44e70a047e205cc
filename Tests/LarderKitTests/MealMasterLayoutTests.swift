import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// How Meal-Master files typed by hand lay a recipe out, read as a person reads it (found by a
/// new-user trial on JJ/perl6-recipes-apress `apetizer.mmf`): a line without amount that titles
/// the lines below it, and directions numbered a line each.
struct MealMasterLayoutTests {
    static let wings = """
        MMMMM----- Recipe via Meal-Master (tm) v7.07

              Title: Buffalo Wings W/ Blue Cheese Dip
         Categories: Chicken, Appetizers
           Servings:  6

              6 tb Butter or margarine
            1/4 c  Hot pepper sauce
             18    Chicken wings, disjointed,
                   -tips discarded
                   Dipping Sauce:
            1/4 lb Blue cheese, Roquefort or
                   -Gorgonzola
            1/2 c  Mayonnaise
              1 tb Lemon juice
                   Celery sticks *

          1. Melt butter in a small saucepan. Add hot sauce & remove from the
          heat.
          2. Bake the wings 35 minutes.
          3. Stir the dip together.

          * Or carrot sticks.

        MMMMM
        """

    @Test func aTitleAmongTheLinesMakesAGroupAndNumberedDirectionsAreSteps() async throws {
        let scratch = try ScratchFolder()
        let file = scratch.path("wings.mmf")
        try Data(Self.wings.utf8).write(to: file)
        let recipe = try #require(try await readAll(file.path).first?.recipe)
        #expect(recipe.ingredientGroups.map(\.name) == [nil, "Dipping Sauce"])
        // `Celery sticks *` points to a note: a thing to buy, not a title.
        #expect(recipe.ingredientGroups.last?.ingredients.map(\.line) == ["1/4 lb Blue cheese, Roquefort or Gorgonzola", "1/2 cup Mayonnaise", "1 tbsp Lemon juice",
                                                                         "Celery sticks *"])
        // The shopping list buys no title.
        #expect(!recipe.ingredients.contains { $0.line.hasSuffix(":") })
        #expect(recipe.steps.map(\.text) == ["Melt butter in a small saucepan. Add hot sauce & remove from the heat.",
                                             "Bake the wings 35 minutes.", "Stir the dip together.", "* Or carrot sticks."])
    }
}

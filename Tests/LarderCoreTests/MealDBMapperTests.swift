import Foundation
import LarderCore
import Testing
import TestSupport

struct MealDBMapperTests {
    func recipes(_ fixture: String) throws -> [MappedRecipe] {
        RecipeJSON.read(try Fixtures.data(fixture), context: MappingContext(input: fixture))
    }

    func recipe(_ fixture: String) throws -> Recipe {
        let mapped = try recipes(fixture)
        #expect(mapped.count == 1)
        return try mapped[0].result.get()
    }

    @Test func readsAFullLookupAnswer() throws {
        let tart = try recipe("mealdb/lookup/52768.json")
        #expect(tart.id == "mealdb-52768")
        #expect(tart.title == "Apple Frangipan Tart")
        #expect(tart.categories == ["Dessert"])
        #expect(tart.cuisines == ["British"])
        #expect(tart.provenance.origin == .mealDB)
        #expect(tart.provenance.originalID == "52768")
        #expect(tart.ingredients.first?.line == "175g/6oz digestive biscuits")
        #expect(tart.ingredients.first?.name == "digestive biscuits")
        // The parsed parts wait for the ingredient parser: empty, never guessed.
        #expect(tart.ingredients.allSatisfy { $0.quantity == nil && $0.unit == nil })
        #expect(tart.images.first?.url?.hasSuffix(".jpg") == true)
        #expect(tart.extras["strYoutube"] != nil)
    }

    @Test func readsSlotsPastTwentyInNumericOrder() throws {
        let meal = try recipe("mealdb/edge/ingredient-21-plus.json")
        #expect(meal.ingredients.count == 10)
        #expect(meal.ingredients.last?.line == "1 tbs Sesame Seeds")
        #expect(meal.ingredients[8].name == "Peanut Butter")
    }

    @Test func skipsEmptySlotsAndKeepsOrphanMeasures() throws {
        let meal = try recipe("mealdb/edge/gaps-and-orphans.json")
        #expect(meal.ingredients.map(\.name) == ["soy sauce", "water", "brown sugar", "ground ginger", "cornstarch",
                                                   "chicken breasts", "stir-fry vegetables", "brown rice", "Salt"])
        #expect(meal.ingredients.last?.line == "Salt")
        #expect(meal.extras["strMeasure10"] == .string("1 pinch"))
    }

    @Test func keepsDuplicateIngredients() throws {
        let meal = try recipe("mealdb/edge/duplicate-ingredients.json")
        let names = meal.ingredients.compactMap(\.name).map { $0.lowercased() }
        #expect(names.count > Set(names).count)
    }

    @Test func cleansWhitespaceLineEndingsAndEmptyTags() throws {
        let meal = try recipe("mealdb/edge/whitespace-and-line-endings.json")
        #expect(meal.steps.map(\.text) == ["Step one.", "Step two.", "Step three.", "Step four.", "Step five."])
        #expect(meal.tags.isEmpty)
        #expect(meal.extras["strYoutube"] == nil)
        #expect(!meal.ingredients.contains { $0.line.isEmpty })
    }

    @Test func dropsStepMarkers() throws {
        let meal = try recipe("mealdb/edge/instructions-step-markers.json")
        #expect(!meal.steps.isEmpty)
        #expect(!meal.steps.contains { $0.text.lowercased().hasPrefix("step ") && $0.text.count < 8 })
    }

    @Test func splitsOddTagLists() throws {
        let meals = try recipes("mealdb/edge/tags-odd.json").map { try $0.result.get() }
        #expect(meals.count == 2)
        for meal in meals {
            #expect(!meal.tags.isEmpty)
            #expect(meal.tags.allSatisfy { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespaces) && !$0.contains(",") })
        }
    }

    @Test func readsOldAndNewShapes() throws {
        let legacy = try recipe("mealdb/edge/legacy-strDrinkAlternate.json")
        #expect(legacy.extras["strDrinkAlternate"] == nil || legacy.extras["strDrinkAlternate"] != .null)
        let newer = try recipe("mealdb/edge/shape-2026-strCountry.json")
        #expect(newer.extras["strCountry"] != nil)
        let typed = try recipe("mealdb/edge/types-and-optional-values.json")
        #expect(typed.id == "mealdb-52772")
        #expect(typed.extras["strCreativeCommonsConfirmed"] == .string("Yes"))
        #expect(typed.dates.modified == DateReader.fromString("2017-08-31T12:24:11Z"))
        let missing = try recipe("mealdb/edge/missing-keys.json")
        #expect(missing.ingredients.count == 9)
    }

    @Test func decodesEntitiesAndEscapes() throws {
        let escaped = try recipe("mealdb/edge/raw-escaped.json")
        #expect(escaped.images.first?.url?.hasPrefix("https://www.themealdb.com/") == true)
        let entities = try recipe("mealdb/edge/html-entities.json")
        #expect(!entities.title.contains("&amp;") && !entities.steps.contains { $0.text.contains("&amp;") })
    }

    @Test func reportsEmptyAndBrokenAnswersAsFailures() throws {
        let none = try recipes("mealdb/edge/no-results.json")
        #expect(none.count == 1)
        guard case .failure(let error) = none[0].result else { Issue.record("expected a failure"); return }
        #expect(error.description.contains("no meals"))

        for broken in ["mealdb/edge/truncated.json", "mealdb/edge/not-json.html"] {
            let mapped = try recipes(broken)
            guard case .failure(.notJSON) = mapped.first?.result else { Issue.record("\(broken) should fail as not JSON"); continue }
        }
    }
}

import Foundation
import LarderCore
import Testing
import TestSupport

/// Plans of meals: a text file, one meal a line, and the meal planner's `planner-days.json`.
struct MealPlanTests {
    @Test func aTextPlanIsOneMealALine() {
        let plan = MealPlanText.read("""
            # week 23
            Mon: chickpea-curry-1a2b3c4d x4
            Tue dinner: Simple Lasagna for 6

            Wed:
              Pancakes
              Tomato soup × 2.5
            2024-06-07: Apple pie # for the neighbours
            Pasta: the quick one
            Sa: Recipe #5
            """)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.meals.map(\.place) == ["line 2", "line 3", "line 6", "line 7", "line 8", "line 9", "line 10"])
        #expect(plan.meals.map(\.day) == ["Mon", "Tue dinner", "Wed", "Wed", "2024-06-07", "2024-06-07", "Sa"])
        #expect(plan.meals.map(\.recipe) == ["chickpea-curry-1a2b3c4d", "Simple Lasagna", "Pancakes", "Tomato soup", "Apple pie",
                                              "Pasta: the quick one", "Recipe #5"])
        #expect(plan.meals.map(\.servings) == [4, 6, nil, 2.5, nil, nil, nil])
    }

    /// A wrong line is named with its number and why; the rest of the plan is used.
    @Test func wrongLinesAreNamedAndTheRestIsUsed() {
        let plan = MealPlanText.read("""
            Mon: Soup x0
            Tue: Stew x
            Wed: Pie x-2
            Thu:
            Fri: Curry x1e9
            Sat:   x4
            Sun: Salad x2
            """)
        #expect(plan.meals.map(\.recipe) == ["Salad"])
        #expect(plan.problems.map(\.place) == ["line 1", "line 2", "line 3", "line 5", "line 6"])
        #expect(plan.problems[0].description == "line 1: \"0\" is not a number of servings: write a number from 0.1 to 10,000, such as x4")
        #expect(plan.problems[1].reason.contains("has no number of servings after it"))
        #expect(plan.problems[4].reason.contains("no recipe is named"))
    }

    /// The app keeps each planned meal whole, and its days with a date in seconds since 2001.
    @Test func thePlannersDaysAreAPlan() throws {
        let plan = try MealPlan.read(try Fixtures.data("apps/meal-planner/planner-days.json"), name: "planner-days.json")
        #expect(plan.problems.isEmpty)
        #expect(plan.meals.map(\.recipe) == ["Teriyaki Chicken Casserole", "Apam balik", "Teriyaki Chicken Casserole"])
        #expect(plan.meals.map(\.day) == ["Monday 2025-06-02", "Tuesday 2025-06-03", "Tuesday 2025-06-03"])
        #expect(plan.meals.map(\.place) == ["day 1, meal 1", "day 2, meal 1", "day 2, meal 2"])
        #expect(plan.meals[1].embedded?.ingredients.map(\.line) == ["200ml Milk", "2 Eggs", "1 tsp Sugar"])
    }

    @Test func aFileThatIsNoPlanSaysSo() {
        #expect(throws: MealPlanError.self) { try MealPlan.read(Data(#"{"title": "Pie"}"#.utf8), name: "pie.json") }
        #expect(throws: MealPlanError.self) { try MealPlan.read(Data([0xFF, 0xFE, 0x00]), name: "week.txt") }
    }
}

import Foundation
import Testing
import TestSupport

/// TheMealDB through a loopback stand-in of its API: every ingredient a meal lists arrives,
/// whatever its measure says ("For frying", "garnish", "To serve").
@Suite struct MealDBWorkflowTests {
    @Test func everyListedIngredientArrives() async throws {
        let work = try Workspace()
        let api = Fixtures.url("workflow/mealdb-api")
        let server = try await LocalServer(mealdbFolder: api)
        try await work.run(["import", "mealdb:category=Dessert", "--mealdb-url", server.url("/api/json/v1/1/").absoluteString,
                      "--no-cache", "--library", work.path("lib")])
        let recipes = try work.library("lib").recipes()
        #expect(recipes.count == 3)

        for recipe in recipes {
            let id = recipe.id.replacingOccurrences(of: "mealdb-", with: "")
            let answer = try JSONSerialization.jsonObject(with: Data(contentsOf: api.appendingPathComponent("lookup/\(id).json"))) as! [String: Any]
            let meal = (answer["meals"] as! [[String: Any]])[0]
            let listed = (1...20).compactMap { meal["strIngredient\($0)"] as? String }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            #expect(recipe.ingredients.count == listed.count, "\(recipe.title): \(listed.count) listed, \(recipe.ingredients.count) kept")
            #expect(recipe.ingredientGroups.allSatisfy { $0.name == nil }, "\(recipe.title): TheMealDB has no group headings")
        }
    }

    @Test func aCategoryThatDoesNotExistSaysSo() async throws {
        let work = try Workspace()
        let server = try await LocalServer(mealdbFolder: Fixtures.url("workflow/mealdb-api"))
        let outcome = try await work.run(["import", "mealdb:category=Nope", "--mealdb-url", server.url("/api/json/v1/1/").absoluteString,
                                    "--no-cache", "--library", work.path("lib")], expecting: [0, 1])
        #expect(outcome.printed.contains("Nope"), "the run does not say that category Nope has no meals: \(outcome)")
    }
}

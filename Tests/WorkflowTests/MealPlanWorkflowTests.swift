import Foundation
import LarderCore
import Testing
import TestSupport

/// A week's plan made from the Samples and the other apps' fixtures, through the real binary,
/// and its shopping list read as a shopper reads it: no group title to buy, no fraction of a
/// thing counted, every amount in the system asked for, each thing once, each line traceable to
/// the recipes and meals it is for.
@Suite struct MealPlanWorkflowTests {
    /// America's Test Kitchen's way: group titles written as lines of `recipeIngredient`.
    static let lasagna = """
        {"@context": "https://schema.org", "@type": "Recipe", "name": "Simple Lasagna with Hearty Tomato-Meat Sauce",
         "recipeYield": "8 servings",
         "recipeIngredient": ["Tomato-Meat Sauce", "1 tablespoon olive oil", "1 onion, chopped fine", "6 garlic cloves, minced",
          "1 pound meatloaf mix", "¼ cup heavy cream", "1 (28-ounce) can tomato puree", "1 (28-ounce) can diced tomatoes, drained",
          "Salt and pepper", "Ricotta, Mozzarella, and Pasta Layers", "15 ounces whole-milk ricotta cheese (1 ¾ cups)",
          "2 ½ ounces Parmesan cheese, grated (1 ¼ cups)", "½ cup chopped fresh basil", "1 large egg", "½ teaspoon table salt",
          "½ teaspoon ground black pepper", "12 no-boil lasagna noodles from one 8- or 9-ounce package",
          "4 cups shredded whole milk mozzarella"],
         "recipeInstructions": ["Make the sauce.", "Layer the noodles, ricotta, mozzarella and sauce, and bake."]}
        """

    func library(in work: Workspace) throws -> (String, [String: String]) {
        try work.write(Self.lasagna, to: "atk/lasagna.jsonld")
        let lib = work.path("lib")
        // The app fixtures hold a grocery list, which is no recipe: that input fails, alone.
        try work.run(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, Fixtures.url("apps").path, work.path("atk"),
                      "--library", lib], expecting: [1])
        let listed = try work.run(["list", "--library", lib, "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        var titles: [String: String] = [:]
        for row in rows { if let id = row["id"] as? String, let title = row["title"] as? String { titles[id] = title } }
        return (lib, titles)
    }

    @Test(arguments: [MeasureUnit.System.metric, .us])
    func aWeeksPlanMakesAListToShopWith(units: MeasureUnit.System) throws {
        let work = try Workspace()
        let (lib, titles) = try library(in: work)
        // Two recipes share the casserole's title (TheMealDB's and the planner's): it is named by id.
        let casserole = try #require(titles.first { $0.value == "Teriyaki Chicken Casserole" && $0.key.hasPrefix("mealdb-") }?.key)
        try work.write("""
            Mon: Simple Lasagna with Hearty Tomato-Meat Sauce x4
            Tue: Creamy Potato Soup With Ham x4
            Wed:
              Chickpea Salad x4
              Apam balik
            Thu: \(casserole)
            Thu: Crêpes
            Fri: Shakshuka x4
            Fri: Grandma's Apple Pie
            Sat: Gyros vom Drehspieß x4
            Sat: Tomato Soup x4
            Sun: Weeknight Dal
            Sun: Beef Ragù x6
            Sun: Miso Glazed Salmon x4
            Sun: Old-Fashioned Lemonade x4
            """, to: "week.txt")
        let out = work.path("week")
        try work.run(["plan", work.path("week.txt"), "--library", lib, "--units", units.rawValue, "--output", out])
        let list = try JSONDecoder().decode(ShoppingList.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/shopping-list.json")))
        let items = list.items + list.checkYouHave
        #expect(list.recipes.count == 14)

        // No group title is a thing to buy, nor the line of one; the lasagna's were written as lines.
        var titlesOfGroups: Set<String> = []
        for id in list.recipeIDs {
            let stored = try work.run(["show", "--library", lib, id, "--json"])
            let recipe: Recipe = try CanonicalJSON.decode(Data(stored.output.utf8))
            titlesOfGroups.formUnion(recipe.ingredientGroups.compactMap(\.name).map { $0.lowercased() })
        }
        #expect(titlesOfGroups.isSuperset(of: ["tomato-meat sauce", "ricotta, mozzarella, and pasta layers"]))
        for item in items {
            #expect(!titlesOfGroups.contains(item.name.lowercased()), "a group title bought: \(item.name)")
            for source in item.sources { #expect(!titlesOfGroups.contains(source.line.lowercased()), "\(item.name) from \(source.line)") }
        }

        for item in items {
            for amount in item.amounts {
                if let measure = MeasureUnit.named(amount.unit) {
                    // Every amount in the system asked for; spoons belong to both.
                    if let system = measure.system { #expect(system == units, "\(amount.text) \(item.name)") }
                } else {
                    // No fraction of a thing counted.
                    let ends = [amount.value] + (amount.upper.map { [$0] } ?? [])
                    #expect(ends.allSatisfy { $0 == $0.rounded() && $0 >= 1 }, "\(amount.text) \(item.name)")
                }
            }
        }

        // Each thing once.
        let keys = items.map { ShoppingName.key($0.name) }
        #expect(Set(keys).count == keys.count, "\(keys.sorted())")

        // Each line traceable: to recipes of the list, the meals of the plan, and lines of the
        // recipes as they were cooked.
        let days: Set<String> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        var pages: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: out) where file.hasSuffix(".md") {
            pages[file] = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
        }
        for item in items {
            #expect(!item.sources.isEmpty, "\(item.name)")
            for source in item.sources {
                let number = try #require(list.recipeIDs.firstIndex(of: source.id), "\(source.id)")
                #expect(list.recipes[number] == source.recipe)
                #expect(source.meal.map(days.contains) == true, "\(source)")
                #expect(pages.values.contains { $0.contains(source.line) || $0.contains(MarkdownText.inline(source.line)) }, "\(source.line)")
            }
        }
        // In Markdown, each line ends with the numbers of its recipes.
        let markdown = try String(contentsOfFile: out + "/shopping-list.md", encoding: .utf8)
        let itemLines = markdown.split(separator: "\n").filter { $0.hasPrefix("- [ ] ") }
        #expect(itemLines.count == items.count)
        for line in itemLines { #expect(line.range(of: #" \*\(\d+(, \d+)*\)\*$"#, options: .regularExpression) != nil, "\(line)") }
        // The issue's lines, as the shopper met them.
        let plain = ShoppingListText.withoutRecipeNumbers(markdown)
        #expect(plain.contains("- [ ] 6 no-boil lasagna noodles\n"))
        #expect(plain.contains("- [ ] 1 ⅓ tbsp butter\n"))
        #expect(!plain.contains("Tomato-Meat Sauce\n") && !plain.contains("- [ ] Ricotta\n"))
        // The week page links every meal to its recipe's page.
        let plan = try #require(pages["plan.md"])
        for link in plan.matches(of: /\]\(<([^>]+)>\)/) where link.1 != "shopping-list.md" {
            #expect(pages[String(link.1)] != nil, "\(link.1)")
        }
    }
}

import Foundation
import LarderCore
import Testing
import TestSupport

/// `larder plan` and `export --format shopping-list --plan`: a week of meals from a plan file,
/// its recipes and its shopping list; wrong lines named by their number, the rest used.
@Suite(.serialized)
struct PlanCommandLineTests {
    func larder(_ arguments: [String]) throws -> LarderCommand {
        try LarderCommand.run(arguments)
    }

    func libraryOfTheSamples(in scratch: ScratchFolder) throws -> String {
        let library = scratch.path("samples").path
        #expect(try larder(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--library", library]).status == 0)
        return library
    }

    static let week = """
        # a week of the Samples
        Mon: tomato-soup-f75ab14b x2
        Tue: chickpea salad for 8
        Wed:
          Shakshuka
          Tomato Soup x2
        Thu: Pancakes
        Fri: Apple Frangipan Tart x6
        Sat: Shakshuka x0
        """

    @Test func aPlanIsWrittenAsTheWeekItsRecipesAndItsList() throws {
        let scratch = try ScratchFolder()
        let library = try libraryOfTheSamples(in: scratch)
        try Data(Self.week.utf8).write(to: scratch.path("week.txt"))
        let out = scratch.path("week")
        let run = try larder(["plan", scratch.path("week.txt").path, "--library", library, "--output", out.path])
        // Three lines cannot be used: each is named by its number; the four meals are written.
        #expect(run.status == 1)
        #expect(run.printed.contains("week.txt line 7") && run.printed.contains("no recipe has the id or title \"Pancakes\""), "\(run.printed)")
        #expect(run.printed.contains("week.txt line 8") && run.printed.contains("\"Apple Frangipan Tart\" does not say how many it serves"))
        #expect(run.printed.contains("week.txt line 9") && run.printed.contains("\"0\" is not a number of servings"))
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files.contains("plan.md") && files.contains("shopping-list.md") && files.contains("shopping-list.json") && files.contains("index.md"))
        let plan = try String(contentsOf: out.appendingPathComponent("plan.md"), encoding: .utf8)
        #expect(plan.contains("## Mon\n\n- [Tomato Soup](<tomato-soup.md>), serves 2\n"), "\(plan)")
        #expect(plan.contains("## Tue\n\n- [Chickpea Salad](<chickpea-salad.md>), serves 8\n"))
        #expect(plan.contains("## Wed\n\n- [Shakshuka](<shakshuka.md>), serves 3\n- [Tomato Soup](<tomato-soup.md>), serves 2\n"))
        #expect(plan.contains("## Not in the plan") && plan.contains("line 7 (Pancakes)"))
        // Every page linked is there, cooked for the servings of its meals.
        for page in ["tomato-soup.md", "chickpea-salad.md", "shakshuka.md"] { #expect(files.contains(page), "\(page)") }
        let salad = try String(contentsOf: out.appendingPathComponent("chickpea-salad.md"), encoding: .utf8)
        #expect(salad.contains("servings: 8\n"))
        // The soup is cooked twice: bought for twice.
        let list = try JSONDecoder().decode(ShoppingList.self, from: Data(contentsOf: out.appendingPathComponent("shopping-list.json")))
        #expect(list.recipes == ["Tomato Soup", "Chickpea Salad", "Shakshuka"])
        let soupLines = list.items.flatMap(\.sources).filter { $0.recipe == "Tomato Soup" }
        #expect(Set(soupLines.compactMap(\.meal)) == ["Mon", "Wed"])
        #expect(soupLines.count == 2 * soupLines.filter { $0.meal == "Mon" }.count)
    }

    /// The meal planner's own file is a plan: its meals are found in the library by title, or
    /// used as the file holds them when there is no library.
    @Test func theMealPlannersDaysArePlannedToo() throws {
        let scratch = try ScratchFolder()
        let out = scratch.path("planned")
        let run = try larder(["plan", Fixtures.url("apps/meal-planner/planner-days.json").path, "--output", out.path])
        #expect(run.status == 0, "\(run.printed)")
        let plan = try String(contentsOf: out.appendingPathComponent("plan.md"), encoding: .utf8)
        #expect(plan.contains("## Monday 2025-06-02\n\n- [Teriyaki Chicken Casserole](<teriyaki-chicken-casserole.md>)\n"), "\(plan)")
        #expect(plan.contains("## Tuesday 2025-06-03\n\n- [Apam balik](<apam-balik.md>)\n- [Teriyaki Chicken Casserole]"))
        let list = try String(contentsOf: out.appendingPathComponent("shopping-list.md"), encoding: .utf8)
        // Two casseroles: 2 lbs of chicken breasts each.
        #expect(ShoppingListText.withoutRecipeNumbers(list).contains("- [ ] 4 lb chicken breasts\n"), "\(list)")
    }

    @Test func exportWritesThePlansShoppingList() throws {
        let scratch = try ScratchFolder()
        let library = try libraryOfTheSamples(in: scratch)
        try Data("Mon: Tomato Soup x2\nTue: Tomato Soup x2\n".utf8).write(to: scratch.path("week.txt"))
        let output = scratch.path("list.json")
        let run = try larder(["export", "--library", library, "--format", "shopping-list", "--plan", scratch.path("week.txt").path, "--output", output.path])
        #expect(run.status == 0, "\(run.printed)")
        let list = try JSONDecoder().decode(ShoppingList.self, from: Data(contentsOf: output))
        #expect(list.recipes == ["Tomato Soup"])
        #expect(list.items.allSatisfy { item in Set(item.sources.compactMap(\.meal)) == ["Mon", "Tue"] })
        // The plan chooses the recipes and their servings, and is a shopping list's.
        for extra in [["--search", "soup"], ["--servings", "4"], ["--format", "markdown"]] {
            var arguments = ["export", "--library", library, "--plan", scratch.path("week.txt").path, "--output", scratch.path("x").path]
            arguments += extra.first == "--format" ? extra : ["--format", "shopping-list"] + extra
            let refused = try larder(arguments)
            #expect(refused.status == 2, "\(extra): \(refused.printed)")
            #expect(refused.errors.contains("--plan"))
        }
        let missing = try larder(["export", "--library", library, "--format", "shopping-list", "--plan", scratch.path("nope.txt").path,
                                  "--output", output.path])
        #expect(missing.status == 2 && missing.errors.contains("nope.txt") && missing.errors.contains("does not exist"), "\(missing.errors)")
    }

    @Test func aislesAndPantryFilesShapeTheList() throws {
        let scratch = try ScratchFolder()
        let library = try libraryOfTheSamples(in: scratch)
        try Data("Fruit and veg: tomatoes, onions, garlic\nTins:\n  chickpeas\n".utf8).write(to: scratch.path("aisles.txt"))
        try Data("salt\nolive oil\n".utf8).write(to: scratch.path("pantry.txt"))
        let output = scratch.path("list.md")
        let run = try larder(["export", "--library", library, "--format", "shopping-list", "--output", output.path, "--search", "tomato",
                              "--aisles", scratch.path("aisles.txt").path, "--pantry", scratch.path("pantry.txt").path])
        #expect(run.status == 0, "\(run.printed)")
        let list = ShoppingListText.withoutRecipeNumbers(try String(contentsOf: output, encoding: .utf8))
        #expect(list.contains("\n## Fruit and veg\n"), "\(list)")
        #expect(list.contains("\n## Check you have\n") && list.contains("olive oil\n"))
        #expect(!list.contains("## Spices\n\n- [ ] salt"))
        try Data("tomatoes\n".utf8).write(to: scratch.path("bad.txt"))
        let bad = try larder(["export", "--library", library, "--format", "shopping-list", "--output", output.path, "--aisles", scratch.path("bad.txt").path])
        #expect(bad.status == 2)
        #expect(bad.errors.contains("bad.txt, line 1: \"tomatoes\" comes before any aisle"), "\(bad.errors)")
        let elsewhere = try larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path("book").path,
                                    "--pantry", scratch.path("pantry.txt").path])
        #expect(elsewhere.status == 2 && elsewhere.errors.contains("--pantry is for --format shopping-list"))
    }
}

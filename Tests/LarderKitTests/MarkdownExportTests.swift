import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport
import Yams

struct MarkdownExportTests {
    static let hostile: Recipe = {
        var recipe = Recipe(id: "hostile-1", title: "# Not a heading: *really* | ---")
        recipe.description = "---\ntitle: injected\n---\n<script>alert(1)</script>"
        recipe.provenance.author = "O'Brien \"The Cook\" #1"
        recipe.provenance.sourceURL = "https://example.com/a b)(<x>"
        recipe.categories = ["Dessert: sweet", "- list"]
        recipe.tags = ["tag, with comma", "[brackets]", "@at"]
        recipe.yield = Yield(text: "4: people", quantity: Amount(4), unit: "servings")
        recipe.ingredientGroups = [IngredientGroup(name: "## Sauce", ingredients: [
            Ingredient(line: "1. not a list item"), Ingredient(line: "- dash"), Ingredient(line: "`code` and <b>html</b> & &amp;"),
        ])]
        recipe.instructionSections = [InstructionSection(name: nil, steps: [Step(text: "| table | row |"), Step(text: "  leading spaces")])]
        recipe.notes = ["===\nsetext?"]
        return recipe
    }()

    func frontMatter(of markdown: String) throws -> [String: Any] {
        let parts = markdown.components(separatedBy: "\n---\n")
        #expect(markdown.hasPrefix("---\n"))
        let yaml = String(parts[0].dropFirst(4))
        return try #require(try Yams.load(yaml: yaml) as? [String: Any])
    }

    /// Imported as `larder import` does: read, then normalized (where group titles are found).
    func imported(_ recipe: Recipe) throws -> Recipe {
        guard case .keep(let normalized) = try NormalizeStage().apply(recipe) else { throw CancellationError() }
        return normalized
    }

    func importedMarkdown(_ text: String) throws -> Recipe {
        try imported(MarkdownRecipeMapper.recipe(from: text, fileName: "recipe", context: MappingContext(input: "test.md")))
    }

    /// TheMealDB's `For frying` + `Oil` is the line `For frying Oil`: in Larder's own Markdown,
    /// which writes a group's name as a `###` heading, such a list item comes back as the
    /// ingredient it is, not as the title of a group that takes every line after it.
    @Test func aLineThatReadsLikeAGroupTitleComesBackAsAnIngredient() throws {
        let fields = [
            "idMeal": "990001", "strMeal": "Fry Test", "strInstructions": "Mix.\r\nFry.",
            "strIngredient1": "Flour", "strMeasure1": "2 cups", "strIngredient2": "Oil", "strMeasure2": "For frying",
            "strIngredient3": "Icing Sugar", "strMeasure3": "To serve", "strIngredient4": "Sugar", "strMeasure4": "1 cup",
        ]
        let meal = fields.mapValues(JSONValue.string)
        var recipe = try imported(MealDBMapper.map(meal, context: MappingContext(input: "fry.json")))
        recipe.ingredientGroups.append(IngredientGroup(name: "Glaze", ingredients: [Ingredient(line: "For the top: 1 cup sugar")]))
        let back = try importedMarkdown(MarkdownWriter().render(recipe))
        #expect(back.ingredientGroups.map(\.name) == [nil, "Glaze"])
        #expect(back.ingredients.map(\.line) == ["2 cups Flour", "For frying Oil", "To serve Icing Sugar", "1 cup Sugar", "For the top: 1 cup sugar"])

        // Markdown written by hand (no front matter of Larder's) still names a group with a title line.
        let handWritten = try importedMarkdown("""
        # Doughnuts

        ## Ingredients

        - For the dough:
        - 2 cups flour
        - For frying:
        - oil
        """)
        #expect(handWritten.ingredientGroups.map(\.name) == ["For the dough", "For frying"])
        #expect(handWritten.ingredients.map(\.line) == ["2 cups flour", "oil"])
    }

    @Test func frontMatterSurvivesHostileTextAndParsesBack() throws {
        let markdown = MarkdownWriter().render(Self.hostile)
        let front = try frontMatter(of: markdown)
        #expect(front["title"] as? String == Self.hostile.title)
        #expect(front["author"] as? String == Self.hostile.provenance.author)
        #expect(front["source"] as? String == Self.hostile.provenance.sourceURL)
        #expect(front["categories"] as? [String] == Self.hostile.categories)
        #expect(front["tags"] as? [String] == Self.hostile.tags)
        #expect(front["yield"] as? String == "4: people")
        #expect(front["servings"] as? Int == 4)
        // Only the two front-matter fences start a line with ---.
        #expect(markdown.split(separator: "\n").filter { $0.hasPrefix("---") }.count == 2)
    }

    /// What static-site generators and Obsidian sort and show by: times as minutes and as
    /// ISO-8601, the date, the description.
    @Test func frontMatterCarriesTimesDatesAndDescription() throws {
        var recipe = Self.hostile
        recipe.times = RecipeTimes(prep: RecipeDuration(minutes: 15), cook: RecipeDuration(minutes: 90), total: RecipeDuration(text: "overnight"))
        recipe.dates = RecipeDates(created: Date(timeIntervalSince1970: 1_700_000_000))
        recipe.rating = Rating(value: 4.5, count: 12)
        let front = try frontMatter(of: MarkdownWriter().render(recipe))
        #expect(front["description"] as? String == recipe.description)
        #expect(front["prep_time"] as? Int == 15)
        #expect(front["prep_time_iso"] as? String == "PT15M")
        #expect(front["cook_time_iso"] as? String == "PT1H30M")
        #expect(front["total_time"] as? String == "overnight")
        #expect(front["date"] as? String == "2023-11-14")
        #expect(front["rating"] as? Double == 4.5)
    }

    @Test func bodyTextCannotBecomeMarkup() {
        let body = MarkdownWriter().render(Self.hostile).components(separatedBy: "\n---\n")[1]
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("# \\# Not a heading: \\*really\\* \\| ---"))
        #expect(lines.contains("### \\#\\# Sauce"))
        #expect(lines.contains("- 1\\. not a list item"))
        #expect(lines.contains("- \\- dash"))
        #expect(lines.contains("- \\`code\\` and \\<b\\>html\\</b\\> & &amp;amp;"))
        #expect(lines.contains("1. \\| table \\| row \\|"))
        #expect(lines.contains("2. leading spaces"))
        #expect(!body.contains("<script>"))
        // A note's lines are kept apart by hard breaks (a backslash at the line's end), so that the
        // note reads back whole; its `===` line is still escaped.
        #expect(lines.contains("\\===\\") && lines.contains("setext?"))
    }

    @Test func exportingTheSameLibraryTwiceGivesIdenticalFiles() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        _ = try await importInputs([Fixtures.url("apps").path, Fixtures.url("schema-org").path, Fixtures.url("json").path], into: library)
        var outputs: [[String: Data]] = []
        for name in ["one", "two"] {
            let sink = try MarkdownSink(output: scratch.path(name), imageSource: library)
            let report = try await Pipeline(sources: [LibrarySource(library: library)], stages: [], sink: sink).run()
            #expect(report.failed == 0)
            outputs.append(try snapshot(scratch.path(name)))
        }
        #expect(outputs[0] == outputs[1])
        let ids = try library.recipeIDs()
        #expect(outputs[0].keys.filter { $0.hasSuffix(".md") && $0 != "/index.md" }.count == ids.count)

        // The index links every recipe file, and every link resolves.
        let index = String(decoding: try #require(outputs[0]["/index.md"]), as: UTF8.self)
        let links = index.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.range(of: "](<"), let close = line.range(of: ">)") else { return nil }
            return String(line[open.upperBound..<close.lowerBound])
        }
        #expect(links.count == ids.count)
        #expect(links.allSatisfy { outputs[0]["/" + $0] != nil })
        // The embedded photo was copied beside the Markdown and linked relatively.
        #expect(outputs[0].keys.contains { $0.hasPrefix("/images/") && $0.hasSuffix(".png") })
    }

    @Test func filtersChooseWhatIsExported() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        _ = try await importInputs([Fixtures.url("apps").path], into: library)
        let sink = try MarkdownSink(output: scratch.path("vegan"), imageSource: library)
        let report = try await Pipeline(sources: [LibrarySource(library: library)], stages: [FilterStage(RecipeFilter(diets: ["vegan"]))], sink: sink).run()
        #expect(report.imported == 1)
        #expect(FileManager.default.fileExists(atPath: scratch.path("vegan/chickpea-salad.md").path))
    }
}

import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// Runs an import the way `larder import` does.
func importInputs(_ inputs: [String], into library: Library, duplicates: DuplicatePolicy = .skip) async throws -> RunReport {
    try await StagePreset.importIntoLibrary(library, policy: duplicates).pipeline(sources: inputs.map { FileSource(path: $0) }).run()
}

struct ImportPipelineTests {
    /// The size word of a line ("large" of "2 large eggs") and the size of each can ("14 oz")
    /// were parsed apart from the name and then dropped: the imported ingredient had name
    /// "eggs" and no word of "large".
    @Test func anImportedLineKeepsItsSizeWord() throws {
        var recipe = Recipe(id: "", title: "Omelette")
        recipe.ingredientGroups = [IngredientGroup(ingredients: ["2 large eggs, beaten", "2 medium (6-ounce (170 g)) fillets", "1 small onion", "1 (14 oz) can tomatoes"].map { Ingredient(line: $0) })]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Cook.")])]
        guard case .keep(let normalized) = try NormalizeStage().apply(recipe) else { Issue.record("dropped"); return }
        #expect(normalized.ingredients.map(\.name) == ["eggs", "fillets", "onion", "tomatoes"])
        #expect(normalized.ingredients.map(\.preparation) == ["large, beaten", "medium, 6-ounce (170 g)", "small", "14 oz"])
    }

    @Test func aMalformedFileAmongGoodOnesIsReportedAndTheRestImported() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        let inputs = [Fixtures.url("apps/recipe-search-local/recipes.json").path,
                      Fixtures.url("malformed/truncated-recipe.json").path,
                      Fixtures.url("mealdb/lookup/52768.json").path,
                      Fixtures.url("malformed/plain-text.json").path]
        let report = try await importInputs(inputs, into: library)
        #expect(report.imported == 3)
        #expect(report.failed == 2)
        let failures = report.entries.filter { $0.status == .failed }
        #expect(failures.map(\.input) == [inputs[1], inputs[3]])
        #expect(failures.allSatisfy { $0.stage == "read" && ($0.reason ?? "").contains("not valid JSON") })
        #expect(try library.recipeIDs().count == 3)

        let written = try CanonicalJSON.decode(RunReport.self, from: Data(contentsOf: library.reportURL))
        #expect(written.entries.count == 5)
    }

    @Test func importingTheSameInputsTwiceChangesNothing() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        let inputs = [Fixtures.url("apps").path, Fixtures.url("mealdb/lookup").path]
        let first = try await importInputs(inputs, into: library)
        #expect(first.imported >= 10)
        let before = try snapshot(library.root).filter { $0.key != "/report.json" }

        let second = try await importInputs(inputs, into: library)
        #expect(second.imported == 0)
        #expect(second.skipped == first.imported + first.skipped)
        #expect(try snapshot(library.root).filter { $0.key != "/report.json" } == before)
    }

    @Test func duplicatesAreSkippedWithTheReason() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        // The planner repeats the same meals on several days.
        let report = try await importInputs([Fixtures.url("apps/meal-planner/planner-days.json").path], into: library)
        #expect(report.imported == 2)
        #expect(report.skipped >= 1)
        #expect(report.entries.filter { $0.status == .skipped }.allSatisfy { $0.stage == "dedupe" && $0.reason?.contains("same title") == true })
    }

    @Test func trackingParametersDoNotHideADuplicateURL() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        let original = #"{"title": "Pie", "sourceURL": "https://example.com/pie", "ingredients": ["1 apple"]}"#
        // The same recipe edited since (its content differs, so only its address tells).
        let tracked = #"{"title": "Pie", "sourceURL": "http://EXAMPLE.com/pie/?utm_source=mail#top", "ingredients": ["2 apples"]}"#
        try Data(original.utf8).write(to: scratch.path("a.json"))
        try Data(tracked.utf8).write(to: scratch.path("b.json"))
        let report = try await importInputs([scratch.path("a.json").path, scratch.path("b.json").path], into: library)
        #expect(report.imported == 1)
        #expect(report.entries[1].reason?.contains("same source URL") == true)
    }

    @Test func aMissingInputFailsAlone() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        let report = try await importInputs([scratch.path("nope.json").path, Fixtures.url("json/canonical-v1.json").path], into: library)
        #expect(report.failed == 1 && report.imported == 1)
        #expect(report.entries[0].reason == "no such file or folder")
    }

    @Test func everyShapeSurvivesTheLibraryWithoutLosingAField() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        let folder = Fixtures.url("").path
        _ = try await importInputs([folder], into: library)
        let ids = try library.recipeIDs()
        #expect(ids.count > 20)
        for id in ids {
            let data = try Data(contentsOf: library.recipeURL(id: id))
            let recipe = try CanonicalJSON.decode(data)
            #expect(try CanonicalJSON.encode(recipe) == data, "recipes/\(id).json does not round-trip")
        }
        // The base64 photo of the iCloud cookbook became a file with its hash recorded.
        let pie = try ids.map(library.load(id:)).first { $0.title == "Grandma's Apple Pie" }
        let image = try #require(pie?.images.first)
        let bytes = try Data(contentsOf: library.url(forRelativePath: try #require(image.path)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(image.sha256 == SHA256.hex([UInt8](bytes)))
        // The manifest lists every file with its checksum.
        let manifest = try #require(try ManifestReader.open(folder: library.root)).readAll()
        #expect(manifest.filter { $0.path.hasPrefix("recipes/") }.count == ids.count)
        #expect(manifest.contains { $0.path == image.path && $0.sha256 == image.sha256 })
    }

    /// A recipe changed at its source since it was imported: re-importing skips it by default,
    /// replaces the stored one with `update` (same id), and keeps both with `copy`.
    @Test func aChangedRecipeIsSkippedUpdatedOrCopiedByThePolicy() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        let input = scratch.path("recipe.json")
        var recipe = try CanonicalJSON.decode(Fixtures.data("json/canonical-v1.json"))
        try CanonicalJSON.encode(recipe).write(to: input)
        _ = try await importInputs([input.path], into: library)
        recipe.title = "Changed at the source"
        try CanonicalJSON.encode(recipe).write(to: input)

        let skipped = try await importInputs([input.path], into: library)
        #expect(skipped.skipped == 1)
        #expect(try library.load(id: recipe.id).title != "Changed at the source")

        let updated = try await importInputs([input.path], into: library, duplicates: .update)
        #expect(updated.imported == 1)
        #expect(try library.recipeIDs() == [recipe.id])
        #expect(try library.load(id: recipe.id).title == "Changed at the source")

        let copied = try await importInputs([input.path], into: library, duplicates: .copy)
        #expect(copied.imported == 1)
        #expect(try library.recipeIDs().sorted() == [recipe.id, recipe.id + "-copy"].sorted())
    }

    /// The manifest reuses checksums it can trust rather than reading the library back; a file
    /// changed by hand since the last run must still get its new checksum.
    @Test func theManifestFollowsAFileEditedByHand() async throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        _ = try await importInputs([Fixtures.url("apps/recipe-search-local/recipes.json").path], into: library)
        let edited = library.recipeURL(id: try #require(try library.recipeIDs().first))
        try Data((String(decoding: try Data(contentsOf: edited), as: UTF8.self) + "\n").utf8).write(to: edited)

        _ = try await importInputs([Fixtures.url("mealdb/lookup/52768.json").path], into: library)
        let manifest = try #require(try ManifestReader.open(folder: library.root)).readAll()
        #expect(manifest.filter { $0.path.hasPrefix("recipes/") }.count == (try library.recipeIDs().count))
        for file in manifest {
            #expect(SHA256.hex(try Data(contentsOf: library.url(forRelativePath: file.path))) == file.sha256, "\(file.path)")
        }
    }
}

struct MealDBSplitFormTests {
    /// TheMealDB gives a measure and a name apart; the line joins them and is parsed into the
    /// same structure as any other line, keeping the name the source gave.
    @Test func measureAndNameBecomeOneParsedIngredient() throws {
        let data = try Fixtures.data("mealdb/lookup/52772.json")
        let recipe = try #require(try RecipeJSON.read(data, context: MappingContext(input: "52772.json")).first?.result.get())
        guard case .keep(let normalized) = try NormalizeStage().apply(recipe) else {
            Issue.record("the meal was not kept")
            return
        }
        let garlic = try #require(normalized.ingredientGroups.flatMap(\.ingredients).first { $0.name == "minced garlic" })
        #expect(garlic.line == "1/2 teaspoon minced garlic")
        #expect(garlic.quantity == Amount(0.5))
        #expect(garlic.unit == "teaspoon")
        #expect(garlic.preparation == nil)
        let soy = try #require(normalized.ingredientGroups.flatMap(\.ingredients).first { $0.name == "soy sauce" })
        #expect(soy.quantity == Amount(0.75))
        #expect(soy.unit == "cup")
    }

    /// Apps that store amounts apart write units their own way; the library keeps canonical
    /// names so that scaling, conversion and shopping lists recognise them.
    @Test func unitsTheSourceGaveBecomeCanonical() throws {
        let recipe = Recipe(title: "Shakshuka", ingredientGroups: [IngredientGroup(ingredients: [
            Ingredient(line: "800 g crushed tomatoes", quantity: Amount(800), unit: "g", name: "crushed tomatoes"),
            Ingredient(line: "2 Tbsps oil", quantity: Amount(2), unit: "Tbsps", name: "oil"),
            Ingredient(line: "1 knob ginger", quantity: Amount(1), unit: "knob", name: "ginger"),
        ])])
        guard case .keep(let normalized) = try NormalizeStage().apply(recipe) else {
            Issue.record("the recipe was not kept")
            return
        }
        #expect(normalized.ingredients.map(\.unit) == ["gram", "tablespoon", "knob"])
    }
}

import Foundation
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// Issue 30's findings on the way out: real exports (a Paprika export with nutrition, ratings and
/// photos, a French Cooklang collection with pictures, Mealie's and Tandoor's own) lost data in
/// silence. Each test writes a recipe the way an export does, imports what was written as
/// `import` reads it, and checks the field came back, and that the fidelity report has nothing
/// to say of it.
struct ExportFindingsTests {
    struct Exported {
        var back: Recipe
        /// The fields the fidelity report names for the recipe.
        var reported: Set<String>
        var output: URL
    }

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0xFF, 0xD9]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]

    func export(_ recipe: Recipe, as format: RecipeFormat, in scratch: ScratchFolder) async throws -> Exported {
        let writer = try #require(format.writer)
        let output = switch writer.layout {
        case .tree: scratch.path("out")
        case .file(let examples): scratch.path(try #require(examples.first))
        }
        let report = scratch.path("report.json")
        let sink = try writer.makeSink(FormatOutput(url: output, fidelity: FidelityOptions(report: report)))
        _ = try sink.write(recipe)
        try sink.finish(report: RunReport())
        let back = try #require(try await readAll(output.path).compactMap(\.recipe).first)
        let json = try JSONValue.parse(Data(contentsOf: report))
        let fields = json["recipes"]?.arrayValue?.first?["differences"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
        return Exported(back: back, reported: Set(fields), output: output)
    }

    static func recipe(_ title: String = "Tarte Tatin") -> Recipe {
        var recipe = Recipe(id: "tarte", title: title)
        recipe.ingredientGroups = [IngredientGroup(ingredients: [Ingredient(line: "6 apples", quantity: Amount(6), name: "apples")])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Bake the apples.")])]
        return recipe
    }

    // MARK: Cooklang

    /// Cooklang: nutrition in 30 recipes, ratings in 40, were dropped. The front matter holds
    /// them (nutrition as cook CLI's import writes it).
    @Test func cooklangKeepsNutritionAndRating() async throws {
        var recipe = Self.recipe()
        recipe.nutrition = ["calories": "250 kcal", "fatContent": "9 g", "ironContent": "2 mg"]
        recipe.rating = Rating(value: 4.5, count: 12)
        let scratch = try ScratchFolder()
        let exported = try await export(recipe, as: .cooklang, in: scratch)
        #expect(exported.back.nutrition == recipe.nutrition)
        #expect(exported.back.rating == recipe.rating)
        #expect(exported.reported.isDisjoint(with: ["nutrition", "rating"]), "\(exported.reported)")
        let text = try String(contentsOf: exported.output.appendingPathComponent("Tarte Tatin.cook"), encoding: .utf8)
        #expect(text.contains("nutrition:\n  calories: 250 kcal\n  fat: 9 g\n"), "\(text)")
    }

    /// Cooklang: every picture but the first was dropped (37 recipes), and an address was cut at
    /// its first comma (`…/upload/ar_1:1,c_fill,dpr_2.0,…` → `…/upload/ar_1:1`).
    @Test func cooklangKeepsEveryPictureAddressWholeCommasAndAll() async throws {
        let cloudinary = "https://res.cloudinary.com/demo/image/upload/ar_1:1,c_fill,dpr_2.0,f_auto/tarte.jpg"
        var recipe = Self.recipe()
        recipe.images = [RecipeImage(url: cloudinary)]
        let one = try await export(recipe, as: .cooklang, in: try ScratchFolder())
        #expect(one.back.images.map(\.url) == [cloudinary])
        recipe.images = [cloudinary, "https://example.org/a.jpg", "https://example.org/b.jpg"].map { RecipeImage(url: $0) }
        let several = try await export(recipe, as: .cooklang, in: try ScratchFolder())
        #expect(several.back.images.map(\.url) == recipe.images.map(\.url))
        #expect(several.reported.isEmpty, "\(several.reported)")
    }

    /// Cooklang: `@chocolat noir 70%{200%g}` came back as "chocolat noir 70", `--` as `—`, and
    /// a note's paragraphs as one.
    @Test func cooklangKeepsPercentSignsDashesAndNoteParagraphs() async throws {
        var recipe = Self.recipe()
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            Ingredient(line: "200 g chocolat noir 70%", quantity: Amount(200), unit: "gram", name: "chocolat noir 70%"),
        ])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Melt the chocolat noir 70% -- gently -- over water.")])]
        recipe.notes = ["Use a good chocolate.\n\nIt keeps a week."]
        let exported = try await export(recipe, as: .cooklang, in: try ScratchFolder())
        #expect(exported.back.ingredients.map(\.line) == ["200 g chocolat noir 70%"])
        #expect(exported.back.steps.map(\.text) == ["Melt the chocolat noir 70% -- gently -- over water."])
        #expect(exported.back.notes == ["Use a good chocolate.", "It keeps a week."])
        #expect(exported.reported.isEmpty, "\(exported.reported)")
    }

    /// Cooklang: "2 large carrots (peeled and chopped)" came back as "2 carrots, large, peeled
    /// and chopped". The line's words now come back in their order, with its amount.
    @Test func cooklangKeepsALinesWordsInTheirOrder() async throws {
        var recipe = Self.recipe()
        recipe.ingredientGroups = [IngredientGroup(ingredients: [
            Ingredient(line: "2 large carrots (peeled and chopped)", quantity: Amount(2), name: "carrots", preparation: "large, peeled and chopped"),
            Ingredient(line: "1 medium onion, peeled", quantity: Amount(1), name: "onion", preparation: "medium, peeled"),
        ])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Cook the carrots with the onion.")])]
        let exported = try await export(recipe, as: .cooklang, in: try ScratchFolder())
        #expect(exported.back.ingredients.map(\.line) == ["2 large carrots, peeled and chopped", "1 medium onion, peeled"])
        #expect(exported.back.ingredients.map(\.quantity) == [Amount(2), Amount(1)])
    }

    /// Cooklang has no heading for a group of ingredients: the group names (6 recipes) were
    /// dropped in silence; now the report and the notes name them.
    @Test func cooklangNamesTheGroupNamesItHasNoPlaceFor() async throws {
        var recipe = Self.recipe()
        recipe.ingredientGroups = [IngredientGroup(name: "Caramel", ingredients: [Ingredient(line: "100 g sugar", quantity: Amount(100), unit: "gram", name: "sugar")]),
                                   IngredientGroup(name: "Fruit", ingredients: recipe.ingredients)]
        let exported = try await export(recipe, as: .cooklang, in: try ScratchFolder())
        #expect(exported.back.ingredientGroups.allSatisfy { $0.name == nil })
        #expect(exported.reported == ["ingredient groups"], "\(exported.reported)")
    }

    // MARK: Nextcloud

    /// Nextcloud: only the first picture was kept (14 recipes), and not named. `image` takes
    /// every web address; the folder holds one picture, `full.jpg`, so the other stored
    /// pictures are named in the report, as the format's.
    @Test func nextcloudKeepsEveryPictureAddressAndNamesTheStoredPicturesItCannotHold() async throws {
        var recipe = Self.recipe()
        let second = Self.jpeg.dropLast(2) + [0x00, 0xFF, 0xD9]
        recipe.images = [RecipeImage(url: "https://example.org/a.jpg", mediaType: "image/jpeg", embeddedData: Self.jpeg),
                         RecipeImage(url: "https://example.org/b.jpg", mediaType: "image/jpeg", embeddedData: Array(second)),
                         RecipeImage(url: "https://example.org/c.jpg")]
        let scratch = try ScratchFolder()
        let exported = try await export(recipe, as: .nextcloud, in: scratch)
        #expect(exported.back.images.map(\.url) == recipe.images.map(\.url))
        #expect(exported.back.images.first?.embeddedData == Self.jpeg)
        #expect(exported.reported == ["pictures"], "\(exported.reported)")
        #expect(RecipeFormat.nextcloud.writer?.noPlaceFor[.pictures] != nil)
        // Nothing of the app's own keys comes back as a field of another app.
        let json = try JSONValue.parse(Data(contentsOf: exported.output.appendingPathComponent("Tarte Tatin/recipe.json")))
        #expect(json["image"] == .array(recipe.images.compactMap(\.url).map(JSONValue.string)))
    }

    /// Nextcloud: "Serves 6 to 8" came back as 6.
    @Test func nextcloudKeepsAYieldInWords() async throws {
        var recipe = Self.recipe()
        recipe.yield = YieldParser.parse("Serves 6 to 8")
        let exported = try await export(recipe, as: .nextcloud, in: try ScratchFolder())
        #expect(exported.back.yield == recipe.yield)
        #expect(exported.reported.isEmpty, "\(exported.reported)")
    }

    // MARK: Markdown

    /// Markdown: a picture's web address was dropped where a stored copy also exists.
    @Test func markdownKeepsAPicturesWebAddressBesideItsCopy() async throws {
        var recipe = Self.recipe()
        recipe.images = [RecipeImage(url: "https://example.org/tarte.jpg", mediaType: "image/jpeg", embeddedData: Self.jpeg),
                         RecipeImage(url: "https://example.org/other.jpg")]
        let exported = try await export(recipe, as: .markdown, in: try ScratchFolder())
        #expect(exported.back.images.map(\.url) == ["https://example.org/tarte.jpg", "https://example.org/other.jpg"])
        #expect(exported.back.images.first?.embeddedData == Self.jpeg)
        #expect(exported.reported.isEmpty, "\(exported.reported)")
    }

    // MARK: JSON-LD

    /// JSON-LD: stored pictures were dropped (50 recipes); they go along as `data:` addresses.
    @Test func jsonLDKeepsStoredPictures() async throws {
        var recipe = Self.recipe()
        recipe.images = [RecipeImage(url: "https://example.org/tarte.jpg", mediaType: "image/jpeg", embeddedData: Self.jpeg),
                         RecipeImage(mediaType: "image/png", embeddedData: Self.png)]
        let exported = try await export(recipe, as: .jsonld, in: try ScratchFolder())
        #expect(exported.back.images.map(\.embeddedData) == [Self.jpeg, Self.png])
        #expect(exported.back.images.map(\.url) == ["https://example.org/tarte.jpg", nil])
        #expect(exported.reported.isEmpty, "\(exported.reported)")
    }

    // MARK: The notes

    /// "The note says 6" of 32 recipes whose yield changed, "48" of 50 whose pictures were
    /// lost: a note now counts what the comparison found, recipe by recipe, so it says as
    /// many as the report lists.
    @Test func aNoteCountsTheRecipesTheReportLists() async throws {
        let scratch = try ScratchFolder()
        let writer = try #require(RecipeFormat.paprika.writer)
        let report = scratch.path("report.json")
        let sink = try writer.makeSink(FormatOutput(url: scratch.path("all.paprikarecipes"), fidelity: FidelityOptions(report: report)))
        for number in 1...7 {
            var recipe = Self.recipe("Tarte \(number)")
            recipe.id = "tarte-\(number)"
            if number % 2 == 1 { recipe.cuisines = ["French"] }
            _ = try sink.write(recipe)
        }
        let notes = sink.runNotes
        try sink.finish(report: RunReport())
        let json = try JSONValue.parse(Data(contentsOf: report))
        let listed = json["recipes"]?.arrayValue?.filter { $0["differences"]?.arrayValue?.contains { $0["field"] == .string("cuisines") } == true }.count
        #expect(listed == 4)
        #expect(notes.contains { $0.hasPrefix("Paprika has no place for cuisines (Paprika has no cuisine): dropped from 4 recipes (\"Tarte 1\", \"Tarte 3\", \"Tarte 5\" and 1 more)") },
                "\(notes)")
        #expect(json["checked"] == .number(7) && json["differing"] == .number(4))
    }
}

import Foundation
import LarderArchive
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// A Markdown export keeps every recipe's pictures under one `images/` folder, so all of them
/// are met as one group of files. In a folder they are read from disk when a recipe takes one,
/// so the budget for pictures held in memory never drops one; in an archive, where they are
/// held, a picture past the budget is said, never dropped in silence.
struct MarkdownPictureTests {
    func exported(to output: URL, archive: ArchiveFormat?) throws {
        let png = try [UInt8](Data(contentsOf: Fixtures.url("formats/markdown/larder-export/images/grandma-s-apple-pie-98a4648d/1.png")))
        let sink = try RecipeFormat.markdown.writer!.makeSink(FormatOutput(url: output, archive: archive))
        for title in ["First Pie", "Second Pie", "Third Pie"] {
            var recipe = Recipe(title: title)
            recipe.id = Slug.make(title)
            recipe.ingredientGroups = [IngredientGroup(ingredients: [Ingredient(line: "1 apple")])]
            recipe.images = [RecipeImage(mediaType: "image/png", embeddedData: png)]
            _ = try sink.write(recipe)
        }
        try sink.finish(report: RunReport())
    }

    func read(_ path: String, heldPictureBytes: Int) async throws -> [ReadOutcome] {
        var source = FileSource(path: path)
        source.limits.maxHeldImageBytes = heldPictureBytes
        var outcomes: [ReadOutcome] = []
        try await source.read { event in
            switch event {
            case .recipe(let recipe, _, let item), .recipeNoting(let recipe, _, let item, _, _): outcomes.append(ReadOutcome(item: item, recipe: recipe))
            case .failed(_, let item, let reason): outcomes.append(ReadOutcome(item: item, failure: reason))
            case .skipped(_, let item, let reason, _): outcomes.append(ReadOutcome(item: item, skipped: reason))
            case .fetched: break
            }
        }
        return outcomes
    }

    @Test func aFolderGivesEveryRecipeItsPictureWhateverTheBudget() async throws {
        let scratch = try ScratchFolder()
        try exported(to: scratch.path("book"), archive: nil)
        let outcomes = try await read(scratch.path("book").path, heldPictureBytes: 1)
        let recipes = outcomes.compactMap(\.recipe)
        #expect(recipes.count == 3)
        #expect(recipes.allSatisfy { $0.images.count == 1 && $0.images[0].embeddedData != nil }, "\(recipes.map(\.images))")
        #expect(outcomes.allSatisfy { $0.failure == nil })
    }

    @Test func anArchiveSaysWhichPictureWentPastTheBudget() async throws {
        let scratch = try ScratchFolder()
        try exported(to: scratch.path("book.zip"), archive: .zip)
        let outcomes = try await read(scratch.path("book.zip").path, heldPictureBytes: 1)
        #expect(outcomes.compactMap(\.recipe).count == 3)
        let withoutPicture = outcomes.compactMap(\.recipe).filter { !$0.images.contains { $0.embeddedData != nil } }
        let failures = outcomes.compactMap(\.failure)
        #expect(!withoutPicture.isEmpty)
        #expect(failures.count == withoutPicture.count, "\(failures)")
        #expect(failures.allSatisfy { $0.contains("pictures held at once") })
    }
}

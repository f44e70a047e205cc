import Foundation
import LarderArchive
import LarderCore
import LarderKit
import Testing
import TestSupport

/// A bad recipe inside another app's export fails alone, with its name and why; the rest of
/// the export is read.
struct FormatBadInputTests {
    @Test func aCorruptGzipMemberFailsAloneInsideAPaprikaExport() async throws {
        let scratch = try ScratchFolder()
        let good = try Fixtures.data("formats/paprika/Zucchinipuffer.paprikarecipe")
        let zip = scratch.path("mine.paprikarecipes")
        let writer = try ArchiveWriter(path: zip.path, format: .zip)
        try writer.addFile("Good.paprikarecipe", contents: good)
        try writer.addFile("Cut.paprikarecipe", contents: good.prefix(good.count / 2))
        try writer.addFile("Garbage.paprikarecipe", contents: Data("not gzip at all".utf8))
        try writer.close()

        let outcomes = try await readAll(zip.path)
        #expect(outcomes.count == 3)
        #expect(outcomes[0].recipe?.title == "Zucchinipuffer")
        #expect(outcomes[1].item == "Cut.paprikarecipe")
        #expect(outcomes[1].failure?.contains("gzip") == true, "\(outcomes[1].failure ?? "")")
        #expect(outcomes[2].item == "Garbage.paprikarecipe")
        #expect(outcomes[2].failure != nil)
    }

    @Test func aCooklangFileWithAnUnclosedBraceFailsWithItsLine() async throws {
        let scratch = try ScratchFolder()
        try Data("---\ntitle: Soup\n---\n\nChop the @onion{1.\n\nAdd @salt.\n".utf8).write(to: scratch.path("Soup.cook"))
        try Data("Boil @water{1%l}.\n".utf8).write(to: scratch.path("Tea.cook"))
        let outcomes = try await readAll(scratch.url.path)
        #expect(outcomes.count == 2)
        let soup = try #require(outcomes.first)
        #expect(soup.failure?.contains("line 5") == true && soup.failure?.contains("never closes") == true, "\(soup.failure ?? "")")
        #expect(outcomes[1].recipe?.title == "Tea")
        #expect(outcomes[1].recipe?.ingredients.map(\.line) == ["1 l water"])
    }

    @Test func aMealMasterFileCutInTheMiddleKeepsTheRecipesBeforeTheCut() async throws {
        let scratch = try ScratchFolder()
        let whole = try String(contentsOf: Fixtures.url("formats/mealmaster/gourmet-mealmaster-5-recipes.mmf"), encoding: .utf8)
        let cut = String(whole.prefix(whole.count * 2 / 3))
        try Data(cut.utf8).write(to: scratch.path("cut.mmf"))
        let outcomes = try await readAll(scratch.path("cut.mmf").path)
        let read = outcomes.compactMap(\.recipe)
        let failed = outcomes.filter { $0.failure != nil }
        #expect(read.count >= 2)
        #expect(failed.count == 1)
        #expect(failed.first?.failure?.contains("cut short") == true)
        #expect(outcomes.count == read.count + 1)
    }

    @Test func namesInAnAppArchiveNeverReachTheDisk() async throws {
        let scratch = try ScratchFolder()
        let zip = scratch.path("hostile.zip")
        let writer = try ArchiveWriter(path: zip.path, format: .zip)
        try writer.addFile("../../escaped.json", contents: try Fixtures.data("mealdb/lookup/52768.json"))
        try writer.addFile("/abs/recipe.json", contents: Data("{".utf8))
        try writer.close()
        let outcomes = try await readAll(zip.path)
        #expect(outcomes.compactMap(\.recipe).count == 1)
        #expect(outcomes.filter { $0.failure != nil }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.deletingLastPathComponent().appendingPathComponent("escaped.json").path))
    }

    @Test func moreEntriesThanTheLimitAreRefusedAfterTheLimit() async throws {
        let scratch = try ScratchFolder()
        let zip = scratch.path("many.zip")
        let writer = try ArchiveWriter(path: zip.path, format: .zip)
        for index in 0..<5 { try writer.addFile("note\(index).txt", contents: Data("hello".utf8)) }
        try writer.close()
        var source = FileSource(path: zip.path)
        source.limits.maxEntries = 3
        var failures: [String] = []
        try await source.read { event in
            if case .failed(_, _, let reason) = event { failures.append(reason) }
        }
        #expect(failures.contains { $0.contains("limit of 3 per archive") }, "\(failures)")
    }

    @Test func aPictureNamedAsAnInputIsSkippedWithWhy() async throws {
        let outcomes = try await readAll(Fixtures.url("formats/nextcloud/Recipes/Air Fryer Shrimp/full.jpg").path)
        #expect(outcomes.count == 1)
        #expect(outcomes.first?.skipped == "a picture, not a recipe file")
    }
}

import Foundation
import Testing
import TestSupport

/// An import names, per recipe, the fields of another app's file that Larder does not read
/// (`notRead` in report.json) and says how many recipes had any (issue 30, item 4). Larder's
/// own JSON, which holds them all, names none.
struct UnreadFieldsWorkflowTests {
    @Test func aPaprikaExportNamesWhatStaysBehind() throws {
        let work = try Workspace()
        let outcome = try work.run(["import", Fixtures.url("formats/paprika/mealie-test-paprika-folder.zip").path, "--library", work.path("lib")])
        let entries = try work.library("lib").report().entries("imported")
        let withDifficulty = entries.filter { $0.notRead == ["difficulty"] }
        #expect(withDifficulty.count == 3, "\(entries.map { ($0.title ?? "", $0.notRead ?? []) })")
        #expect(entries.filter { $0.notRead != nil }.count == 3)
        #expect(outcome.errors.contains("note: 3 recipes have fields Larder does not read: difficulty (3) (each recipe's notRead in report.json)"), "\(outcome.errors)")
        // Kept with the recipe, so a backup has it and Paprika gets it back.
        let recipes = try work.library("lib").recipes()
        #expect(recipes.filter { $0.extras["difficulty"] != nil }.count == 3)

        // Larder's own JSON of the same recipes leaves nothing behind.
        let one = try #require(work.library("lib").recipeFiles.first { (try? String(contentsOf: $0, encoding: .utf8))?.contains("difficulty") == true })
        try FileManager.default.copyItem(at: one, to: work.scratch.path("mine.json"))
        let again = try work.run(["import", work.path("mine.json"), "--library", work.path("other")])
        #expect(try work.library("other").report().entries("imported").count == 1)
        #expect(try work.library("other").report().entries.allSatisfy { $0.notRead == nil })
        #expect(!again.errors.contains("does not read"))
    }
}

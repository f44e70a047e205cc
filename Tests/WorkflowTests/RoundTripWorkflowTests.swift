import Foundation
import Testing
import TestSupport

/// Import → export in every format Larder writes and reads → import again: no recipe,
/// ingredient line or step is lost, and a group name, section name or picture is lost only
/// when the export said its format has no place for it.
@Suite struct RoundTripWorkflowTests {
    struct Export: CustomStringConvertible, Sendable {
        var format: String
        var output: String
        var description: String { "\(format) → \(output)" }
    }

    static let exports: [Export] = [
        Export(format: "json", output: "library-copy"),
        Export(format: "json", output: "backup.tar.gz"),
        Export(format: "json", output: "backup.zip"),
        Export(format: "jsonld", output: "recipes.json"),
        Export(format: "paprika", output: "recipes.paprikarecipes"),
        Export(format: "nextcloud", output: "nextcloud"),
        Export(format: "nextcloud", output: "nextcloud.zip"),
        Export(format: "cooklang", output: "cooklang"),
        Export(format: "cooklang", output: "cooklang.tar.gz"),
        Export(format: "mealdb", output: "meals.json"),
    ]

    @Test(arguments: exports)
    func exportAndImportAgainLosesNothingUnsaid(_ export: Export) throws {
        let work = try Workspace()
        try work.run(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, Fixtures.url("formats").path,
                      "--library", work.path("lib")], expecting: [0, 1])
        let original = try work.library("lib").recipes()
        #expect(original.count > 40)

        let written = try work.run(["export", "--library", work.path("lib"), "--format", export.format, "--output", work.path(export.output)])
        let said = written.text
        try work.run(["import", work.path(export.output), "--library", work.path("again")])
        let reimported = try work.library("again").recipes()
        #expect(reimported.count == original.count, "\(export): \(original.count) recipes exported, \(reimported.count) imported again")

        let before = RecipeCensus.byTitle(original), after = RecipeCensus.byTitle(reimported)
        for (title, was) in before.sorted(by: { $0.key < $1.key }) {
            guard let now = after[title] else {
                Issue.record("\(export): \"\(title)\" did not come back")
                continue
            }
            #expect(now.recipes == was.recipes, "\(export): \"\(title)\": \(was) → \(now)")
            #expect(now.ingredientLines == was.ingredientLines, "\(export): \"\(title)\" ingredient lines: \(was) → \(now)")
            #expect(now.steps == was.steps, "\(export): \"\(title)\" steps: \(was) → \(now)")
            if now.groupNames < was.groupNames {
                #expect(said.contains("ingredient group names"), "\(export): \"\(title)\" lost group names without a note: \(said)")
            }
            if now.sectionNames < was.sectionNames {
                #expect(said.contains("section names"), "\(export): \"\(title)\" lost section names without a note: \(said)")
            }
            if now.images < was.images {
                #expect(said.contains("picture"), "\(export): \"\(title)\" lost pictures without a note: \(said)")
            }
        }
    }
}

import Foundation
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// A restore writes its recipes' index rows in groups (`Library.groupingIndexChanges`), a
/// transaction per few hundred recipes instead of one each. What a person sees must not change:
/// the run itself finds every recipe it restored, another reader during the run is at most a
/// group behind, and afterwards the index lists every restored recipe without a rebuild.
@Suite(.serialized) struct RestoreIndexTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    /// A group smaller than a run's, so the tests stay small.
    static let group = 64
    /// More recipes than a group holds (two groups and a part of a third).
    static let count = group * 2 + 40

    func recipes() throws -> [Recipe] {
        let template = try CanonicalJSON.decode(Fixtures.data("json/canonical-v1.json"))
        return (0..<Self.count).map { n in
            var recipe = template
            recipe.id = String(format: "gnocchi-%04d", n)
            recipe.title = "Gnocchi No. \(n)"
            recipe.provenance.sourceURL = "https://example.com/gnocchi/\(n)"
            return recipe
        }
    }

    func ids(_ count: Int) -> [String] {
        (0..<count).map { String(format: "gnocchi-%04d", $0) }
    }

    @Test func aRestoreOfSeveralGroupsListsEveryRecipeAfterwardsWithoutARebuild() throws {
        let source = Library(root: scratch.path("source"))
        for recipe in try recipes() { try source.store(recipe) }
        try source.close()
        let archive = scratch.path("backup.tar.gz")
        #expect(try LibraryArchiver.archive(source, to: archive, format: .tarGzip).imported == Self.count)

        let library = Library(root: scratch.path("restored"))
        library.indexChangesPerCommit = Self.group
        var report = RunReport()
        try LibraryRestore(library: library).restore(archive.path, into: &report)
        #expect(report.imported == Self.count)
        #expect(try library.recipeIDs(matching: RecipeFilter()) == ids(Self.count), "the run finds what it restored")
        #expect(try library.recipeIDs(matching: RecipeFilter(text: "gnocchi")).count == Self.count)
        try library.close()

        let reader = Library(root: library.root)
        #expect(try reader.recipeIDs(matching: RecipeFilter()) == ids(Self.count))
        #expect(reader.indexNotes.isEmpty, "the index was left in step: \(reader.indexNotes)")
    }

    /// While the writer is in a group, its own queries see every change; a reader of another
    /// connection (`list` while a restore runs) sees the groups committed so far.
    @Test func aReaderDuringAGroupIsAtMostOneGroupBehind() throws {
        let library = Library(root: scratch.path("library"))
        library.indexChangesPerCommit = Self.group
        try library.open()
        let all = try recipes()
        try library.groupingIndexChanges {
            for recipe in all { try library.store(recipe) }
            #expect(try library.recipeIDs(matching: RecipeFilter()) == ids(Self.count))
            let seen = try Library(root: library.root).recipeIDs(matching: RecipeFilter())
            #expect(seen == ids(seen.count), "a reader sees whole recipes, in order")
            #expect(seen.count >= Self.count - Self.group)
        }
        #expect(try Library(root: library.root).recipeIDs(matching: RecipeFilter()) == ids(Self.count), "the last group is committed when it ends")
        try library.close()
        #expect(try Library(root: library.root).recipeIDs(matching: RecipeFilter()) == ids(Self.count))
    }
}

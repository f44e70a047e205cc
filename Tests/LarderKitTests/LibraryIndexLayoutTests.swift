import Foundation
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// How the index lays out what `list` reads. A search that hits many recipes reads their rows
/// from disk when the page cache has lost the index (the first `list` after a long import):
/// the fewer bytes a row takes, the fewer pages are read.
struct LibraryIndexLayoutTests {
    /// Recipes whose `list --json` summary is long (many tags, a long address) keep a listing
    /// row of about 200 bytes: the summary lives in a table of its own, read only for `--json`.
    @Test func theRowsListReadsStayNarrowWhateverTheSummaryHolds() throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        let tags = (1...12).map { "tag number \($0) of a long list" }
        for n in 1...300 {
            let site = "www.a-rather-long-site-name-\(n % 7).example"
            try library.store(Recipe(
                id: "recipe-\(n)", title: "Chickpea Stew Number \(n)",
                provenance: Provenance(sourceURL: "https://\(site)/recipes/a-long-path/chickpea-stew-number-\(n)", site: site),
                categories: ["Dinner"], cuisines: ["Moroccan"], tags: tags, diets: ["vegan"]))
        }
        try library.close()

        let index = try library.readableIndex()
        var bytes = 0, rows = 0
        try index.database.prepare("SELECT sum(pgsize), count(*) FROM dbstat WHERE name = 'recipes'").forEachRow {
            bytes = Int($0.integer(0))
        }
        try index.database.prepare("SELECT count(*) FROM recipes").forEachRow { rows = Int($0.integer(0)) }
        #expect(rows == 300)
        #expect(bytes / rows < 300, "the listing table takes \(bytes / rows) bytes a recipe")

        // `list --json` still gives each recipe's summary, and a removed recipe takes its summary with it.
        var summaries: [String] = []
        try library.listRecipes(matching: RecipeFilter(text: "chickpea"), withSummary: true, { summaries.append($0.summaryJSON ?? "") },
                                unreadable: { _ in })
        #expect(summaries.count == 300)
        #expect(summaries.allSatisfy { $0.contains("tag number 12 of a long list") })
        _ = try library.removeRecipe(id: "recipe-1")
        var left = 0
        try library.readableIndex().database.prepare("SELECT count(*) FROM summaries").forEachRow { left = Int($0.integer(0)) }
        #expect(left == 299)
    }
}

/// A run that changes many recipes leaves its index compacted: each table's pages in order.
struct LibraryIndexCompactionTests {
    /// Whether the rows of the index's `recipes` table (its leaf pages) follow one another in the file.
    func recipesPagesAreInOrder(_ library: Library) throws -> Bool {
        var inOrder = false
        try library.readableIndex().database.prepare("SELECT max(pageno) - min(pageno) + 1 = count(*) FROM dbstat WHERE name = 'recipes' AND pagetype = 'leaf'")
            .forEachRow { inOrder = $0.integer(0) == 1 }
        return inOrder
    }

    /// Titles of about 400 characters make rows wide enough for the 150 recipes to take several
    /// of the index's 16 KB pages (short ones fit in two, which may happen to be neighbours).
    func store(_ count: Int, in library: Library) throws {
        for n in 1...count {
            let title = "Chickpea Stew Number \(n)" + String(repeating: " with a long name", count: 22)
            try library.store(Recipe(id: "recipe-\(n)", title: title, description: String(repeating: "A long description. ", count: 20),
                                     categories: ["Dinner"], tags: ["tag \(n)"]))
        }
        try library.close()
    }

    @Test func aRunOfManyChangesLeavesTheIndexInOrder() throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        library.compactIndexAfter = 100
        try store(150, in: library)
        #expect(try recipesPagesAreInOrder(library))
        var found = 0
        try library.listRecipes(matching: RecipeFilter(text: "chickpea"), { _ in found += 1 }, unreadable: { _ in })
        #expect(found == 150)
    }

    /// A restore counts its recipes toward compaction as an import does. (Its rows, worked out
    /// while the bundle was read, were not counted: a library built by restores was never
    /// compacted.)
    @Test func aRestoreOfManyRecipesLeavesTheIndexInOrder() throws {
        let scratch = try ScratchFolder()
        let source = Library(root: scratch.path("source"))
        try store(150, in: source)
        let restored = Library(root: scratch.path("restored"))
        restored.compactIndexAfter = 100
        var report = RunReport()
        try LibraryRestore(library: restored).restore(source.root.path, into: &report)
        try restored.close()
        #expect(report.entries.filter { $0.status == .imported }.count == 150)
        #expect(try recipesPagesAreInOrder(restored))
    }

    @Test func aSmallRunLeavesTheIndexAsItWrote() throws {
        let scratch = try ScratchFolder()
        let library = Library(root: scratch.path("library"))
        try store(150, in: library)
        #expect(try !recipesPagesAreInOrder(library))
    }
}

import Foundation
import LarderCore
import Testing
import TestSupport

/// Keeping a cookbook as Markdown: export the library with `--format markdown`, import the
/// folder (or one file, or an archive of it) into another library, and get back what was
/// exported; pictures named by paths that leave the export are never read.
@Suite struct MarkdownWorkflowTests {
    /// What a person compares between the two libraries, recipe by recipe.
    struct Kept: Equatable {
        var title, description, source, author: String?
        var groups: [String?]
        var lines: [String]
        var sections: [String?]
        var steps: [String]
        var notes, tags, categories, cuisines, diets: [String]
        var nutrition: [String: String]
        var yield: Double?
        var times: [Double?]
        var pictures: Int

        init(_ recipe: Recipe) {
            title = recipe.title
            description = recipe.description
            source = recipe.provenance.sourceURL
            author = recipe.provenance.author
            groups = recipe.ingredientGroups.map(\.name)
            lines = recipe.ingredients.map(\.line)
            sections = recipe.instructionSections.map(\.name)
            steps = recipe.steps.map(\.text)
            notes = recipe.notes
            tags = recipe.tags
            categories = recipe.categories
            cuisines = recipe.cuisines
            diets = recipe.diets
            nutrition = recipe.nutrition
            yield = recipe.yield?.quantity?.value
            times = [recipe.times.prep?.minutes, recipe.times.cook?.minutes, recipe.times.total?.minutes]
            pictures = recipe.images.count
        }
    }

    func kept(_ library: LibraryOnDisk) throws -> [String: Kept] {
        Dictionary(uniqueKeysWithValues: try library.recipes().map { ($0.id, Kept($0)) })
    }

    @Test func aMarkdownExportComesBackAsItWasExported() async throws {
        let work = try Workspace()
        let samples = Fixtures.packageRoot.appendingPathComponent("Samples").path
        try await work.run(["import", samples, "--library", work.path("lib")])
        let export = try await work.run(["export", "--library", work.path("lib"), "--format", "markdown", "--output", work.path("book")])
        // What did not come back is said from reading the export back, and written beside it.
        #expect(export.errors.contains("Markdown has no place for fields from the source app"), "\(export.errors)")
        #expect(export.errors.contains("read back from the Markdown export with a difference"), "\(export.errors)")
        #expect(FileManager.default.fileExists(atPath: work.path("book.fidelity.json")))
        let before = try kept(work.library("lib"))

        let again = try await work.run(["import", work.path("book"), "--library", work.path("again")])
        #expect(again.printed.contains("\(before.count) imported"), "\(again)")
        let report = try work.library("again").report()
        // The contents page and the export's marker are the export's books, not failures.
        #expect(report.entries("failed").isEmpty)
        let index = try #require(report.entries.first { $0.input.hasSuffix("/index.md") })
        #expect(index.status == "skipped" && index.kind == "bookkeeping")
        #expect(try kept(work.library("again")) == before)
        // The pictures are stored again, as files of the new library.
        #expect(work.library("again").storedPaths().contains { $0.hasPrefix("images/") })

        // A person reading a recipe sees the same thing in both libraries.
        for id in before.keys {
            let shown = try await work.run(["show", id, "--library", work.path("lib")]).output
            #expect(try await work.run(["show", id, "--library", work.path("again")]).output == shown)
        }

        // An archive of the same export, and one file of it with the picture it names.
        try await work.run(["export", "--library", work.path("lib"), "--format", "markdown", "--output", work.path("book.tar.gz")])
        try await work.run(["import", work.path("book.tar.gz"), "--library", work.path("from-archive")])
        #expect(try kept(work.library("from-archive")) == before)
        let stored = try #require(try work.library("lib").recipes().first { $0.images.contains { $0.path != nil } })
        let pictured = (key: stored.id, value: Kept(stored))
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: work.path("book")).first { name in
            (try? String(contentsOfFile: work.path("book/" + name), encoding: .utf8))?.contains("id: \"\(pictured.key)\"") ?? false
        })
        try await work.run(["import", work.path("book/" + file), "--library", work.path("one")])
        #expect(try kept(work.library("one")) == [pictured.key: pictured.value])
        #expect(work.library("one").storedPaths().contains { $0.hasPrefix("images/\(pictured.key)/") })
    }

    /// A hostile `.md` names pictures outside its folder, by `../` and by an absolute path:
    /// the recipe comes in, the picture files are never read, and the paths are kept as text.
    @Test func picturePathsThatLeaveTheExportAreNeverRead() async throws {
        let work = try Workspace()
        let png = try Data(contentsOf: Fixtures.url("formats/markdown/larder-export/images/grandma-s-apple-pie-98a4648d/1.png"))
        try FileManager.default.createDirectory(at: work.scratch.path("secret"), withIntermediateDirectories: true)
        try png.write(to: work.scratch.path("secret/private.png"))
        let absolute = work.path("secret/private.png")
        try work.write("""
        ---
        title: "Trap"
        id: "trap"
        images: ["../secret/private.png", "images/../../secret/private.png", "\(absolute)", "file://\(absolute)"]
        ---

        # Trap

        ![Trap](<../secret/private.png>)

        ## Ingredients

        - 1 egg
        """, to: "book/trap.md")
        for (input, library) in [(work.path("book"), "from-folder"), (work.path("book/trap.md"), "from-file")] {
            try await work.run(["import", input, "--library", work.path(library)])
            let recipe = try #require(try work.library(library).recipes().first)
            #expect(recipe.title == "Trap")
            #expect(recipe.images.isEmpty, "\(recipe.images)")
            #expect(!work.library(library).storedPaths().contains { $0.hasPrefix("images/") })
            #expect(recipe.extras["imageFiles"]?.arrayValue?.count == 4)
        }
    }

    /// Markdown written by hand imports by its headings; a README beside it fails, saying why.
    @Test func handWrittenMarkdownImportsAndAReadmeSaysWhyNot() async throws {
        let work = try Workspace()
        let outcome = try await work.run(["import", Fixtures.url("formats/markdown/hand-written").path, Fixtures.url("formats/markdown/not-a-recipe").path,
                                    "--library", work.path("lib")], expecting: [1])
        let recipes = try work.library("lib").recipes()
        #expect(Set(recipes.map(\.title)) == ["Lemon Bars", "Kartoffelsalat"])
        let bars = try #require(recipes.first { $0.title == "Lemon Bars" })
        #expect(bars.ingredientGroups.map(\.name) == ["For the crust", "For the filling"])
        #expect(bars.steps.count == 3)
        #expect(outcome.errors.contains("README.md"))
        #expect(outcome.errors.contains("no ingredient list and no steps"))
    }

    /// A folder of recipes holds its project's notes too (for people and coding assistants: "##
    /// Cook CLI", "### Ingredient Format" over examples of the markup, blocks of code): skipped
    /// as documentation, saying so, not imported as a recipe of its examples. A recipe with a
    /// block of code in its notes is still a recipe.
    @Test func documentationBesideRecipesIsSkippedSayingSo() async throws {
        let work = try Workspace()
        let outcome = try await work.run(["import", Fixtures.url("formats/markdown/with-documentation").path, "--library", work.path("lib")])
        #expect(outcome.printed.contains("1 imported, 1 skipped, 0 failed"), "\(outcome)")
        let recipes = try work.library("lib").recipes()
        #expect(recipes.map(\.title) == ["Sourdough Loaf"])
        #expect(recipes.first?.steps.count == 4)
        // The block's lines kept as lines (its runs of spaces made one, as in any text Larder keeps).
        #expect(recipes.first?.notes.last == "08:00 feed 1:1:1\n20:00 feed 1:2:2", "\(recipes.first?.notes ?? [])")
        let notes = try #require(try work.library("lib").report().entries.first { $0.input.hasSuffix("/AGENTS.md") })
        #expect(notes.status == "skipped" && notes.kind == "bookkeeping")
        #expect(notes.reason?.hasPrefix("documentation, not a recipe: it holds code blocks") == true, "\(notes)")
    }
}

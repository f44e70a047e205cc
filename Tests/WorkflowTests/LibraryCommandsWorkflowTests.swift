import Foundation
import LarderCore
import Testing
import TestSupport

/// `show`, `remove` and `stats` through the real binary, on a library imported from files.
@Suite struct LibraryCommandsWorkflowTests {
    func importedLibrary() async throws -> (Workspace, String) {
        let work = try Workspace()
        try await work.run(["import", try LibraryIndexWorkflowTests.writeRecipes(in: work), "--library", work.path("lib")])
        return (work, work.path("lib"))
    }

    func ids(_ outcome: ProgramRun) -> [String] {
        outcome.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    @Test func showPrintsMarkdownOrTheStoredJSON() async throws {
        let (work, lib) = try await importedLibrary()
        let shown = try await work.run(["show", "--library", lib, "shakshuka"])
        #expect(shown.output.hasPrefix("# Shakshuka\n"), "no front matter on the terminal: \(shown.output)")
        #expect(shown.output.contains("Eggs poached in a spiced tomato sauce."))
        #expect(shown.output.contains("## Ingredients") && shown.output.contains("- 4 eggs"))
        #expect(shown.output.contains("1. Cook it."))
        let json = try await work.run(["show", "--library", lib, "shakshuka", "--json"])
        #expect(json.output == (try String(contentsOfFile: lib + "/recipes/shakshuka.json", encoding: .utf8)), "the stored file as it is")

        let missing = try await work.run(["show", "--library", lib, "paella"], expecting: [1])
        #expect(missing.output.isEmpty)
        #expect(missing.errors.contains("There is no recipe with id paella in the library at \(lib). `larder list` shows the ids."), "\(missing.errors)")
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: lib + "/recipes/broken.json"))
        let broken = try await work.run(["show", "--library", lib, "broken"], expecting: [1])
        #expect(broken.errors.contains("recipes/broken.json in the library at \(lib) cannot be read"), "\(broken.errors)")
    }

    /// Removing takes the recipe, its entry in the manifest and the index, and the images no
    /// other recipe names; an unknown id is named and the others are still removed.
    @Test func removeTakesTheRecipeItsOwnImagesAndItsEntries() async throws {
        let (work, lib) = try await importedLibrary()
        // Two pictures in the dal's folder; a copy of the dal, made by hand, names one of them.
        try FileManager.default.createDirectory(atPath: lib + "/images/dal", withIntermediateDirectories: true)
        try Data("first".utf8).write(to: URL(fileURLWithPath: lib + "/images/dal/aaaa.jpg"))
        try Data("second".utf8).write(to: URL(fileURLWithPath: lib + "/images/dal/bbbb.jpg"))
        var dal = try CanonicalJSON.decode(Data(contentsOf: URL(fileURLWithPath: lib + "/recipes/dal.json")))
        dal.images = [RecipeImage(path: "images/dal/aaaa.jpg"), RecipeImage(path: "images/dal/bbbb.jpg")]
        try CanonicalJSON.encode(dal).write(to: URL(fileURLWithPath: lib + "/recipes/dal.json"))
        dal.id = "dal-copy"
        dal.images = [RecipeImage(path: "images/dal/aaaa.jpg")]
        try CanonicalJSON.encode(dal).write(to: URL(fileURLWithPath: lib + "/recipes/dal-copy.json"))

        let removed = try await work.run(["remove", "--library", lib, "dal", "paella", "tarte-tatin"], expecting: [1])
        #expect(removed.output.contains("removed: dal (Red Lentil Dal) and 1 image"), "\(removed.output)")
        #expect(removed.output.contains("removed: tarte-tatin (Tarte Tatin)"))
        #expect(removed.errors.contains("failed: paella: there is no recipe with id paella in the library"), "\(removed.errors)")
        #expect(removed.errors.contains("Remove: 2 removed, 1 failed."))
        #expect(!FileManager.default.fileExists(atPath: lib + "/recipes/dal.json"))
        #expect(!FileManager.default.fileExists(atPath: lib + "/images/dal/bbbb.jpg"), "its own image is gone")
        #expect(FileManager.default.fileExists(atPath: lib + "/images/dal/aaaa.jpg"), "the image another recipe names stays")

        let library = work.library("lib")
        #expect(try library.manifestPaths() == library.storedPaths(), "the manifest lists exactly what is left")
        let listed = try await work.run(["list", "--library", lib])
        #expect(ids(listed) == ["baba-ganoush", "dal-copy", "shakshuka"])
        #expect(!listed.errors.contains("note:"), "the index followed the removal: \(listed.errors)")
        #expect(ids(try await work.run(["list", "--library", lib, "--search", "caramelised"])).isEmpty)

        // The copy goes too, and with it the last picture and the folder.
        try await work.run(["remove", "--library", lib, "dal-copy"])
        #expect(!FileManager.default.fileExists(atPath: lib + "/images/dal"))
        // An unreadable recipe file can be removed.
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: lib + "/recipes/broken.json"))
        try await work.run(["remove", "--library", lib, "broken"])
        #expect(try library.manifestPaths() == library.storedPaths())
        let usage = try await work.run(["remove", "--library", lib], expecting: [2])
        #expect(usage.errors.contains("Name at least one recipe id to remove."))
    }

    @Test func statsCountsBySourceCategoryAndCuisineAndListsTheLastRunsFailures() async throws {
        let work = try Workspace()
        let inputs = try LibraryIndexWorkflowTests.writeRecipes(in: work)
        try work.write("{ \"title\": ", to: "inputs/torn.json")
        try await work.run(["import", inputs, "--library", work.path("lib")], expecting: [1])
        var dal = try CanonicalJSON.decode(Data(contentsOf: URL(fileURLWithPath: work.path("lib/recipes/dal.json"))))
        dal.id = "dal-2"
        dal.cuisines = ["INDIAN"]
        dal.provenance = Provenance(origin: .app)
        try CanonicalJSON.encode(dal).write(to: URL(fileURLWithPath: work.path("lib/recipes/dal-2.json")))

        let stats = try await work.run(["stats", "--library", work.path("lib")])
        #expect(stats.output.hasPrefix("Recipes: 5\n"), "\(stats.output)")
        #expect(stats.output.contains("By source:\n  4  cooks.example\n  1  app files\n"), "\(stats.output)")
        #expect(stats.output.contains("  2  Dinner\n"))
        #expect(stats.output.contains("By cuisine:\n  2  Indian\n"), "names differing in case count as one: \(stats.output)")
        #expect(stats.output.contains("Last run (report.json): 4 imported, 0 skipped, 1 failed"), "\(stats.output)")
        #expect(stats.output.contains("Failures:\n  \(work.path("inputs/torn.json")): "), "\(stats.output)")
    }
}

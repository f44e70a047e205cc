import Foundation
import LarderCore
import Testing
import TestSupport

/// What the library takes for one recipe and what for two, through the `larder` binary: two
/// recipes are one only when they are the same recipe, never because their ids or the address
/// their pages claim look alike.
struct RecipeIdentityCommandLineTests {
    let cli = CommandLineTests()

    /// A Larder recipe file with its own id.
    func writeRecipe(id: String, title: String, lines: [String], to file: URL) throws {
        let object: [String: Any] = [
            "schemaVersion": 1, "id": id, "title": title,
            "ingredientGroups": [["ingredients": lines.map { ["line": $0] }]],
            "instructionSections": [["steps": [["text": "Bake until golden."]]]],
        ]
        try JSONSerialization.data(withJSONObject: object).write(to: file)
    }

    func report(of library: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: library).appendingPathComponent("report.json"))
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["entries"] as? [[String: Any]])
    }

    func titles(in library: String) throws -> [String] {
        let folder = URL(fileURLWithPath: library).appendingPathComponent("recipes")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .map { try CanonicalJSON.decode(Data(contentsOf: $0)).title }.sorted()
    }

    /// `Pie` and `pie`, and two long ids that start alike, once cleaned into one file name,
    /// made the second a duplicate of the first, or with `--on-duplicate update` replaced it.
    @Test func idsThatCleanToOneFileNameAreTwoRecipes() async throws {
        let scratch = try ScratchFolder()
        let start = String(repeating: "x", count: 9_990)
        let recipes = [("Pie", "Apple pie", ["3 apples", "1 pie crust"]), ("pie", "Cherry pie", ["500 g cherries", "1 pie crust", "100 g sugar"]),
                       (start + "AAAAAAAAAA", "Plain omelette", ["2 eggs"]), (start + "BBBBBBBBBB", "Cheese omelette", ["3 eggs", "50 g cheese"])]
        let files = try recipes.enumerated().map { index, recipe in
            let file = scratch.path("recipe-\(index).json")
            try writeRecipe(id: recipe.0, title: recipe.1, lines: recipe.2, to: file)
            return file.path
        }
        let library = scratch.path("library").path
        let first = try await cli.larder(["import"] + files + ["--library", library])
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("4 imported, 0 skipped"), "\(first.output)")
        #expect(try await titles(in: library) == ["Apple pie", "Cheese omelette", "Cherry pie", "Plain omelette"])
        // The same files again are the same recipes.
        #expect(try await cli.larder(["import"] + files + ["--library", library]).output.contains("0 imported, 4 skipped"))

        // Into a library that holds only the second of each pair, an update adds the first
        // beside it and leaves it alone.
        let other = scratch.path("other").path
        #expect(try await cli.larder(["import", files[1], files[3], "--library", other]).status == 0)
        let update = try await cli.larder(["import", files[0], files[2], "--on-duplicate", "update", "--library", other])
        #expect(update.status == 0, "\(update.errors)")
        #expect(try await titles(in: other) == ["Apple pie", "Cheese omelette", "Cherry pie", "Plain omelette"])
        let entries = try report(of: other)
        #expect(entries.allSatisfy { $0["status"] as? String == "imported" && $0["reason"] == nil }, "\(entries)")
    }

    /// Two saved pages of a site that writes its home page into every page's og:url and
    /// canonical link: the second was skipped as "already imported from the same source URL".
    @Test func pagesThatClaimTheSiteHomePageAreTwoRecipes() async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        let flatbread = Fixtures.url("shared-address/flatbread.html").path
        let dal = Fixtures.url("shared-address/lentil-dal.html").path
        let first = try await cli.larder(["import", flatbread, dal, "--library", library])
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("2 imported, 0 skipped"), "\(first.output)")
        #expect(try await titles(in: library) == ["Red lentil dal", "Skillet flatbread"])

        // The same page twice is one recipe.
        let copy = scratch.path("flatbread-saved-again.html")
        try FileManager.default.copyItem(atPath: flatbread, toPath: copy.path)
        let again = try await cli.larder(["import", flatbread, copy.path, "--library", library])
        #expect(again.output.contains("0 imported, 2 skipped"), "\(again.output)")
        #expect(try await titles(in: library) == ["Red lentil dal", "Skillet flatbread"])
    }

    /// A page imported with the address it was fetched from is filed under that address, not
    /// the home page it claims; the same page from another address is a duplicate, and the
    /// report names the recipe that is stored, not an id nothing has.
    @Test func theReportNamesOnlyRecipesThatExist() async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        let flatbread = Fixtures.url("shared-address/flatbread.html").path
        #expect(try await cli.larder(["import", flatbread, "--url", "https://example.org/breads/flatbread", "--library", library]).status == 0)
        let stored = try FileManager.default.contentsOfDirectory(atPath: scratch.path("library/recipes").path)
        let recipe = try CanonicalJSON.decode(Data(contentsOf: scratch.path("library/recipes/\(try #require(stored.first))")))
        #expect(recipe.provenance.sourceURL == "https://example.org/breads/flatbread")

        let mirror = try await cli.larder(["import", flatbread, "--url", "https://mirror.example.net/flatbread", "--library", library])
        #expect(mirror.output.contains("0 imported, 1 skipped"), "\(mirror.output)")
        let entries = try report(of: library)
        #expect(entries.count == 1)
        for entry in entries {
            let id = try #require(entry["recipeID"] as? String)
            #expect(id == recipe.id)
            #expect(FileManager.default.fileExists(atPath: scratch.path("library/recipes/\(id).json").path))
        }
    }

    /// Ids that are file names already keep them: a library written before opens as it was.
    @Test func simpleIdsKeepTheirFileNames() async throws {
        let scratch = try ScratchFolder()
        let file = scratch.path("r.json")
        try writeRecipe(id: "apple-pie-1a2b3c4d", title: "Apple pie", lines: ["3 apples"], to: file)
        let library = scratch.path("library").path
        #expect(try await cli.larder(["import", file.path, "--library", library]).status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.path("library/recipes/apple-pie-1a2b3c4d.json").path))
        let list = try await cli.larder(["list", "--library", library])
        #expect(list.output.hasPrefix("apple-pie-1a2b3c4d\tApple pie"), "\(list.output)")
    }
}

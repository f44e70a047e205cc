import Foundation
import Testing
import TestSupport

/// `list` answered from the library's index (`.larder/index.sqlite`), and the index kept honest:
/// a deleted, garbage or out-of-date index is rebuilt from the recipe files, said in a note,
/// and the answers are the same as before.
@Suite struct LibraryIndexWorkflowTests {
    /// Four recipe files with words in every field the search reads.
    static func writeRecipes(in work: Workspace) throws -> String {
        let recipes: [(id: String, title: String, description: String, ingredients: [String], tags: [String], category: String, cuisine: String, servings: Int)] = [
            ("tarte-tatin", "Tarte Tatin", "Caramelised apples under a crisp pastry.", ["6 apples", "100 g butter", "1 sheet puff pastry"], ["baking"], "Dessert", "Français", 8),
            ("shakshuka", "Shakshuka", "Eggs poached in a spiced tomato sauce.", ["4 eggs", "1 can tomatoes", "1 tsp cumin"], ["brunch"], "Breakfast", "Tunisian", 2),
            ("dal", "Red Lentil Dal", "A weeknight pot of lentils.", ["200 g red lentils", "1 onion", "1 tsp turmeric"], ["vegan"], "Dinner", "Indian", 4),
            ("baba-ganoush", "Baba Ganoush", "Smoky dip.", ["2 eggplants", "2 tbsp tahini"], ["meze"], "Starter", "Levantine", 6),
        ]
        let folder = work.path("inputs")
        for recipe in recipes {
            let object: [String: Any] = [
                "schemaVersion": 1, "id": recipe.id, "title": recipe.title, "description": recipe.description,
                "provenance": ["origin": "json", "sourceURL": "https://cooks.example/\(recipe.id)"],
                "yield": ["text": "\(recipe.servings) servings", "quantity": ["value": recipe.servings], "unit": "servings"],
                "categories": [recipe.category], "cuisines": [recipe.cuisine], "tags": recipe.tags,
                "ingredientGroups": [["ingredients": recipe.ingredients.map { ["line": $0, "optional": false] }]],
                "instructionSections": [["steps": [["text": "Cook it."]]]],
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            try work.write(String(decoding: data, as: UTF8.self), to: "inputs/\(recipe.id).json")
        }
        return folder
    }

    func importedLibrary() async throws -> (Workspace, String) {
        let work = try Workspace()
        try await work.run(["import", try Self.writeRecipes(in: work), "--library", work.path("lib")])
        return (work, work.path("lib"))
    }

    func ids(_ outcome: ProgramRun) -> [String] {
        outcome.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    @Test func listSearchesEveryTextFieldByTheStartOfWords() async throws {
        let (work, lib) = try await importedLibrary()
        #expect(ids(try await work.run(["list", "--library", lib])) == ["baba-ganoush", "dal", "shakshuka", "tarte-tatin"])
        #expect(ids(try await work.run(["list", "--library", lib, "--search", "apple"])) == ["tarte-tatin"], "an ingredient, by the start of a word")
        #expect(ids(try await work.run(["list", "--library", lib, "--search", "POACHED"])) == ["shakshuka"], "the description, any case")
        #expect(ids(try await work.run(["list", "--library", lib, "--search", "francais"])) == ["tarte-tatin"], "the cuisine, accents ignored")
        #expect(ids(try await work.run(["list", "--library", lib, "--search", "dinner lentil"])) == ["dal"], "category and title, all words")
        #expect(ids(try await work.run(["list", "--library", lib, "--search", "egg"])) == ["baba-ganoush", "shakshuka"], "word starts: eggs and eggplants")
        #expect(ids(try await work.run(["list", "--library", lib, "--search", "gg"])).isEmpty, "not the middle of a word")
        #expect(ids(try await work.run(["list", "--library", lib, "--include-ingredient", "egg"])) == ["shakshuka"], "eggs, not eggplants")
        #expect(ids(try await work.run(["list", "--library", lib, "--exclude-ingredient", "egg", "--max-servings", "6"])) == ["baba-ganoush", "dal"])
        #expect(ids(try await work.run(["list", "--library", lib, "--cuisine", "FRANCAIS", "--cuisine", "indian"])) == ["dal", "tarte-tatin"])
        #expect(ids(try await work.run(["list", "--library", lib, "--diet", "vegan"])) == ["dal"], "a diet a tag names")
        #expect(ids(try await work.run(["list", "--library", lib, "--search", "\"tomato* OR"])).isEmpty, "query syntax is looked for as text")
        let none = try await work.run(["list", "--library", lib, "--search", "saffron"])
        #expect(none.output.isEmpty && none.errors.contains("0 recipes"))
    }

    @Test func listJSONIsAnArrayScriptsCanRead() async throws {
        let (work, lib) = try await importedLibrary()
        let outcome = try await work.run(["list", "--library", lib, "--json", "--search", "egg"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["baba-ganoush", "shakshuka"])
        #expect(rows[1]["title"] as? String == "Shakshuka")
        #expect(rows[1]["categories"] as? [String] == ["Breakfast"])
        #expect(rows[1]["servings"] as? Int == 2)
        #expect(rows[1]["path"] as? String == "recipes/shakshuka.json")
        #expect(rows[1]["source"] as? String == "cooks.example")
        let empty = try await work.run(["list", "--library", lib, "--json", "--search", "saffron"])
        #expect((try JSONSerialization.jsonObject(with: Data(empty.output.utf8)) as? [Any])?.isEmpty == true)
    }

    /// A yield given as a range is listed whole, not as its bottom: `4–6` in the listing, and
    /// `servingsUpper` beside `servings` in `list --json`.
    @Test func aServingsRangeIsListedWhole() async throws {
        let (work, lib) = try await importedLibrary()
        try work.write(#"{"@context": "https://schema.org", "@type": "Recipe", "name": "Harira", "recipeYield": "4-6 servings", "recipeIngredient": ["1 cup chickpeas"]}"#,
                       to: "other/harira.json")
        try await work.run(["import", work.path("other/harira.json"), "--library", lib])
        let listed = try await work.run(["list", "--library", lib, "--search", "harira"])
        let columns = try #require(listed.output.split(separator: "\n").first).split(separator: "\t", omittingEmptySubsequences: false)
        #expect(columns.last == "4–6", "\(listed.output)")
        #expect(try await work.run(["list", "--library", lib, "--search", "shakshuka"]).output.hasSuffix("\t2\n"), "one number stays one number")
        let json = try await work.run(["list", "--library", lib, "--json", "--search", "harira"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(rows.first?["servings"] as? Int == 4)
        #expect(rows.first?["servingsUpper"] as? Int == 6, "\(json.output)")
        let single = try await work.run(["list", "--library", lib, "--json", "--search", "shakshuka"])
        #expect(!single.output.contains("servingsUpper"), "only a range has a top")
    }

    @Test func aDeletedIndexIsRebuiltAndNothingIsLost() async throws {
        let (work, lib) = try await importedLibrary()
        let before = try await work.run(["list", "--library", lib, "--search", "egg"])
        #expect(!before.errors.contains("note:"), "an index in step says nothing: \(before.errors)")
        try FileManager.default.removeItem(atPath: lib + "/.larder/index.sqlite")
        let after = try await work.run(["list", "--library", lib, "--search", "egg"])
        #expect(after.output == before.output)
        #expect(after.errors.contains("The library had no index (.larder/index.sqlite); it was built from 4 recipe files."), "\(after.errors)")
        #expect(FileManager.default.fileExists(atPath: lib + "/.larder/index.sqlite"))
        #expect(!(try await work.run(["list", "--library", lib])).errors.contains("note:"), "built once")
    }

    @Test func aGarbageIndexIsRebuiltWithANote() async throws {
        let (work, lib) = try await importedLibrary()
        let before = try await work.run(["list", "--library", lib, "--cuisine", "indian"])
        try Data(String(repeating: "not a database\n", count: 500).utf8).write(to: URL(fileURLWithPath: lib + "/.larder/index.sqlite"))
        let after = try await work.run(["list", "--library", lib, "--cuisine", "indian"])
        #expect(after.output == before.output)
        #expect(after.errors.contains("The library's index (.larder/index.sqlite) could not be read (file is not a database); it was rebuilt"), "\(after.errors)")
        // A writer finding one rebuilds it too, and the report says so.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: lib + "/.larder/index.sqlite"))
        let again = try await work.run(["import", work.path("inputs"), "--library", lib])
        #expect(again.errors.contains("could not be read"), "\(again.errors)")
        #expect(try work.library("lib").report().notes?.contains { $0.contains("could not be read") } == true)
        #expect(ids(try await work.run(["list", "--library", lib])).count == 4)
    }

    /// A recipe file added or changed without Larder changes the recipe folder: the index is seen
    /// to be out of date and reconciled.
    @Test func recipesChangedByHandAreFoundAfterANote() async throws {
        let (work, lib) = try await importedLibrary()
        _ = try await work.run(["list", "--library", lib])
        let dal = try String(contentsOfFile: lib + "/recipes/dal.json", encoding: .utf8)
        try Data(dal.replacingOccurrences(of: "\"dal\"", with: "\"dal-copy\"").replacingOccurrences(of: "Red Lentil Dal", with: "Yellow Split Pea Dal").utf8)
            .write(to: URL(fileURLWithPath: lib + "/recipes/dal-copy.json"))
        try FileManager.default.removeItem(atPath: lib + "/recipes/tarte-tatin.json")
        let after = try await work.run(["list", "--library", lib])
        #expect(ids(after) == ["baba-ganoush", "dal-copy", "dal", "shakshuka"], "in file name order, as before the index")
        #expect(after.errors.contains("The library's index was out of date"), "\(after.errors)")
        #expect(ids(try await work.run(["list", "--library", lib, "--search", "yellow"])) == ["dal-copy"])
        // A file that is not a recipe is listed as unreadable, every time, and never found.
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: lib + "/recipes/broken.json"))
        for _ in 0..<2 {
            let listed = try await work.run(["list", "--library", lib])
            #expect(listed.errors.contains("unreadable: recipes/broken.json"), "\(listed.errors)")
            #expect(!ids(listed).contains("broken"))
        }
    }

    /// `merge` writes through the library's one writing path, so the index follows it: the
    /// merged recipes are found at once, with no rebuild.
    @Test func mergedRecipesAreFoundWithoutARebuild() async throws {
        let (work, lib) = try await importedLibrary()
        _ = try await work.run(["list", "--library", lib])
        try work.write(#"{"@context": "https://schema.org", "@type": "Recipe", "name": "Saffron Risotto", "recipeIngredient": ["300 g arborio rice", "1 pinch saffron"]}"#,
                       to: "other/risotto.json")
        try await work.run(["import", work.path("other/risotto.json"), "--library", work.path("shard")])
        try await work.run(["merge", work.path("shard"), "--into", lib])
        let found = try await work.run(["list", "--library", lib, "--search", "saffron"])
        #expect(found.output.contains("Saffron Risotto"), "\(found)")
        #expect(!found.errors.contains("note:"), "the index was kept in step by the merge: \(found.errors)")
    }

    /// Export's filters (here the shopping list's) choose through the index.
    @Test func exportFiltersChooseThroughTheIndex() async throws {
        let (work, lib) = try await importedLibrary()
        try await work.run(["export", "--library", lib, "--format", "shopping-list", "--search", "lentil", "--output", work.path("list.md")])
        let list = try String(contentsOfFile: work.path("list.md"), encoding: .utf8)
        #expect(list.contains("lentils") && list.contains("turmeric"))
        #expect(!list.contains("tahini") && !list.contains("apples"))
        try await work.run(["export", "--library", lib, "--format", "json", "--cuisine", "tunisian", "--output", work.path("one")])
        let exported = try FileManager.default.contentsOfDirectory(atPath: work.path("one/recipes"))
        #expect(exported == ["shakshuka.json"])
    }
}

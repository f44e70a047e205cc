import Foundation
import Testing
import TestSupport

/// Every input ends in the report with why, and a skip with a problem behind it is said, not
/// only counted: an empty folder, a category with no meals, links that lead nowhere.
struct InputReportCommandTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    func report(_ library: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: library).appendingPathComponent("report.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["entries"] as? [[String: Any]])
    }

    func entry(_ entries: [[String: Any]], input: String) -> [String: Any]? {
        entries.first { $0["input"] as? String == input }
    }

    /// `mealdb:category=Nope` said "1 skipped" and nothing else.
    @Test func aCategoryWithNoMealsIsSaidWithWhy() async throws {
        let server = try await LocalServer(mealdbFolder: Fixtures.url("mealdb-api"))
        let library = scratch.path("library").path
        let run = try await LarderCommand.run(["import", "mealdb:category=Nope", "--mealdb-url", server.url("/api/json/v1/1").absoluteString,
                                         "--library", library, "--no-cache"])
        #expect(run.status == 0)
        #expect(run.errors.contains("skipped: mealdb:category=Nope: [read] TheMealDB has no meals in the category \"Nope\""), "\(run.errors)")
        #expect(entry(try report(library), input: "mealdb:category=Nope")?["status"] as? String == "skipped")
    }

    /// A folder with no recipes said nothing at all, and was not in the report.
    @Test func aFolderWithoutRecipesIsSaidWithWhy() async throws {
        let empty = scratch.path("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let pictures = scratch.path("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.url("formats/nextcloud/Recipes/Air Fryer Shrimp/full.jpg"), to: pictures.appendingPathComponent("photo.jpg"))
        let library = scratch.path("library").path
        let run = try await LarderCommand.run(["import", empty.path, pictures.path, "--library", library])
        #expect(run.status == 0)
        for folder in [empty, pictures] {
            #expect(run.errors.contains("skipped: \(folder.path): [read] the folder holds no recipe files"), "\(run.errors)")
            #expect(entry(try report(library), input: folder.path)?["reason"] as? String == "the folder holds no recipe files")
        }
    }

    /// Duplicates are routine: counted in the summary, not listed one by one.
    @Test func duplicatesStayACount() async throws {
        let library = scratch.path("library").path
        let recipe = Fixtures.url("mealdb/lookup/52772.json").path
        #expect(try await LarderCommand.run(["import", recipe, "--library", library]).status == 0)
        let again = try await LarderCommand.run(["import", recipe, "--library", library])
        #expect(again.output.contains("0 imported, 1 skipped, 0 failed"))
        #expect(!again.errors.contains("skipped:"))
        #expect(entry(try report(library), input: recipe)?["kind"] as? String == "duplicate")
    }

    /// Links in a folder were skipped silently, exit 0, with no report entry.
    @Test func symbolicLinksAreFollowedToFilesAndTheOthersSaid() async throws {
        let folder = scratch.path("inputs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let elsewhere = scratch.path("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.url("mealdb/lookup/52772.json"), to: elsewhere.appendingPathComponent("meal.json"))
        let links = FileManager.default
        try links.createSymbolicLink(atPath: folder.appendingPathComponent("linked.json").path, withDestinationPath: "../elsewhere/meal.json")
        try links.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.json").path, withDestinationPath: "gone.json")
        try links.createSymbolicLink(atPath: folder.appendingPathComponent("loop-a.json").path, withDestinationPath: "loop-b.json")
        try links.createSymbolicLink(atPath: folder.appendingPathComponent("loop-b.json").path, withDestinationPath: "loop-a.json")
        try links.createSymbolicLink(atPath: folder.appendingPathComponent("folder-link").path, withDestinationPath: "../elsewhere")
        // A named pipe would block a run that opened it.
        #expect(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o644) == 0)

        let library = scratch.path("library").path
        let run = try await LarderCommand.run(["import", folder.path, "--library", library])
        #expect(run.status == 1)
        #expect(run.output.contains("1 imported, 2 skipped, 3 failed"), "\(run.output)")
        let entries = try report(library)
        let prefix = folder.path + "/"
        #expect(entry(entries, input: prefix + "linked.json")?["status"] as? String == "imported")
        #expect(entry(entries, input: prefix + "dangling.json")?["reason"] as? String == "a symbolic link to gone.json, which does not exist")
        #expect(entry(entries, input: prefix + "loop-a.json")?["reason"] as? String == "a symbolic link that leads round in a loop")
        #expect(entry(entries, input: prefix + "folder-link")?["status"] as? String == "skipped")
        #expect(entry(entries, input: prefix + "pipe.json")?["reason"] as? String == "a named pipe, not a file")
        #expect(run.errors.contains("skipped: \(prefix)folder-link: [read] a symbolic link to a folder"))
    }

    /// A file Larder may not read fails alone, said in words in the report and on the terminal.
    @Test func anUnreadableFileIsASentenceInTheReport() async throws {
        let folder = scratch.path("inputs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.url("mealdb/lookup/52772.json"), to: folder.appendingPathComponent("readable.json"))
        let secret = folder.appendingPathComponent("secret.json")
        try FileManager.default.copyItem(at: Fixtures.url("mealdb/lookup/52768.json"), to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret.path)
        // The library goes where the user the run is made as may write.
        let writable = scratch.path("writable")
        try FileManager.default.createDirectory(at: writable, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: writable.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
        let library = writable.appendingPathComponent("library").path
        let run = try await LarderCommand.run(["import", folder.path, "--library", library], unprivileged: true)
        #expect(run.status == 1)
        #expect(run.output.contains("1 imported, 0 skipped, 1 failed"), "\(run.printed)")
        let reason = try #require(entry(try report(library), input: secret.path)?["reason"] as? String)
        #expect(reason == "cannot read it: permission denied (check the permissions of it and of the folders above it, or choose another path)")
        let reportText = try String(contentsOfFile: library + "/report.json", encoding: .utf8)
        for raw in ["Error Domain=", "NSCocoaErrorDomain", "NSPOSIXErrorDomain"] {
            #expect(!run.printed.contains(raw) && !reportText.contains(raw))
        }
    }

    /// "no recipe found: no recipe found".
    @Test func aPageWithoutARecipeSaysSoOnce() async throws {
        let page = scratch.path("page.html")
        try Data("<html><body><p>Just a post about the weather.</p></body></html>".utf8).write(to: page)
        let run = try await LarderCommand.run(["import", page.path, "--library", scratch.path("library").path])
        #expect(run.status == 1)
        #expect(run.errors.components(separatedBy: "no recipe found").count == 2, "\(run.errors)")
        #expect(run.errors.contains("no recipe found: the page has no schema.org Recipe data"))
    }

    /// A rating of `1e309` failed its recipe with "EncodingError … inf".
    @Test func numbersTooLargeForJSONAreDroppedWithANote() async throws {
        let recipe = scratch.path("inf.json")
        try Data("""
        {"schemaVersion": 1, "id": "infinite-pie", "title": "Infinite Pie", "rating": {"value": 1e309},
         "ingredientGroups": [{"ingredients": [{"line": "2 cups flour", "quantity": {"value": 2, "upper": 1e400}}]}],
         "instructionSections": [{"steps": [{"text": "Bake."}]}], "extras": {"score": -1e309, "kept": 3}}
        """.utf8).write(to: recipe)
        let page = scratch.path("page.json")
        try Data("""
        {"@context": "https://schema.org", "@type": "Recipe", "name": "Big Soup", "recipeIngredient": ["1 onion"],
         "recipeInstructions": ["Cook."], "calorieCount": 1e999}
        """.utf8).write(to: page)
        let library = scratch.path("library").path
        let run = try await LarderCommand.run(["import", recipe.path, page.path, "--library", library])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("2 imported, 0 skipped, 0 failed"))
        #expect(run.errors.contains("dropped numbers that are not finite"))
        #expect(run.errors.contains("rating"))
        #expect(run.errors.contains("extras.score"))
        let stored = try String(contentsOfFile: library + "/recipes/infinite-pie.json", encoding: .utf8)
        #expect(!stored.contains("rating"))
        #expect(stored.contains("\"kept\" : 3"))
        let notes = entry(try report(library), input: recipe.path)?["notes"] as? [String]
        #expect(notes?.first?.contains("the amount of \"2 cups flour\" (its upper end)") == true)
    }
}

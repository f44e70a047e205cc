import Foundation
import Testing
import TestSupport

/// Choosing recipes on every export: by id (`--id`, repeatable), and by search words, where a
/// repeated `--search` adds its words instead of replacing the first (it did, silently).
@Suite(.serialized)
struct RecipeChoiceCommandLineTests {
    func larder(_ arguments: [String]) throws -> LarderCommand {
        try LarderCommand.run(arguments)
    }

    func libraryOfTheSamples(in scratch: ScratchFolder) throws -> (String, [String: String]) {
        let library = scratch.path("samples").path
        #expect(try larder(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--library", library]).status == 0)
        let listed = try larder(["list", "--library", library, "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        let ids = Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["title"] as? String).flatMap { title in (row["id"] as? String).map { (title, $0) } } })
        return (library, ids)
    }

    func recipes(ofList path: URL) throws -> [String] {
        let list = try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any]
        return list?["recipes"] as? [String] ?? []
    }

    @Test func exportAndConvertChooseRecipesByID() throws {
        let scratch = try ScratchFolder()
        let (library, ids) = try libraryOfTheSamples(in: scratch)
        let soup = try #require(ids["Tomato Soup"]), salad = try #require(ids["Chickpea Salad"])
        let list = scratch.path("list.json")
        let chosen = try larder(["export", "--library", library, "--format", "shopping-list", "--output", list.path, "--id", soup, "--id", salad])
        #expect(chosen.status == 0, "\(chosen.printed)")
        #expect(try recipes(ofList: list).sorted() == ["Chickpea Salad", "Tomato Soup"])
        // An id no recipe has fails by name; the others are written.
        let unknown = try larder(["export", "--library", library, "--format", "shopping-list", "--output", list.path, "--id", soup, "--id", "no-such-recipe"])
        #expect(unknown.status == 1)
        #expect(unknown.printed.contains("no-such-recipe") && unknown.printed.contains("the library has no recipe with this id"), "\(unknown.printed)")
        #expect(try recipes(ofList: list) == ["Tomato Soup"])
        // Filters and ids together: both must hold.
        let both = try larder(["export", "--library", library, "--format", "shopping-list", "--output", list.path, "--id", soup, "--id", salad,
                               "--search", "chickpeas"])
        #expect(both.status == 0)
        #expect(try recipes(ofList: list) == ["Chickpea Salad"])
        // convert: the ids the inputs' recipes get.
        let converted = try larder(["convert", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--format", "shopping-list",
                                    "--output", list.path, "--id", salad, "--id", "no-such-recipe"])
        #expect(converted.status == 1)
        #expect(converted.printed.contains("--id no-such-recipe") && converted.printed.contains("no recipe of the inputs has this id"), "\(converted.printed)")
        #expect(try recipes(ofList: list) == ["Chickpea Salad"])
    }

    @Test func aRepeatedSearchMeansAllItsWords() throws {
        let scratch = try ScratchFolder()
        let (library, _) = try libraryOfTheSamples(in: scratch)
        let one = try larder(["list", "--library", library, "--search", "soup"])
        #expect(one.output.contains("Tomato Soup") && one.output.contains("Creamy Potato Soup"))
        let two = try larder(["list", "--library", library, "--search", "soup", "--search", "tomato"])
        #expect(two.output.contains("Tomato Soup") && !two.output.contains("Creamy Potato Soup"), "\(two.output)")
        let list = scratch.path("list.json")
        #expect(try larder(["export", "--library", library, "--format", "shopping-list", "--output", list.path, "--search", "potato", "--search", "soup"]).status == 0)
        #expect(try recipes(ofList: list) == ["Creamy Potato Soup With Ham"])
    }
}

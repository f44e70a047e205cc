import Foundation
import Testing
import TestSupport

/// A library changed by hand between two runs (issue 31, findings 11 and 12): what `list` shows
/// follows the files, and a library whose own folders are links elsewhere is not written.
struct LibraryOutsideChangesTests {
    let scratch: ScratchFolder
    let library: URL

    init() async throws {
        scratch = try ScratchFolder()
        library = scratch.path("library")
        let recipe = scratch.path("ragu.json")
        try Data(#"{"@context": "https://schema.org", "@type": "Recipe", "name": "Beef Ragù", "recipeIngredient": ["500 g beef"], "recipeInstructions": ["Simmer."]}"#.utf8).write(to: recipe)
        let run = try await LarderCommand.run(["import", recipe.path, "--library", library.path])
        #expect(run.status == 0, "\(run.errors)")
    }

    var recipeFile: URL {
        get throws {
            let recipes = library.appendingPathComponent("recipes")
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: recipes.path).first { $0.hasSuffix(".json") })
            return recipes.appendingPathComponent(name)
        }
    }

    /// An editor that writes the file in place (no rename, so `recipes/` keeps its time): `list`
    /// showed the old title until the next run that wrote the library.
    @Test func aRecipeEditedInPlaceIsListedAsItNowIs() async throws {
        #expect(try await LarderCommand.run(["list", "--library", library.path]).output.contains("Beef Ragù"))
        let file = try recipeFile
        let text = try String(contentsOf: file, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"title\" : \"Beef Ragù\"", with: "\"title\" : \"Beef Ragù alla nonna\"")
        #expect(edited != text)
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.close()
        let listed = try await LarderCommand.run(["list", "--library", library.path])
        #expect(listed.output.contains("Beef Ragù alla nonna"), "\(listed.output)")
        #expect(try await LarderCommand.run(["list", "--library", library.path, "--search", "nonna"]).output.contains("alla nonna"))
    }

    /// `recipes/` or `images/` as a link to a folder elsewhere: the writes went there, and a
    /// restore failed recipe by recipe when it led to another file system. Now a run that would
    /// write says so and changes nothing (exit 2); reading still follows the link.
    @Test(arguments: ["recipes", "images", ".larder"])
    func aLibraryWhoseOwnFolderIsALinkIsNotWritten(folder: String) async throws {
        let inside = library.appendingPathComponent(folder)
        let elsewhere = scratch.path("elsewhere-\(folder.dropFirst(folder.hasPrefix(".") ? 1 : 0))")
        if FileManager.default.fileExists(atPath: inside.path) {
            try FileManager.default.moveItem(at: inside, to: elsewhere)
        } else {
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(at: inside, withDestinationURL: elsewhere)
        let before = try FileManager.default.subpathsOfDirectory(atPath: elsewhere.path).sorted()
        let salad = scratch.path("salad.json")
        try Data(#"{"@context": "https://schema.org", "@type": "Recipe", "name": "Salad", "recipeIngredient": ["1 lettuce"], "recipeInstructions": ["Toss."]}"#.utf8).write(to: salad)
        let imported = try await LarderCommand.run(["import", salad.path, "--library", library.path])
        #expect(imported.status == 2)
        #expect(imported.errors.contains("The library's \(folder)/ at \(inside.path) is a symbolic link (to \(elsewhere.path))"), "\(imported.errors)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: elsewhere.path).sorted() == before)
        let id = try recipeFile.deletingPathExtension().lastPathComponent
        let removed = try await LarderCommand.run(["remove", "--library", library.path, id])
        #expect(removed.status == 2, "\(removed.errors)")
        if folder == "recipes" {
            #expect(try await LarderCommand.run(["list", "--library", library.path]).output.contains("Beef Ragù"))
        }
    }
}

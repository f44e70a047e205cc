import Foundation
import LarderArchive
import LarderCore
import LarderKit
import Testing
import TestSupport

/// A recipe gets its pictures from an archive in whatever order the archive holds them, as it
/// does from the same files in a folder (issue 30: Mealie's pre-1.0 export zipped on macOS put
/// every recipe's JSON before the `images/` folders, and each picture was skipped as "a
/// picture no recipe in this folder names"), and a Chowdown site's `image:` finds its picture
/// in the site's `images/` folder.
struct ArchivePictureOrderTests {
    let stew = "formats/mealie/legacy/mealie_2021-Dec-08/recipes/old-fashioned-beef-stew/"

    /// A second Mealie recipe: the fixture's JSON under another name and slug.
    func soupJSON() throws -> Data {
        var object = try #require(try JSONValue.parse(Fixtures.data(stew + "old-fashioned-beef-stew.json")).objectValue)
        object["name"] = .string("Onion Soup")
        object["slug"] = .string("onion-soup")
        object["recipe_ingredient"] = .array([.object(["note": .string("6 onions, sliced"), "title": .null])])
        return try JSONEncoder().encode(JSONValue.object(object))
    }

    /// The export as macOS's Archive Utility writes it: a folder's files before its
    /// sub-folders', breadth first, so the pictures come after every recipe.
    func mealieZip(in scratch: ScratchFolder) throws -> URL {
        let zip = scratch.path("mealie_2021-Dec-08.zip")
        let writer = try ArchiveWriter(path: zip.path, format: .zip)
        let root = "mealie_2021-Dec-08/recipes/"
        try writer.addFile(root + "old-fashioned-beef-stew/old-fashioned-beef-stew.json", contents: Fixtures.data(stew + "old-fashioned-beef-stew.json"))
        try writer.addFile(root + "onion-soup/onion-soup.json", contents: soupJSON())
        try writer.addFile(root + "old-fashioned-beef-stew/images/tiny-original.webp", contents: Fixtures.data(stew + "images/tiny-original.webp"))
        try writer.addFile(root + "onion-soup/images/original.jpg", contents: Fixtures.data("workflow/shrimp.jpg"))
        try writer.close()
        return zip
    }

    @Test func aMealieExportZippedBreadthFirstKeepsEveryPicture() async throws {
        let scratch = try ScratchFolder()
        let outcomes = try await readAll(mealieZip(in: scratch).path)
        #expect(outcomes.allSatisfy { $0.skipped == nil && $0.failure == nil }, "\(outcomes.compactMap { $0.skipped ?? $0.failure })")
        let recipes = outcomes.compactMap(\.recipe)
        #expect(recipes.map(\.title).sorted() == ["Old-Fashioned Beef Stew", "Onion Soup"])
        // Each recipe has its own folder's picture, not the other's.
        let stew = try #require(recipes.first { $0.title == "Old-Fashioned Beef Stew" })
        let soup = try #require(recipes.first { $0.title == "Onion Soup" })
        let stewPicture = [UInt8](try Fixtures.data(self.stew + "images/tiny-original.webp"))
        let soupPicture = [UInt8](try Fixtures.data("workflow/shrimp.jpg"))
        #expect(stew.images.first?.embeddedData == stewPicture)
        #expect(soup.images.first?.embeddedData == soupPicture)
    }

    /// A Chowdown site (`_recipes/*.md` naming `image: okra.jpg`, the pictures in `images/`),
    /// zipped with the pictures after the recipes, and the same site as a folder.
    @Test(arguments: [false, true])
    func aChowdownSiteFindsThePicturesItsRecipesName(zipped: Bool) async throws {
        let scratch = try ScratchFolder()
        let files: [(String, Data)] = [
            ("chowdown-gh-pages/_recipes/roasted-okra.md", try Fixtures.data("formats/other/chowdown/roasted-okra.md")),
            ("chowdown-gh-pages/_recipes/roasted-brussels-sprouts.md", try Fixtures.data("formats/other/chowdown/roasted-brussels-sprouts.md")),
            ("chowdown-gh-pages/images/roasted-okra.jpg", try Fixtures.data("workflow/shrimp.jpg")),
            ("chowdown-gh-pages/images/roasted-brussels-sprouts.jpg", try Fixtures.data("workflow/parmigiana.jpg")),
        ]
        let input: URL
        if zipped {
            input = scratch.path("chowdown.zip")
            let writer = try ArchiveWriter(path: input.path, format: .zip)
            for (path, data) in files { try writer.addFile(path, contents: data) }
            try writer.close()
        } else {
            input = scratch.path("site")
            for (path, data) in files {
                let file = input.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file)
            }
        }
        let outcomes = try await readAll(input.path)
        #expect(outcomes.allSatisfy { $0.skipped == nil && $0.failure == nil }, "\(outcomes.compactMap { $0.skipped ?? $0.failure })")
        let okra = try #require(outcomes.compactMap(\.recipe).first { $0.title == "Roasted Okra" })
        let sprouts = try #require(outcomes.compactMap(\.recipe).first { $0.title == "Roasted Brussels Sprouts" })
        let shrimp = [UInt8](try Fixtures.data("workflow/shrimp.jpg"))
        let parmigiana = [UInt8](try Fixtures.data("workflow/parmigiana.jpg"))
        #expect(okra.images.count == 1 && okra.images.first?.embeddedData == shrimp)
        #expect(sprouts.images.count == 1 && sprouts.images.first?.embeddedData == parmigiana)
        // The name the file gave was found: nothing is left as a path that named no file.
        #expect(okra.extras["imageFiles"] == nil)
    }

    /// A picture that no recipe names is still said, in any order.
    @Test func aPictureNoRecipeNamesIsStillSaid() async throws {
        let scratch = try ScratchFolder()
        let zip = scratch.path("two.zip")
        let writer = try ArchiveWriter(path: zip.path, format: .zip)
        try writer.addFile("a/Soup.cook", contents: Data("Boil @water{1%l}.\n".utf8))
        try writer.addFile("b/Tea.cook", contents: Data("Boil @water{1%l}.\n".utf8))
        try writer.addFile("a/Soup.jpg", contents: Fixtures.data("workflow/shrimp.jpg"))
        try writer.addFile("b/extra/holiday.jpg", contents: Fixtures.data("workflow/parmigiana.jpg"))
        try writer.close()
        let outcomes = try await readAll(zip.path)
        let soup = try #require(outcomes.compactMap(\.recipe).first { $0.title == "Soup" })
        #expect(soup.images.count == 1)
        #expect(outcomes.contains { $0.item == "b/extra/holiday.jpg" && $0.skipped == "a picture no recipe in this folder names" })
    }
}

import Foundation
import LarderArchive
import LarderCore
import LarderKit
import Testing
import TestSupport

/// Issue 21, item 1: a recipe file names its stored image paths itself, so a path such as
/// `../../../.ssh/id_rsa` (or a link inside `images/` that leads out) must never make Larder
/// copy that file anywhere. Every test plants a secret beside the library, runs the real
/// binary, and looks for the secret's bytes in everything written.
@Suite(.serialized) struct StoredImagePathTests {
    let scratch: ScratchFolder
    /// `<scratch>/a/b/library`: three levels below the scratch folder, as the default library
    /// is below the home folder, so `../../../.ssh/id_rsa` reaches the secret.
    let library: URL
    let secretFile: URL
    /// PNG-looking bytes, so that every exporter would take them for a picture if it got them.
    let secret: Data

    init() throws {
        scratch = try ScratchFolder()
        library = scratch.path("a/b/library")
        secretFile = scratch.path(".ssh/id_rsa")
        try FileManager.default.createDirectory(at: secretFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        secret = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("PRIVATE KEY \(UUID().uuidString)".utf8)
        try secret.write(to: secretFile)
    }

    /// The ways a recipe file can name the secret: climbing out, absolutely, and climbing out
    /// from inside `images/`.
    var hostilePaths: [String] {
        ["../../../.ssh/id_rsa", secretFile.path, "images/pie/../../../../../.ssh/id_rsa"]
    }

    func larder(_ arguments: [String]) async throws -> ProgramRun {
        try await LarderCommand.run(arguments)
    }

    func recipe(id: String, images: [RecipeImage]) -> Recipe {
        Recipe(id: id, title: id.capitalized + " Pie",
               ingredientGroups: [IngredientGroup(ingredients: [Ingredient(line: "2 cups flour")])],
               instructionSections: [InstructionSection(steps: [Step(text: "Bake.")])], images: images)
    }

    /// Writes a recipe file into the library as if edited by hand after the import.
    func overwriteStored(_ recipe: Recipe) throws {
        try CanonicalJSON.encode(recipe).write(to: library.appendingPathComponent("recipes/\(recipe.id).json"))
    }

    /// Every export format, each into its own output; returns the outputs written.
    func exportEverything(expectingNotesAbout paths: [String]) async throws -> [URL] {
        let outputs = ["json-folder", "backup.tar.gz", "filtered.tar.gz", "markdown", "book.html", "nextcloud", "cooklang",
                       "recipes.paprikarecipes"].map { scratch.path("out/\($0)") }
        let formats = ["json", "json", "json", "markdown", "cookbook", "nextcloud", "cooklang", "paprika"]
        for (output, format) in zip(outputs, formats) {
            var arguments = ["export", "--library", library.path, "--format", format, "--output", output.path]
            if output.lastPathComponent == "filtered.tar.gz" { arguments += ["--search", "pie"] }
            let result = try await larder(arguments)
            #expect(result.status == 0, "\(format) → \(output.lastPathComponent): \(result.errors)")
            #expect(!result.output.contains("0 written"), "\(output.lastPathComponent): \(result.output)")
            // The whole-library backup copies files as they are and reads no recipe's paths.
            guard output.lastPathComponent != "backup.tar.gz" else { continue }
            for path in paths {
                #expect(result.errors.contains("image left out: \"\(path)\""), "\(output.lastPathComponent) says nothing of \(path)")
            }
        }
        return outputs
    }

    /// Fails when the secret's bytes (raw, or base64 as the cookbook embeds them) are in any
    /// file under `output`, in any entry of an archive there, or in the library that a Paprika
    /// export imports back into; and when an archive has an entry that leaves its root.
    func expectNoSecret(in output: URL) async throws {
        let base64 = Data(secret.base64EncodedString().utf8)
        func check(_ data: Data, _ name: String) {
            #expect(data.range(of: secret) == nil && data.range(of: base64) == nil, "the secret is in \(name)")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            for case let file as URL in FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil)! {
                check((try? Data(contentsOf: file)) ?? Data(), file.path)
            }
        } else if output.pathExtension == "paprikarecipes" {
            let back = scratch.path("paprika-back")
            _ = try await larder(["import", output.path, "--library", back.path])
            try await expectNoSecret(in: back)
        } else if let kind = ArchiveFormat(fileName: output.lastPathComponent) {
            _ = kind
            let reader = try ArchiveReader(path: output.path)
            while let entry = try reader.nextEntry() {
                let name = entry.path ?? "?"
                #expect(!name.hasPrefix("/") && !name.split(separator: "/").contains(".."), "the archive has an entry \(name)")
                check(try reader.readData(limit: 1 << 26), "\(output.lastPathComponent): \(name)")
            }
        } else {
            check(try Data(contentsOf: output), output.path)
        }
    }

    /// A Larder recipe file that names the secret is imported without those paths (a note for
    /// each in the report, the web address kept), so nothing exported later can reach it.
    @Test func importingARecipeFileThatNamesFilesOutsideTheLibraryLeavesThosePathsOut() async throws {
        let file = scratch.path("hostile.json")
        var images = hostilePaths.map { RecipeImage(path: $0) }
        images[0].url = "https://example.org/pie.jpg"
        try CanonicalJSON.encode(recipe(id: "pie", images: images)).write(to: file)

        let result = try await larder(["import", file.path, "--library", library.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("1 imported, 0 skipped, 0 failed"))
        let stored = try CanonicalJSON.decode(Data(contentsOf: library.appendingPathComponent("recipes/pie.json")))
        #expect(stored.images == [RecipeImage(url: "https://example.org/pie.jpg")])
        let report = try CanonicalJSON.decode(RunReport.self, from: Data(contentsOf: library.appendingPathComponent("report.json")))
        let notes = try #require(report.entries.first?.notes)
        for path in hostilePaths {
            #expect(notes.contains { $0.contains("image left out: \"\(path)\"") }, "no note for \(path)")
        }

        for output in try await exportEverything(expectingNotesAbout: []) { try await expectNoSecret(in: output) }
    }

    /// A recipe file edited in the library after its import is checked again by every
    /// exporter: the recipe is written, its hostile paths are left out with a note.
    @Test func aLibraryRecipeEditedOnDiskExportsNothingFromOutsideTheLibrary() async throws {
        let file = scratch.path("plain.json")
        try CanonicalJSON.encode(recipe(id: "pie", images: [])).write(to: file)
        #expect(try await larder(["import", file.path, "--library", library.path]).status == 0)
        try overwriteStored(recipe(id: "pie", images: hostilePaths.map { RecipeImage(path: $0) }))

        for output in try await exportEverything(expectingNotesAbout: hostilePaths) { try await expectNoSecret(in: output) }
    }

    /// A symbolic link inside `images/` that leads out (to the secret, or to its folder) is not
    /// followed by any exporter, while a real picture beside it, and a link that stays inside
    /// `images/`, are exported as usual.
    @Test func aSymbolicLinkInsideImagesThatLeadsOutIsNotFollowed() async throws {
        let file = scratch.path("plain.json")
        try CanonicalJSON.encode(recipe(id: "pie", images: [])).write(to: file)
        #expect(try await larder(["import", file.path, "--library", library.path]).status == 0)

        let folder = library.appendingPathComponent("images/pie")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let picture = try Fixtures.data("formats/nextcloud/Recipes/Air Fryer Shrimp/full.jpg")
        try picture.write(to: folder.appendingPathComponent("real.jpg"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("same.jpg").path, withDestinationPath: "real.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("key.png").path, withDestinationPath: secretFile.path)
        try FileManager.default.createSymbolicLink(atPath: library.appendingPathComponent("images/keys").path,
                                                   withDestinationPath: secretFile.deletingLastPathComponent().path)
        let leading = ["images/pie/key.png", "images/keys/id_rsa"]
        try overwriteStored(recipe(id: "pie", images: (["images/pie/real.jpg", "images/pie/same.jpg"] + leading).map { RecipeImage(path: $0) }))

        let outputs = try await exportEverything(expectingNotesAbout: leading)
        for output in outputs { try await expectNoSecret(in: output) }
        let copy = try CanonicalJSON.decode(Data(contentsOf: scratch.path("out/json-folder/recipes/pie.json")))
        #expect(copy.images.count == 2)
        for image in copy.images {
            let path = try #require(image.path)
            #expect(try Data(contentsOf: scratch.path("out/json-folder").appendingPathComponent(path)) == picture)
        }
    }

    /// A bundle's recipe that names a file outside the bundle's `images/` is restored without
    /// that image, with a note, instead of failing whole.
    @Test func aBundleRecipeNamingAFileOutsideTheBundleIsRestoredWithoutIt() async throws {
        let archive = scratch.path("hostile.tar.gz")
        let writer = try BundleWriter(output: archive, format: .tarGzip)
        let good = Data([0x89, 0x50, 0x4E, 0x47]) + Data("a picture".utf8)
        try writer.add(path: "images/pie/good.png", contents: good)
        let paths = ["images/pie/good.png"] + hostilePaths + ["images/pie/not-in-the-bundle.png"]
        try writer.add(path: "recipes/pie.json", contents: try CanonicalJSON.encode(recipe(id: "pie", images: paths.map { RecipeImage(path: $0) })))
        try writer.finish(created: Date(timeIntervalSince1970: 0))

        let result = try await larder(["import", archive.path, "--library", library.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("1 imported, 0 skipped, 0 failed"))
        for path in paths.dropFirst() {
            #expect(result.errors.contains("image left out of the restore: \"\(path)\""), "no note for \(path)")
        }
        let restored = try CanonicalJSON.decode(Data(contentsOf: library.appendingPathComponent("recipes/pie.json")))
        let restoredPaths = restored.images.compactMap(\.path)
        #expect(restoredPaths.count == 1)
        #expect(try Data(contentsOf: library.appendingPathComponent(try #require(restoredPaths.first))) == good)
        try await expectNoSecret(in: library)
    }

    /// The check itself, on the paths a recipe can name.
    @Test func onlyPathsToFilesInsideImagesPass() throws {
        let root = scratch.path("lib")
        let images = root.appendingPathComponent("images/r")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: images.appendingPathComponent("a.jpg"))
        try FileManager.default.createSymbolicLink(atPath: images.appendingPathComponent("inside.jpg").path, withDestinationPath: "a.jpg")
        try FileManager.default.createSymbolicLink(atPath: images.appendingPathComponent("out.jpg").path, withDestinationPath: secretFile.path)
        try FileManager.default.createSymbolicLink(atPath: images.appendingPathComponent("dangling.jpg").path, withDestinationPath: "/nonexistent/x")
        try FileManager.default.createDirectory(at: images.appendingPathComponent("folder.jpg"), withIntermediateDirectories: true)

        func verdict(_ path: String) -> StoredImagePath.Refusal? {
            do { _ = try StoredImagePath.resolve(path, inLibraryAt: root.path); return nil } catch { return error }
        }
        #expect(verdict("images/r/a.jpg") == nil)
        #expect(verdict("images/r/inside.jpg") == nil)
        for outside in ["../x.jpg", "/etc/passwd", "images/../recipes/r.json", "images/r/./a.jpg", "images//r/a.jpg",
                        "images/r\\a.jpg", "images/r/a.jpg\n", "recipes/r.json", "images", "images/", ""] {
            #expect(verdict(outside) == .outsideTheImagesFolder(outside), "\(outside)")
        }
        #expect(verdict("images/r/out.jpg") == .leadsOutsideTheImagesFolder("images/r/out.jpg"))
        #expect(verdict("images/r/dangling.jpg") == .leadsOutsideTheImagesFolder("images/r/dangling.jpg"))
        #expect(verdict("images/r/missing.jpg") == .missing("images/r/missing.jpg"))
        #expect(verdict("images/r/folder.jpg") == .notAFile("images/r/folder.jpg"))
        #expect(try StoredImagePath.read("images/r/inside.jpg", inLibraryAt: root.path) == Data("x".utf8))
        #expect(throws: StoredImagePath.Refusal.self) { try StoredImagePath.read("images/r/out.jpg", inLibraryAt: root.path) }
    }

    /// A recipe's image folder that is a link leading out of the library is never written into.
    @Test func noPictureIsWrittenThroughAFolderLinkThatLeadsOut() throws {
        let outside = scratch.path("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let store = Library(root: library)
        try store.open()
        try FileManager.default.createDirectory(at: library.appendingPathComponent("images"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: library.appendingPathComponent("images/pie").path, withDestinationPath: outside.path)
        let picture = recipe(id: "pie", images: [RecipeImage(embeddedData: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3])])
        #expect(throws: StoredImagePath.Refusal.self) { try store.store(picture) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }
}

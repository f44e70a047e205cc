import Foundation
import LarderKit
import Testing
import TestSupport

/// Where an export writes: the output holds exactly what was exported, an earlier export is
/// replaced whole, anything else is refused with a sentence and left as it was.
struct ExportOutputCommandTests {
    let scratch: ScratchFolder
    let library: String

    init() async throws {
        scratch = try ScratchFolder()
        library = scratch.path("library").path
        let run = try await LarderCommand.run(["import", Fixtures.url("apps").path, "--library", library])
        #expect(run.status <= 1)
    }

    func files(in folder: URL) throws -> Set<String> {
        Set(try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            return !isFolder.boolValue
        })
    }

    /// The index listed 1 recipe, the folder held 14: an earlier export's files stayed.
    @Test(arguments: ["markdown", "json", "cooklang", "nextcloud"])
    func aSecondExportIntoTheSameFolderLeavesNothingOfTheFirst(format: String) async throws {
        let output = scratch.path("out-\(format)")
        let all = try await LarderCommand.run(["export", "--library", library, "--format", format, "--output", output.path])
        #expect(all.status == 0, "\(all.errors)")
        let everything = try files(in: output)
        let one = try await LarderCommand.run(["export", "--library", library, "--format", format, "--output", output.path, "--cuisine", "Italian"])
        #expect(one.status == 0, "\(one.errors)")
        #expect(one.output.contains("1 written"))
        // The same as a first export of that one recipe into a new folder.
        let fresh = scratch.path("fresh-\(format)")
        #expect(try await LarderCommand.run(["export", "--library", library, "--format", format, "--output", fresh.path, "--cuisine", "Italian"]).status == 0)
        #expect(try files(in: output) == (try files(in: fresh)))
        #expect(try files(in: output).count < everything.count)
        // Nothing is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// Issue 31: `--output lib/recipes/<id>.json` replaced a recipe with a shopping list (`list`
    /// showed 12 of 13), and the manifest and the index were taken too. Any output inside the
    /// library, by any name (a link to a folder of it), is refused with exit code 2 and nothing
    /// changes; so is a folder output that holds the library.
    @Test func anOutputInsideTheLibraryIsRefusedAndTheLibraryKept() async throws {
        let root = URL(fileURLWithPath: library)
        let recipes = root.appendingPathComponent("recipes")
        let recipe = try #require(try FileManager.default.contentsOfDirectory(atPath: recipes.path).sorted().first)
        let before = try files(in: root).subtracting(["report.json"])
        let contents = try Data(contentsOf: recipes.appendingPathComponent(recipe))
        let alias = scratch.path("alias")
        try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: recipes)
        let outputs: [(String, String)] = [
            ("shopping-list", recipes.appendingPathComponent(recipe).path),
            ("json", root.appendingPathComponent("manifest.jsonl").path),
            ("jsonld", root.appendingPathComponent(".larder/index.sqlite").path),
            ("markdown", root.path),
            ("shopping-list", alias.appendingPathComponent("list.md").path),
        ]
        for (format, output) in outputs {
            let run = try await LarderCommand.run(["export", "--library", library, "--format", format, "--output", output])
            #expect(run.status == 2, "\(output): \(run.errors)")
            #expect(run.errors.contains("is inside the library at \(library)"), "\(run.errors)")
        }
        let holder = try await LarderCommand.run(["export", "--library", library, "--format", "markdown", "--output", scratch.url.path])
        #expect(holder.status == 2)
        #expect(holder.errors.contains("holds the library at \(library)"), "\(holder.errors)")
        #expect(try files(in: root).subtracting(["report.json"]) == before)
        #expect(try Data(contentsOf: recipes.appendingPathComponent(recipe)) == contents)
        let list = try await LarderCommand.run(["list", "--library", library])
        #expect(list.output.split(separator: "\n").count == before.filter { $0.hasPrefix("recipes/") }.count, "\(list.output)")
    }

    @Test func aFolderThatIsNotALarderExportIsRefusedAndKept() async throws {
        let notes = scratch.path("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data("my own notes".utf8).write(to: notes.appendingPathComponent("todo.txt"))
        let run = try await LarderCommand.run(["export", "--library", library, "--format", "markdown", "--output", notes.path])
        #expect(run.status == 2)
        #expect(run.errors.contains("The output \(notes.path) is a folder that already holds files (todo.txt)"), "\(run.errors)")
        #expect(try files(in: notes) == ["todo.txt"])

        // An earlier export to which someone added a file of their own is not replaced either.
        let export = scratch.path("export")
        #expect(try await LarderCommand.run(["export", "--library", library, "--format", "markdown", "--output", export.path]).status == 0)
        try Data("added by hand".utf8).write(to: export.appendingPathComponent("mine.md"))
        let again = try await LarderCommand.run(["export", "--library", library, "--format", "markdown", "--output", export.path])
        #expect(again.status == 2)
        #expect(again.errors.contains("also holds files that export did not write (mine.md)"), "\(again.errors)")
        #expect(FileManager.default.fileExists(atPath: export.appendingPathComponent("mine.md").path))
        #expect(FileManager.default.fileExists(atPath: export.appendingPathComponent("index.md").path))

        // An empty folder is filled.
        let empty = scratch.path("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(try await LarderCommand.run(["export", "--library", library, "--format", "markdown", "--output", empty.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent("index.md").path))
    }

    /// `Code=516` for Markdown onto a file; "could not move the new fold into place" for a
    /// cookbook onto a folder.
    @Test func anOutputOfTheWrongKindIsAUsageErrorNamingIt() async throws {
        let file = scratch.path("existing")
        try Data("keep me".utf8).write(to: file)
        let folder = scratch.path("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let markdown = try await LarderCommand.run(["export", "--library", library, "--format", "markdown", "--output", file.path])
        #expect(markdown.errors.contains("The output \(file.path) is a file, but this format writes a folder of files"), "\(markdown.errors)")
        let cookbook = try await LarderCommand.run(["export", "--library", library, "--format", "cookbook", "--output", folder.path])
        #expect(cookbook.errors.contains("The output \(folder.path) is a folder, not a file. --format cookbook writes one file"), "\(cookbook.errors)")
        #expect(cookbook.errors.contains("\(folder.path)/cookbook.html"))
        let backup = try await LarderCommand.run(["export", "--library", library, "--format", "json", "--output", folder.path, "--archive", "zip"])
        let list = try await LarderCommand.run(["convert", Fixtures.url("apps").path, "--format", "shopping-list", "--output", folder.path])
        let below = try await LarderCommand.run(["export", "--library", library, "--format", "jsonld", "--output", file.appendingPathComponent("x.json").path])
        #expect(below.errors.contains("cannot be made: \(file.path) is a file, not a folder"), "\(below.errors)")
        for run in [markdown, cookbook, backup, list, below] {
            #expect(run.status == 2, "\(run.errors)")
            #expect(!run.printed.contains("Error Domain="))
        }
        #expect(try Data(contentsOf: file) == Data("keep me".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A file named below a file, or in a folder Larder may not write in, was told to "name a
    /// file, such as <it>/recipes.json": a file inside a folder of its name, under the same
    /// file or on the same disk. That advice is for a folder named where a file goes.
    @Test func anOutputInAFolderThatCannotBeWrittenIsToldToChooseAnother() async throws {
        let file = scratch.path("afile")
        try Data("keep me".utf8).write(to: file)
        let below = try await LarderCommand.run(["export", "--library", library, "--format", "jsonld", "--output", file.appendingPathComponent("x.json").path])
        #expect(below.errors.contains("cannot be made: \(file.path) is a file, not a folder. Choose an output in a folder you can write in."), "\(below.errors)")

        let closed = scratch.path("closed")
        try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: closed.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: closed.path) }
        // As a user who may not write there (root may write anywhere); the library is readable.
        let unwritable = try await LarderCommand.run(["export", "--library", library, "--format", "jsonld", "--output", closed.appendingPathComponent("o.json").path],
                                              unprivileged: true)
        #expect(unwritable.errors.contains("cannot be made: no permission to write in \(closed.path). Choose an output in a folder you can write in."),
                "\(unwritable.errors)")
        for run in [below, unwritable] {
            #expect(run.status == 2, "\(run.errors)")
            #expect(!run.errors.contains("such as"), "\(run.errors)")
        }
    }

    /// `--cookbook-images folder` replaces its pictures folder as a folder export does.
    @Test func theCookbookPicturesFolderHoldsOnlyThisBooksPictures() async throws {
        let book = scratch.path("book.html")
        let pictures = scratch.path("book-images")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Data("not mine".utf8).write(to: pictures.appendingPathComponent("old.jpg"))
        let refused = try await LarderCommand.run(["export", "--library", library, "--format", "cookbook", "--output", book.path,
                                             "--cookbook-images", "folder"])
        #expect(refused.status == 2)
        #expect(refused.errors.contains(pictures.path))
        try FileManager.default.removeItem(at: pictures)
        for _ in 0..<2 {
            let run = try await LarderCommand.run(["export", "--library", library, "--format", "cookbook", "--output", book.path, "--cookbook-images", "folder"])
            #expect(run.status == 0, "\(run.errors)")
        }
        #expect(FileManager.default.fileExists(atPath: pictures.appendingPathComponent(OutputFolder.markerName).path))
    }
}

/// The folder swap itself, through the library's API.
struct OutputFolderTests {
    /// A run that stops before it finishes leaves the earlier export as it was, and nothing
    /// beside it.
    @Test func anUnfinishedExportChangesNothing() throws {
        let scratch = try ScratchFolder()
        let output = scratch.path("cookbook")
        let first = try FolderTree(folder: output)
        try first.write(Data("one".utf8), at: "a.md")
        try first.finish()
        do {
            let second = try FolderTree(folder: output)
            try second.write(Data("two".utf8), at: "b.md")
        }
        #expect(try String(contentsOf: output.appendingPathComponent("a.md"), encoding: .utf8) == "one")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("b.md").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["cookbook"])
    }

    /// What a killed run left beside the output is removed by the next one.
    @Test func leftoversOfAKilledRunAreRemoved() throws {
        let scratch = try ScratchFolder()
        let output = scratch.path("cookbook")
        // A process id that is not running: the largest, never handed out.
        let dead = scratch.path(".cookbook.larder-4194304-0000.partial")
        try FileManager.default.createDirectory(at: dead, withIntermediateDirectories: true)
        let alive = scratch.path(".cookbook.larder-\(getpid())-1111.partial")
        try FileManager.default.createDirectory(at: alive, withIntermediateDirectories: true)
        let tree = try FolderTree(folder: output)
        try tree.write(Data("x".utf8), at: "a.md")
        try tree.finish()
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))
    }
}

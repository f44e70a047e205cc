import Foundation
import LarderArchive
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// A disk that fills up is said of what the user named, in the words every output uses
/// ("cannot write b.zip: the disk is full (free some space and run it again)"): never
/// libarchive's "Write error" about a hidden temporary file, never a backup "refused" for it,
/// and an import still says what went in.
struct FullDiskTests {
    static let full = "the disk is full (free some space and run it again)"

    /// No mount needed: /dev/full fails every write as a full disk does.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full, whose every write fails as on a full disk"))
    func anArchiveThatMeetsAFullDiskIsSaidOfTheFileTheUserNamed() throws {
        let named = URL(fileURLWithPath: "/home/cook/backup.tar.gz")
        let writer = try ArchiveWriter(path: "/dev/full", format: .tarGzip, name: named.path)
        var failure: Error?
        do {
            for number in 0..<32 { try writer.addFile("recipes/\(number).json", contents: Self.incompressible(65_536)) }
            try writer.close()
        } catch {
            failure = error
        }
        let error = try #require(failure as? ArchiveError)
        #expect(error.systemCode == ENOSPC)
        #expect(error.context.hasPrefix(named.path), "\(error.context)")
        let said = #expect(throws: FileProblem.self) { try ArchiveOutput.retelling(named) { throw error } }
        #expect(said?.description == "cannot write \(named.path): \(Self.full)")
        // libarchive's own trouble (a name it cannot store) is no failure of the disk: said as it is.
        #expect(throws: ArchiveError.self) {
            try ArchiveOutput.retelling(named) { throw ArchiveError(named.path, "Can't translate pathname", systemCode: EILSEQ) }
        }
    }

    /// A Markdown export into a folder on a full disk: every recipe's file fails to be written,
    /// and the run says so, naming a file and why, not that no recipe could be read.
    @Test(.enabled(if: TmpfsMount.isAvailable, "needs a small tmpfs, which only root may mount, on a system that allows it"))
    func aFolderExportThatMeetsAFullDiskSaysTheWriteFailed() async throws {
        let scratch = try ScratchFolder()
        let recipes = scratch.path("recipes.json")
        try Self.recipesFile(count: 5, descriptionBytes: 3_000).write(to: recipes)
        let library = scratch.path("library").path
        #expect(try await LarderCommand.run(["import", recipes.path, "--library", library]).status == 0)
        let disk = try #require(await TmpfsMount.mount(bytes: 1 << 20))
        try disk.fill(leaving: 0)
        let output = disk.path("md").path
        let run = try await LarderCommand.run(["export", "--library", library, "--format", "markdown", "--output", output])
        #expect(run.status == 1)
        #expect(!run.printed.contains("could be read") && !run.printed.contains("every input failed"), "\(run.printed)")
        let summary = try #require(run.printed.split(separator: "\n").last { $0.hasPrefix("Export:") })
        #expect(summary.contains("nothing was written: every recipe failed at [markdown]: cannot write \(output)/"), "\(summary)")
        #expect(summary.contains(".md: \(Self.full)"), "\(summary)")
    }

    /// What a person sees on a small disk: every archive export, a folder export, a restore and
    /// an import. Needs a tmpfs, so it runs only where the tests may mount one (as root, on a
    /// system that allows mounts).
    @Test(.enabled(if: TmpfsMount.isAvailable, "needs a small tmpfs, which only root may mount, on a system that allows it"))
    func aDiskThatFillsUpIsSaidOfWhatTheUserNamed() async throws {
        let scratch = try ScratchFolder()
        let recipes = scratch.path("recipes.json")
        try Self.recipesFile(count: 120, descriptionBytes: 3_000).write(to: recipes)
        let library = scratch.path("library").path
        #expect(try await LarderCommand.run(["import", recipes.path, "--library", library]).status == 0)
        let bundle = scratch.path("backup.tar.gz").path
        #expect(try await LarderCommand.run(["export", "--library", library, "--format", "json", "--output", bundle]).status == 0)

        let disk = try #require(await TmpfsMount.mount(bytes: 2 << 20))
        try disk.fill(leaving: 160_000)
        for (format, name) in [("json", "b.zip"), ("json", "b.tar.xz"), ("paprika", "p.paprikarecipes"), ("markdown", "m.tar.gz"), ("cooklang", "c.tar.zst")] {
            let output = disk.path(name).path
            let run = try await LarderCommand.run(["export", "--library", library, "--format", format, "--output", output])
            #expect(run.status == 1)
            #expect(run.errors == "Error: cannot write \(output): \(Self.full)\n", "\(format) \(name): \(run.errors)")
        }
        let folder = disk.path("copy").path
        let copy = try await LarderCommand.run(["export", "--library", library, "--format", "json", "--output", folder])
        #expect(copy.status == 1)
        #expect(copy.errors.hasPrefix("Error: cannot write \(folder)/") && copy.errors.hasSuffix("\(Self.full)\n"), "\(copy.errors)")
        // Nothing of them is left behind, not even a hidden temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == ["filler"])

        // A restore: the backup is not at fault, and the system's own words stay out.
        let restoreLibrary = disk.path("restored").path
        let restore = try await LarderCommand.run(["import", bundle, "--library", restoreLibrary])
        #expect(restore.status == 1)
        #expect(restore.errors.contains("failed: \(bundle): [restore] cannot write \(restoreLibrary): \(Self.full)"), "\(restore.errors)")
        #expect(!restore.printed.contains("refused") && !restore.printed.contains("No space left"), "\(restore.printed)")
        try FileManager.default.removeItem(atPath: restoreLibrary)

        // An import that fills the disk says what went in, and that running it again goes on.
        // (Room for the index and some of the recipes, a page of the file system each: the
        // index commits its changes in groups, so its write-ahead log no longer grows by pages
        // of 16 KB with each recipe and 1.2 MB held all 120.)
        try FileManager.default.removeItem(at: disk.path("filler"))
        try disk.fill(leaving: 600_000)
        let imported = disk.path("imported").path
        let run = try await LarderCommand.run(["import", recipes.path, "--library", imported])
        #expect(run.status == 1)
        let summary = try #require(run.output.firstMatch(of: /^Import: (\d+) imported, 0 skipped, (\d+) failed\./), "\(run.output)")
        let stored = try #require(Int(summary.1))
        #expect(stored > 0 && stored + (Int(summary.2) ?? 0) == 120, "\(run.output)")
        #expect(run.errors.contains("[library] cannot write \(imported)/"), "\(run.errors)")
        #expect(run.errors.hasSuffix("the disk is full (free some space and run it again); the \(stored) recipes imported are in the library, and running it again goes on with the rest\n"),
                "\(run.errors.suffix(400))")
        #expect(!run.printed.contains("No space left") && !run.printed.contains("no space left"), "\(run.printed)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: imported + "/recipes").count == stored)
        await disk.unmount()
    }

    /// Random text, which no archive compresses much.
    static func incompressible(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedData()
    }

    /// `count` schema.org recipes, each with a description of random text.
    static func recipesFile(count: Int, descriptionBytes: Int) throws -> Data {
        let recipes: [JSONValue] = (0..<count).map { number in
            .object([
                "@context": .string("https://schema.org"), "@type": .string("Recipe"), "name": .string("Filler \(number)"),
                "description": .string(String(decoding: incompressible(descriptionBytes * 3 / 4), as: UTF8.self)),
                "recipeIngredient": .array([.string("\(number + 1) cups flour")]), "recipeInstructions": .array([.string("Bake.")]),
            ])
        }
        return try CanonicalJSON.encoder.encode(JSONValue.array(recipes))
    }
}

import Foundation
import LarderArchive
import LarderCore
import LarderKit
import Testing
import TestSupport

/// The library store across versions and inputs: a library and a backup written by Larder 0.1.0
/// (`manifest.json`) still open and restore, a library folder restores like a backup, and a
/// recipe file the library cannot read is named rather than passed over.
struct LibraryStoreTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    func larder(_ arguments: [String]) async throws -> ProgramRun {
        try await LarderCommand.run(arguments)
    }

    func manifest(_ folder: URL) throws -> [Manifest.File] {
        try #require(try ManifestReader.open(folder: folder)).readAll()
    }

    func report(_ library: URL) throws -> RunReport {
        try CanonicalJSON.decode(RunReport.self, from: Data(contentsOf: library.appendingPathComponent("report.json")))
    }

    @Test func anOlderLibraryOpensAndKeepsItsChecksums() async throws {
        let root = scratch.path("old")
        try FileManager.default.copyItem(at: Fixtures.url("legacy/library"), to: root)
        let before = try manifest(root)
        let created = try #require(try ManifestReader.open(folder: root)).header.created

        let result = try await larder(["import", Fixtures.url("json/tolerant-odd-keys.json").path, "--library", root.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("manifest.json").path), "the old manifest is replaced")
        let after = try manifest(root)
        #expect(try #require(try ManifestReader.open(folder: root)).header.created == created)
        #expect(Set(before).isSubset(of: Set(after)), "what the old manifest said still holds")
        #expect(after.count == before.count + 1)
        let library = Library(root: root)
        #expect(try library.recipeIDs().count == 4)
        for id in try library.recipeIDs() { _ = try library.load(id: id) }
    }

    @Test func anOlderBackupRestores() async throws {
        let root = scratch.path("restored")
        let result = try await larder(["import", Fixtures.url("legacy/bundle.tar.gz").path, "--library", root.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try report(root).entries.map(\.status) == [.imported, .imported, .imported])
        #expect(try manifest(root) == manifest(Fixtures.url("legacy/library")))
        let image = root.appendingPathComponent("images/grandma-s-apple-pie-98a4648d/6377db7e1a26c088.png")
        #expect(try Data(contentsOf: image) == Data(contentsOf: Fixtures.url("legacy/library/images/grandma-s-apple-pie-98a4648d/6377db7e1a26c088.png")))
    }

    /// `export --format json --output DIR` writes a library; importing that folder restores it
    /// (its manifest is not a recipe), checked as a backup is, and leaves the folder as it was.
    @Test func aLibraryFolderRestoresLikeABackup() async throws {
        let source = scratch.path("source")
        #expect(try await larder(["import", Fixtures.url("apps/icloud-cookbook").path, Fixtures.url("json").path, "--library", source.path]).status == 0)
        let copy = scratch.path("copy")
        #expect(try await larder(["export", "--format", "json", "--library", source.path, "--output", copy.path]).status == 0)
        let before = try FileManager.default.subpathsOfDirectory(atPath: copy.path).sorted()

        let target = scratch.path("target")
        let result = try await larder(["import", copy.path, "--library", target.path])
        #expect(result.status == 0, "\(result.errors)")
        let entries = try report(target).entries
        #expect(entries.count == 4 && entries.allSatisfy { $0.status == .imported && $0.input == copy.path })
        #expect(try manifest(target) == manifest(source))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: copy.path).sorted() == before)

        // The folder is checked like an archive, and said to be a folder: a link inside it refuses it whole.
        try FileManager.default.createSymbolicLink(atPath: copy.appendingPathComponent("recipes/passwd.json").path, withDestinationPath: "/etc/passwd")
        let hostile = try await larder(["import", copy.path, "--library", scratch.path("other").path])
        #expect(hostile.status == 1)
        #expect(hostile.errors.contains("the library folder is refused: the entry \"recipes/passwd.json\" is a symbolic link"), "\(hostile.errors)")
        #expect(try Library(root: scratch.path("other")).recipeIDs().isEmpty)
    }

    /// "Backup is archive the folder": a library archived with tar, run state and all, restores.
    @Test func aLibraryArchivedWithTarRestores() async throws {
        let source = scratch.path("source")
        #expect(try await larder(["import", Fixtures.url("apps/icloud-cookbook").path, Fixtures.url("json").path, "--library", source.path]).status == 0)
        let archive = scratch.path("by-hand.tgz")
        let tar = try await Program("tar", ["czf", archive.path, "-C", source.path, "."]).run()
        #expect(tar.status == 0, "\(tar)")
        let target = scratch.path("target")
        let result = try await larder(["import", archive.path, "--library", target.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try report(target).imported == 4)
        #expect(try manifest(target) == manifest(source))
    }

    @Test func aRecipeFileTheLibraryCannotReadIsNamed() async throws {
        let root = scratch.path("library")
        #expect(try await larder(["import", Fixtures.url("json/canonical-v1.json").path, "--library", root.path]).status == 0)
        try Data("{\"id\": \"broken\", \"title\": ".utf8).write(to: root.appendingPathComponent("recipes/broken.json"))
        let result = try await larder(["import", Fixtures.url("json/tolerant-odd-keys.json").path, "--library", root.path])
        #expect(result.status == 0)
        #expect(result.errors.contains("note: recipes/broken.json in the library at \(root.path) cannot be read"), "\(result.errors)")
        #expect(try report(root).notes.contains { $0.hasPrefix("recipes/broken.json in the library") })
    }
}

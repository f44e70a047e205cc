import Foundation
import Testing
import TestSupport

/// Back up a library into an archive and restore it elsewhere: the same recipes byte for
/// byte, the same pictures, every restored recipe counted, and restoring twice changes nothing.
@Suite struct RestoreWorkflowTests {
    @Test(arguments: ["backup.tar.gz", "backup.tar.zst", "backup.tar.xz", "backup.zip"])
    func aBackupRestoresTheSameLibrary(_ name: String) async throws {
        let work = try Workspace()
        // The iCloud-style cookbook carries its pictures inside the JSON: the library stores them.
        try await work.run(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, Fixtures.url("apps/icloud-cookbook").path,
                      "--library", work.path("lib")], expecting: [0, 1])
        let original = work.library("lib")
        #expect(original.storedPaths().contains { $0.hasPrefix("images/") }, "the fixture library has no pictures to back up")

        try await work.run(["export", "--library", original.root.path, "--format", "json", "--output", work.path(name)])
        let outcome = try await work.run(["import", work.path(name), "--library", work.path("restored")])
        let restored = work.library("restored")

        #expect(restored.storedPaths() == original.storedPaths())
        for path in original.storedPaths() {
            let a = try Data(contentsOf: original.root.appendingPathComponent(path))
            let b = try Data(contentsOf: restored.root.appendingPathComponent(path))
            #expect(a == b, "\(path) differs after the restore")
        }
        #expect(try restored.manifestPaths() == restored.storedPaths())
        // Every restored recipe is counted where the person reads the result.
        #expect(outcome.printed.contains("\(original.recipeFiles.count) imported"), "\(outcome)")

        // Restoring again skips everything and changes nothing; update puts the same bytes back.
        let again = try await work.run(["import", work.path(name), "--library", work.path("restored")])
        #expect(again.printed.contains("0 imported"), "\(again)")
        try await work.run(["import", work.path(name), "--on-duplicate", "update", "--library", work.path("restored")])
        for path in original.storedPaths() {
            #expect(try Data(contentsOf: original.root.appendingPathComponent(path)) == Data(contentsOf: restored.root.appendingPathComponent(path)))
        }
    }
}

import Foundation
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// An import commits each recipe's index row on its own. The write-ahead log those commits grow
/// is copied into the index at a bound in bytes, whatever the index's page size: with SQLite's
/// default, counted in pages, 16 KB pages let the log reach 16 MB, and on a small disk the
/// log filled it before the recipes did.
struct IndexLogBoundTests {
    @Test func theLogOfManySmallCommitsStaysWithinItsBound() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path("index.sqlite").path
        let index = try LibraryIndex(creatingAt: path)
        try index.beginWriting()
        var largestLog = 0
        for n in 0..<600 {
            var recipe = Recipe(title: "Soup No. \(n)")
            recipe.id = "soup-\(n)"
            let file = Manifest.File(path: "recipes/soup-\(n).json", sha256: String(repeating: "a", count: 64), bytes: 100)
            try index.put(file, recipe: recipe)
            let size = ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0
            largestLog = max(largestLog, size)
        }
        // A checkpoint runs after the commit that passes the bound, so the log can pass it by
        // one commit's pages.
        #expect(largestLog > 0)
        #expect(largestLog <= LibraryIndex.logBytes + (1 << 20), "the log reached \(largestLog) bytes")
    }
}

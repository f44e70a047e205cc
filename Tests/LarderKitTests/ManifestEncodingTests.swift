import Foundation
import LarderCore
import LarderKit
import Testing

/// The manifest is written by hand (a library of 50,000 recipes would otherwise build a tree
/// of 50,000 objects in JSONEncoder first); its bytes must stay exactly the canonical JSON's.
struct ManifestEncodingTests {
    @Test(arguments: [0, 1, 3])
    func theHandWrittenManifestIsTheCanonicalJSON(files count: Int) throws {
        let files = (0..<count).map { n in
            Manifest.File(path: n == 0 ? "images/crêpes-1/\(n).jpg" : "recipes/r-\(n).json",
                          sha256: String(repeating: "ab", count: 32), bytes: 1000 * n + 7)
        }
        let manifest = Manifest(created: Date(timeIntervalSince1970: 1_790_000_000), count: count, files: files)
        #expect(manifest.canonicalJSON() == (try CanonicalJSON.encode(manifest)))
    }

    @Test func aPathThatNeedsEscapingStillGivesTheCanonicalJSON() throws {
        let manifest = Manifest(created: Date(timeIntervalSince1970: 0), count: 1,
                                files: [Manifest.File(path: "images/a/quote\"back\\slash\ttab.png", sha256: "00", bytes: 1)])
        #expect(manifest.canonicalJSON() == (try CanonicalJSON.encode(manifest)))
    }
}

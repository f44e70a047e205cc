import Foundation
import LarderCore
@testable import LarderKit
import Testing

/// The manifest writer that keeps its entries on disk writes exactly the canonical JSON of the
/// same manifest held in memory, however the entries arrive.
struct ManifestSpillTests {
    func file(_ path: String, _ n: Int) -> Manifest.File {
        Manifest.File(path: path, sha256: String(repeating: String(n % 10), count: 64), bytes: n * 17)
    }

    func spilled(_ files: [Manifest.File], header: Manifest) throws -> Data {
        let spill = try ManifestEntrySpill()
        for file in files { try spill.add(file) }
        var data = Data()
        try spill.writeManifest(header: header) { data.append($0) }
        #expect(try spill.manifestSize(header: header) == data.count)
        return data
    }

    @Test(arguments: [
        "in order": ["images/a/1.png", "recipes/a.json", "images/b/2.png", "recipes/b.json"],
        "out of order": ["recipes/b.json", "images/b/2.png", "recipes/a.json", "images/a-x/1.png", "images/a/1.png"],
        "needs escaping": ["recipes/a.json", "recipes/say \"hi\".json", "images/a/1.png"],
        "a top-level file": ["recipes/a.json", "notes.txt"],
    ].map { ($0.key, $0.value) })
    func writesTheCanonicalManifest(label: String, paths: [String]) throws {
        let files = paths.enumerated().map { file($1, $0 + 1) }
        let header = Manifest(created: Date(timeIntervalSince1970: 1_700_000_000), count: 2, files: [])
        var expected = header
        expected.files = files.sorted { $0.path < $1.path }
        #expect(try spilled(files, header: header) == (try CanonicalJSON.encode(expected)), "\(label)")
    }

    @Test func anEmptyListIsStillAManifest() throws {
        let header = Manifest(created: Date(timeIntervalSince1970: 0), count: 0, files: [])
        #expect(try spilled([], header: header) == (try CanonicalJSON.encode(header)))
    }
}

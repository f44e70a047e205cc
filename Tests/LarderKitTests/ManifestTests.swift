import Foundation
import LarderCore
@testable import LarderKit
import Testing
import TestSupport

/// `manifest.jsonl`: what the one writer writes, the one reader reads back; everything a
/// manifest could say two ways is refused; an older Larder's `manifest.json` still reads.
struct ManifestTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    func write(_ files: [Manifest.File], header: Manifest.Header) throws -> URL {
        let folder = scratch.path(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var data = Data()
        var writer = ManifestWriter(header: header)
        for file in files { try writer.add(file) { data.append($0) } }
        try writer.finish { data.append($0) }
        try data.write(to: folder.appendingPathComponent(Manifest.fileName))
        return folder
    }

    func manifest(_ lines: [String]) throws -> URL {
        let folder = scratch.path(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(lines.joined(separator: "\n").utf8).write(to: folder.appendingPathComponent(Manifest.fileName))
        return folder
    }

    static let header = #"{"created":"2026-01-01T00:00:00Z","format":"larder-library","generator":"test","schemaVersion":1}"#
    static let sha = String(repeating: "ab", count: 32)

    @Test func whatIsWrittenReadsBackWithTheSamePathsAndChecksums() throws {
        let files = ["images/crêpes-1/0.jpg", "images/a/quote\"back\\slash\ttab.png", "recipes/a.json", "recipes/b.json"]
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .enumerated().map { Manifest.File(path: $1, sha256: Self.sha, bytes: $0 * 1000) }
        let header = Manifest.Header(created: Date(timeIntervalSince1970: 1_790_000_000))
        let folder = try write(files, header: header)
        let reader = try #require(try ManifestReader.open(folder: folder))
        #expect(reader.header == header)
        #expect(try reader.readAll() == files)
        // One line per file, each line JSON a script can read on its own.
        let lines = try String(contentsOf: folder.appendingPathComponent(Manifest.fileName), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 5)
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any]) }
    }

    @Test func theWriterRefusesAPathOutOfOrderOrGivenTwice() throws {
        var writer = ManifestWriter(header: Manifest.Header(created: Date()))
        try writer.add(Manifest.File(path: "recipes/b.json", sha256: Self.sha, bytes: 1)) { _ in }
        #expect(throws: ManifestError.self) { try writer.add(Manifest.File(path: "recipes/a.json", sha256: Self.sha, bytes: 1)) { _ in } }
        #expect(throws: ManifestError.self) { try writer.add(Manifest.File(path: "recipes/b.json", sha256: Self.sha, bytes: 1)) { _ in } }
    }

    @Test(arguments: [
        ("a key given twice", #"{"bytes":1,"path":"recipes/a.json","path":"recipes/b.json","sha256":"SHA"}"#, "appears twice"),
        ("a path listed twice", #"{"bytes":1,"path":"recipes/a.json","sha256":"SHA"}"#, "listed twice"),
        ("a path out of order", #"{"bytes":1,"path":"images/z.png","sha256":"SHA"}"#, "not sorted"),
        ("a key too many", #"{"bytes":1,"extra":true,"path":"recipes/z.json","sha256":"SHA"}"#, "exactly"),
        ("a checksum that is not one", #"{"bytes":1,"path":"recipes/z.json","sha256":"xyz"}"#, "64 lowercase hex"),
        ("a negative size", #"{"bytes":-1,"path":"recipes/z.json","sha256":"SHA"}"#, "size in bytes"),
        ("not JSON", #"{"bytes":1,"path":"#, "not readable JSON"),
        // Lines that begin as the writer's own and then differ are read by the JSON parser.
        ("a key after the checksum", #"{"bytes":1,"path":"recipes/z.json","sha256":"SHA","extra":1}"#, "exactly"),
        ("a size with a leading zero", #"{"bytes":01,"path":"recipes/z.json","sha256":"SHA"}"#, "not readable JSON"),
        ("an upper-case checksum", #"{"bytes":1,"path":"recipes/z.json","sha256":"ABABABABABABABABABABABABABABABABABABABABABABABABABABABABABABABAB"}"#, "64 lowercase hex"),
        ("a checksum too long", #"{"bytes":1,"path":"recipes/z.json","sha256":"SHAab"}"#, "64 lowercase hex"),
    ])
    func whatCouldBeReadTwoWaysIsRefused(label: String, line: String, reason: String) throws {
        let first = #"{"bytes":1,"path":"recipes/a.json","sha256":"SHA"}"#
        let folder = try manifest([Self.header, first, line].map { $0.replacingOccurrences(of: "SHA", with: Self.sha) })
        let reader = try #require(try ManifestReader.open(folder: folder))
        do {
            _ = try reader.readAll()
            Issue.record("\(label) was accepted")
        } catch {
            #expect(String(describing: error).contains(reason), "\(label): \(error)")
        }
    }

    /// The writer's own layout is read without the JSON parser; any other layout of the same
    /// entry reads the same.
    @Test func anEntryReadsTheSameInAnyJSONLayout() throws {
        let lines = [
            #"{"bytes":12,"path":"images/a/1.png","sha256":"SHA"}"#,
            #"{ "sha256" : "SHA", "path" : "images/cr\u00eapes/2.png", "bytes" : 0 }"#,
            #"{"bytes":1.2e1,"path":"recipes/a\"b.json","sha256":"SHA"}"#,
            #"{"bytes":3,"path":"recipes/b.json","sha256":"SHA"}"# + "\r",
            #"{"bytes":4,"path":"recipes/crêpes.json","sha256":"SHA"}"#,
        ]
        let folder = try manifest([Self.header] + lines.map { $0.replacingOccurrences(of: "SHA", with: Self.sha) })
        let files = try #require(try ManifestReader.open(folder: folder)).readAll()
        #expect(files == [
            Manifest.File(path: "images/a/1.png", sha256: Self.sha, bytes: 12),
            Manifest.File(path: "images/crêpes/2.png", sha256: Self.sha, bytes: 0),
            Manifest.File(path: "recipes/a\"b.json", sha256: Self.sha, bytes: 12),
            Manifest.File(path: "recipes/b.json", sha256: Self.sha, bytes: 3),
            Manifest.File(path: "recipes/crêpes.json", sha256: Self.sha, bytes: 4),
        ])
    }

    @Test func aHeaderWithAKeyGivenTwiceIsRefused() throws {
        let folder = try manifest([#"{"created":"2026-01-01T00:00:00Z","format":"larder-library","format":"other","generator":"g","schemaVersion":1}"#])
        #expect(throws: ManifestError.self) { try ManifestReader.open(folder: folder) }
    }

    /// The library and its backup written by Larder 0.1.0 (`manifest.json`, pretty-printed).
    @Test func anOlderLarderManifestStillReads() throws {
        let reader = try #require(try ManifestReader.open(folder: Fixtures.url("legacy/library")))
        let files = try reader.readAll()
        #expect(files.map(\.path) == ["images/grandma-s-apple-pie-98a4648d/6377db7e1a26c088.png", "recipes/crepes-3f2a9c11.json",
                                      "recipes/grandma-s-apple-pie-98a4648d.json", "recipes/weeknight-dal-09bfc54d.json"])
        for file in files {
            #expect(SHA256.hex(try Fixtures.data("legacy/library/" + file.path)) == file.sha256)
        }
        #expect(reader.header.created == CanonicalJSON.parse("2026-11-24T12:58:40Z"))
    }

    @Test func anOlderManifestWithAKeyGivenTwiceIsRefused() throws {
        let folder = scratch.path("legacy-twice")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = #"{"count":1,"created":"2026-01-01T00:00:00Z","files":[{"bytes":1,"path":"recipes/a.json","sha256":"SHA","sha256":"SHA"}],"format":"larder-library","schemaVersion":1}"#
        try Data(text.replacingOccurrences(of: "SHA", with: Self.sha).utf8).write(to: folder.appendingPathComponent(Manifest.legacyFileName))
        #expect(throws: ManifestError.self) { try ManifestReader.open(folder: folder) }
    }
}

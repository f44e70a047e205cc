import Foundation
import LarderCore

/// `manifest.json`: what a library or bundle holds, with a checksum per file.
public struct Manifest: Codable, Equatable, Sendable {
    public struct File: Codable, Equatable, Sendable {
        public var path: String
        public var sha256: String
        public var bytes: Int

        init(path: String, contents: Data) {
            self.init(path: path, sha256: SHA256.hex(contents), bytes: contents.count)
        }

        public init(path: String, sha256: String, bytes: Int) {
            self.path = path
            self.sha256 = sha256
            self.bytes = bytes
        }
    }

    public var format = "larder-library"
    public var schemaVersion = Recipe.currentSchemaVersion
    public var generator = "larder \(LarderVersion.current)"
    public var created: Date
    public var count: Int
    public var files: [File]

    public init(created: Date, count: Int, files: [File]) {
        self.created = created
        self.count = count
        self.files = files
    }

    /// The manifest's canonical JSON (`CanonicalJSON.encode`, byte for byte).
    public func canonicalJSON() -> Data {
        var data = Data()
        writeCanonicalJSON { data.append($0) }
        return data
    }

    /// The canonical JSON's length in bytes, without keeping it.
    public var canonicalJSONSize: Int {
        var size = 0
        writeCanonicalJSON { size += $0.count }
        return size
    }

    /// Hands out the canonical JSON piece by piece (a few kilobytes each), written directly:
    /// JSONEncoder would first build a tree of every file entry, and the whole text would be
    /// held at once — tens of megabytes for a library of 50,000 recipes. A manifest with text
    /// that needs JSON escaping is left to JSONEncoder, in one piece.
    public func writeCanonicalJSON(to write: (Data) throws -> Void) rethrows {
        let plain = [format, generator] + files.flatMap { [$0.path, $0.sha256] }
        guard !files.isEmpty, plain.allSatisfy(Self.needsNoEscaping) else {
            // Codable cannot fail on these fields.
            try write((try? CanonicalJSON.encode(self)) ?? Data())
            return
        }
        var piece = canonicalHead
        for (index, file) in files.enumerated() {
            if index > 0 { piece += ",\n" }
            piece += Self.canonicalEntry(file)
            if piece.utf8.count > 16_384 {
                try write(Data(piece.utf8))
                piece = ""
            }
        }
        try write(Data((piece + canonicalTail).utf8))
    }

    // The canonical JSON in parts, for writers that hold the entries elsewhere: the head, then
    // the entries joined by ",\n", then the tail. Only for text that needs no JSON escaping.

    /// Everything before the first entry.
    var canonicalHead: String {
        "{\n  \"count\" : \(count),\n  \"created\" : \"\(CanonicalJSON.format(created))\",\n  \"files\" : [\n"
    }

    /// One entry of the file list.
    static func canonicalEntry(_ file: File) -> String {
        "    {\n      \"bytes\" : \(file.bytes),\n      \"path\" : \"\(file.path)\",\n      \"sha256\" : \"\(file.sha256)\"\n    }"
    }

    /// Everything after the last entry.
    var canonicalTail: String {
        "\n  ],\n  \"format\" : \"\(format)\",\n  \"generator\" : \"\(generator)\",\n  \"schemaVersion\" : \(schemaVersion)\n}\n"
    }

    static func needsNoEscaping(_ text: String) -> Bool {
        !text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }
}

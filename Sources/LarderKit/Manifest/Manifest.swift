import Foundation
import LarderCore

/// What a library or a bundle holds, with a checksum per file: `manifest.jsonl`, JSON Lines —
/// a header line, then one line per file, sorted by the UTF-8 bytes of its path:
///
///     {"created":"2026-03-01T09:00:00Z","format":"larder-library","generator":"larder 0.1.0","schemaVersion":1}
///     {"bytes":71,"path":"images/pie/6377db7e1a26c088.png","sha256":"6377db7e…"}
///     {"bytes":2680,"path":"recipes/pie.json","sha256":"d4a4647f…"}
///
/// One entry a line and sorted, it is read and written as a stream by construction (any JSON
/// writer's layout of a line is read), and a sorted list merges with another in one pass.
/// Libraries and bundles written before it hold `manifest.json` (one JSON document), which is
/// still read (`ManifestReader`), never written.
public enum Manifest {
    /// The manifest's file name in a library or bundle.
    public static let fileName = "manifest.jsonl"
    /// The one-document manifest of Larder 0.1.0, still read.
    public static let legacyFileName = "manifest.json"
    /// The header's `format`.
    public static let format = "larder-library"

    /// The manifest's first line.
    public struct Header: Equatable, Sendable {
        /// Always `larder-library`.
        public var format = Manifest.format
        /// The canonical JSON's version of the recipes.
        public var schemaVersion = Recipe.currentSchemaVersion
        /// The Larder that wrote it (`larder 0.1.0`).
        public var generator = "larder \(LarderVersion.current)"
        /// When the library was made; kept through every rewrite, so an unchanged library
        /// exports to the same bytes.
        public var created: Date

        /// A header of a library made at `created`.
        public init(created: Date) {
            self.created = created
        }
    }

    /// One file of the library or bundle.
    public struct File: Hashable, Sendable {
        /// Its path inside the library (`recipes/pie.json`).
        public var path: String
        /// The SHA-256 of its bytes, hex.
        public var sha256: String
        /// Its size.
        public var bytes: Int

        /// An entry for the file at `path`.
        public init(path: String, sha256: String, bytes: Int) {
            self.path = path
            self.sha256 = sha256
            self.bytes = bytes
        }

        init(path: String, contents: Data) {
            self.init(path: path, sha256: SHA256.hex(contents), bytes: contents.count)
        }
    }

    /// The order of a manifest's lines: by the UTF-8 bytes of the paths, as any program sorts them.
    /// (Compared with `memcmp`: stepping through two `utf8` views a byte at a time was a fifth of
    /// folding a manifest of 10,000 files, most of it in sorting the file list.)
    static func precedes(_ first: String, _ second: String) -> Bool {
        var (first, second) = (first, second)
        return first.withUTF8 { a in
            second.withUTF8 { b in
                let shared = min(a.count, b.count)
                let order = shared == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, shared)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }

    // One line each, written by hand: JSONEncoder per line costs more than the rest of a
    // restore's bookkeeping. Keys in sorted order, as `CanonicalJSON` writes them.

    static func line(_ header: Header) -> String {
        "{\"created\":\"\(CanonicalJSON.format(header.created))\",\"format\":\(quoted(header.format)),"
            + "\"generator\":\(quoted(header.generator)),\"schemaVersion\":\(header.schemaVersion)}\n"
    }

    static func line(_ file: File) -> String {
        "{\"bytes\":\(file.bytes),\"path\":\(quoted(file.path)),\"sha256\":\(quoted(file.sha256))}\n"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// The one manifest writer: a header, then files in strictly increasing path order (a path out
/// of order or given twice is a bug in the caller, refused rather than written). Hands its text
/// to `write` in pieces of about 64 KB.
struct ManifestWriter {
    private var pending = ""
    private var last: String?

    init(header: Manifest.Header) {
        pending = Manifest.line(header)
    }

    /// Lines only, for a writer that put the header before them.
    init() {}

    mutating func add(_ file: Manifest.File, to write: (Data) throws -> Void) throws {
        if let last, !Manifest.precedes(last, file.path) {
            throw ManifestError("\(file.path) was written out of order after \(last)")
        }
        last = file.path
        pending += Manifest.line(file)
        if pending.utf8.count > 65_536 { try finish(to: write) }
    }

    /// Hands out what is left.
    mutating func finish(to write: (Data) throws -> Void) throws {
        guard !pending.isEmpty else { return }
        try write(Data(pending.utf8))
        pending = ""
    }
}

/// Why a manifest cannot be read, with the line it is on.
public struct ManifestError: DescribedError {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension Manifest.File {
    /// A file line exactly as `Manifest.line` writes it — `{"bytes":N,"path":"…","sha256":"…"}`
    /// with a path of printable ASCII that needs no escape and 64 lowercase hex digits — read
    /// without the JSON parser: a restore reads its bundle's manifest twice and the checksums it
    /// spooled once, and the general parser was most of that. Nil for any other layout, which the
    /// general reader then reads (or refuses): the two agree on every line accepted here.
    init?(canonicalLine line: Data) {
        guard let file = line.withUnsafeBytes({ Self.readCanonical($0) }) else { return nil }
        self = file
    }

    private static let bytesKey = Array(#"{"bytes":"#.utf8)
    private static let pathKey = Array(#","path":""#.utf8)
    private static let sha256Key = Array(#"","sha256":""#.utf8)
    private static let end = Array(#""}"#.utf8)

    private static func readCanonical(_ line: UnsafeRawBufferPointer) -> Manifest.File? {
        var position = 0
        func skip(_ literal: [UInt8]) -> Bool {
            guard line.count - position >= literal.count else { return false }
            for (offset, byte) in literal.enumerated() where line[position + offset] != byte { return false }
            position += literal.count
            return true
        }
        guard skip(bytesKey) else { return nil }
        let digits = position
        var bytes = 0
        while position < line.count, (0x30...0x39).contains(line[position]), position - digits < 18 {
            bytes = bytes * 10 + Int(line[position] - 0x30)
            position += 1
        }
        // JSON writes no leading zero; a longer number is left to the parser.
        guard position > digits, line[digits] != 0x30 || position - digits == 1, skip(pathKey) else { return nil }
        let pathStart = position
        while position < line.count, line[position] != UInt8(ascii: "\"") {
            guard (0x20..<0x7F).contains(line[position]), line[position] != UInt8(ascii: "\\") else { return nil }
            position += 1
        }
        let path = String(decoding: UnsafeRawBufferPointer(rebasing: line[pathStart..<position]), as: UTF8.self)
        guard skip(sha256Key), line.count - position >= 64 else { return nil }
        let sha = UnsafeRawBufferPointer(rebasing: line[position..<position + 64])
        guard sha.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        position += 64
        guard skip(end), position == line.count else { return nil }
        return Manifest.File(path: path, sha256: String(decoding: sha, as: UTF8.self), bytes: bytes)
    }
}

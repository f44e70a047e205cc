import Foundation
import LarderCore

/// Reads a manifest that Larder wrote (its canonical layout: one field per line) a piece at a
/// time, so a library of any size is read in constant memory. Anything laid out otherwise — a
/// manifest edited by hand, say — makes `next()` return nil and `isCanonical` false, and callers
/// then fall back to decoding it whole.
final class ManifestLines {
    private let records: ChunkedRecords
    private(set) var isCanonical = true
    /// True once the file list has been read to its end.
    private(set) var finished = false
    /// The header fields that come before the file list.
    private(set) var created: Date?
    private(set) var count: Int?

    init?(path: String) {
        guard let records = ChunkedRecords(path: path, separator: UInt8(ascii: "\n")) else { return nil }
        self.records = records
        guard readLine() == "{", let countLine = readLine(), let createdLine = readLine(), readLine() == "  \"files\" : [" else {
            isCanonical = false
            return
        }
        count = Self.value(of: countLine, key: "count", trailingComma: true).flatMap { Int($0) }
        created = Self.value(of: createdLine, key: "created", trailingComma: true).flatMap { CanonicalJSON.parse(Self.unquoted($0)) }
        if count == nil || created == nil { isCanonical = false }
    }

    deinit {
        records.close()
    }

    /// The next file entry, in the manifest's (sorted) order; nil at the end of the list or
    /// when the layout is not the canonical one.
    func next() -> Manifest.File? {
        guard isCanonical, !finished else { return nil }
        guard let open = records.next() else { return fail() }
        if open.elementsEqual(Self.listEnd) {
            finished = true
            return nil
        }
        guard open.elementsEqual(Self.entryStart), let bytesLine = records.next(), let pathLine = records.next(),
              let shaLine = records.next(), let close = records.next(),
              close.elementsEqual(Self.entryEnd) || close.elementsEqual(Self.lastEntryEnd),
              let bytesText = Self.field(bytesLine, Self.bytesPrefix, suffix: Self.comma),
              let bytes = Int(String(decoding: bytesText, as: UTF8.self)),
              let path = Self.field(pathLine, Self.pathPrefix, suffix: Self.quoteComma),
              let sha = Self.field(shaLine, Self.shaPrefix, suffix: Self.quote),
              !path.contains(UInt8(ascii: "\\")), sha.count == 64 else {
            return fail()
        }
        return Manifest.File(path: String(decoding: path, as: UTF8.self), sha256: String(decoding: sha, as: UTF8.self), bytes: bytes)
    }

    /// The fields after the file list (`format`, `generator`, `schemaVersion`), once `next()`
    /// has returned nil at the list's end; nil when they are not laid out canonically.
    func trailer() -> (format: String, generator: String, schemaVersion: Int)? {
        guard isCanonical, finished, let formatLine = readLine(), let generatorLine = readLine(),
              let versionLine = readLine(), readLine() == "}",
              let format = Self.value(of: formatLine, key: "format", trailingComma: true),
              let generator = Self.value(of: generatorLine, key: "generator", trailingComma: true),
              let version = Self.value(of: versionLine, key: "schemaVersion", trailingComma: false).flatMap({ Int($0) }) else {
            isCanonical = false
            return nil
        }
        return (Self.unquoted(format), Self.unquoted(generator), version)
    }

    private static let listEnd = Array("  ],".utf8)
    private static let entryStart = Array("    {".utf8)
    private static let entryEnd = Array("    },".utf8)
    private static let lastEntryEnd = Array("    }".utf8)
    private static let bytesPrefix = Array("      \"bytes\" : ".utf8)
    private static let pathPrefix = Array("      \"path\" : \"".utf8)
    private static let shaPrefix = Array("      \"sha256\" : \"".utf8)
    private static let comma = Array(",".utf8)
    private static let quoteComma = Array("\",".utf8)
    private static let quote = Array("\"".utf8)

    /// What is between `prefix` and `suffix` in `line`, nil when the line is not so framed.
    private static func field(_ line: ArraySlice<UInt8>, _ prefix: [UInt8], suffix: [UInt8]) -> ArraySlice<UInt8>? {
        guard line.count >= prefix.count + suffix.count, line.starts(with: prefix), line.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        return line.dropFirst(prefix.count).dropLast(suffix.count)
    }

    private func fail() -> Manifest.File? {
        isCanonical = false
        return nil
    }

    /// `"key" : value` at the given indent, without the trailing comma.
    private static func value(of line: String, key: String, trailingComma: Bool) -> String? {
        let prefix = "  \"\(key)\" : "
        guard line.hasPrefix(prefix) else { return nil }
        var value = line.dropFirst(prefix.count)
        if trailingComma {
            guard value.hasSuffix(",") else { return nil }
            value = value.dropLast()
        }
        return String(value)
    }

    private static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
    }

    private func readLine() -> String? {
        records.next().map { String(decoding: $0, as: UTF8.self) }
    }
}

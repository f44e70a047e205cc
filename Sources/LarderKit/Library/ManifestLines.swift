import Foundation
import LarderCore

/// Reads a manifest that Larder wrote (its canonical layout: one field per line) a piece at a
/// time, so a library of any size is read in constant memory. Anything laid out otherwise — a
/// manifest edited by hand, say — makes `next()` return nil and `isCanonical` false, and callers
/// then fall back to decoding it whole.
final class ManifestLines {
    private let handle: FileHandle
    private var buffer = Data()
    private var position = 0
    private var atEnd = false
    private(set) var isCanonical = true
    /// True once the file list has been read to its end.
    private(set) var finished = false
    /// The header fields that come before the file list.
    private(set) var created: Date?
    private(set) var count: Int?

    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        self.handle = handle
        guard readLine() == "{", let countLine = readLine(), let createdLine = readLine(), readLine() == "  \"files\" : [" else {
            isCanonical = false
            return
        }
        count = Self.value(of: countLine, key: "count", trailingComma: true).flatMap { Int($0) }
        created = Self.value(of: createdLine, key: "created", trailingComma: true).flatMap { CanonicalJSON.parse(Self.unquoted($0)) }
        if count == nil || created == nil { isCanonical = false }
    }

    deinit {
        try? handle.close()
    }

    /// The next file entry, in the manifest's (sorted) order; nil at the end of the list or
    /// when the layout is not the canonical one.
    func next() -> Manifest.File? {
        guard isCanonical, !finished else { return nil }
        guard let open = readLine() else { return fail() }
        if open == "  ]," {
            finished = true
            return nil
        }
        guard open == "    {", let bytesLine = readLine(), let pathLine = readLine(), let shaLine = readLine(), let close = readLine(),
              close == "    }," || close == "    }",
              let bytes = Self.value(of: bytesLine, key: "bytes", indent: 6, trailingComma: true).flatMap({ Int($0) }),
              let path = Self.value(of: pathLine, key: "path", indent: 6, trailingComma: true).map(Self.unquoted),
              let sha = Self.value(of: shaLine, key: "sha256", indent: 6, trailingComma: false).map(Self.unquoted),
              !path.contains("\\"), sha.utf8.count == 64 else {
            return fail()
        }
        return Manifest.File(path: path, sha256: sha, bytes: bytes)
    }

    private func fail() -> Manifest.File? {
        isCanonical = false
        return nil
    }

    /// `"key" : value` at the given indent, without the trailing comma.
    private static func value(of line: String, key: String, indent: Int = 2, trailingComma: Bool) -> String? {
        let prefix = String(repeating: " ", count: indent) + "\"\(key)\" : "
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

    /// One line without its newline, read through a 64 KB buffer.
    private func readLine() -> String? {
        while true {
            if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[position..<newline], as: UTF8.self)
                position = newline + 1
                return line
            }
            guard !atEnd else { return nil }
            let more = (try? handle.read(upToCount: 65_536)) ?? nil
            buffer = Data(buffer[position...])
            position = 0
            guard let more, !more.isEmpty else {
                atEnd = true
                continue
            }
            buffer.append(more)
        }
    }
}

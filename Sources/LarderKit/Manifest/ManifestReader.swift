import Foundation
import LarderCore

/// The one manifest reader: the header, then each file in path order, read a line at a time
/// (a manifest of any size is read in constant memory). Everything a manifest could say two
/// ways is refused, because a backup's manifest is untrusted input: a line that is not one
/// JSON object with exactly the expected keys, a key given twice, a path out of order or
/// listed twice.
///
/// A `manifest.json` of an older Larder is one JSON document: it is read whole (it is capped
/// at `legacyMaxBytes`, a library of about 200,000 files), sorted, and handed out the same way.
public final class ManifestReader {
    /// The first line: format version and what the manifest covers, read before any file.
    public let header: Manifest.Header
    /// Which file was read, for messages.
    public let url: URL
    private var lines: LineReader?
    private var legacyFiles: IndexingIterator<[Manifest.File]>?
    private var lineNumber = 1
    private var last: String?
    private var checksOrder = true

    static let legacyMaxBytes = 32 << 20
    /// A line far longer than any path Larder accepts is not read into memory.
    static let maxLineBytes = 16_384

    /// The manifest of a library or unpacked bundle, `manifest.jsonl` or else `manifest.json`;
    /// nil when the folder has neither.
    public static func open(folder: URL) throws -> ManifestReader? {
        let current = folder.appendingPathComponent(Manifest.fileName)
        if FileManager.default.fileExists(atPath: current.path) { return try ManifestReader(url: current) }
        let legacy = folder.appendingPathComponent(Manifest.legacyFileName)
        if FileManager.default.fileExists(atPath: legacy.path) { return try ManifestReader(legacy: legacy) }
        return nil
    }

    init(url: URL) throws {
        self.url = url
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw ManifestError("\(url.lastPathComponent) cannot be opened")
        }
        let lines = LineReader(handle: handle, maxLineBytes: Self.maxLineBytes)
        self.lines = lines
        guard let first = try lines.next() else { throw ManifestError("\(url.lastPathComponent) is empty") }
        let object = try Self.object(first, keys: ["created", "format", "generator", "schemaVersion"], line: 1, in: url)
        guard case .string(let format) = object["format"], case .string(let generator) = object["generator"],
              case .number(let version) = object["schemaVersion"], let schemaVersion = Int(exactly: version),
              let created = object["created"]?.stringValue.flatMap(CanonicalJSON.parse) else {
            throw ManifestError("line 1 of \(url.lastPathComponent) is not a Larder manifest header")
        }
        var header = Manifest.Header(created: created)
        (header.format, header.generator, header.schemaVersion) = (format, generator, schemaVersion)
        self.header = header
    }

    /// File lines without a header and in any order, from the current position of `handle` (a
    /// bundle writer's spool, sorted afterwards); `header` then says nothing.
    init(unsortedEntriesIn handle: FileHandle, name: String) {
        url = URL(fileURLWithPath: name)
        checksOrder = false
        lines = LineReader(handle: handle, maxLineBytes: Self.maxLineBytes)
        header = Manifest.Header(created: Date(timeIntervalSince1970: 0))
    }

    private init(legacy url: URL) throws {
        self.url = url
        let data = try Data(contentsOf: url)
        guard data.count <= Self.legacyMaxBytes else { throw ManifestError("manifest.json is larger than \(Self.legacyMaxBytes >> 20) MB") }
        let document: JSONValue
        do {
            document = try JSONValue.parse(data, rejectingDuplicateKeys: true)
        } catch {
            throw ManifestError("manifest.json is not readable: \(JSONProblem.describe(error, in: data))")
        }
        guard case .object(let fields) = document, case .string(let format) = fields["format"],
              case .number(let version) = fields["schemaVersion"], let schemaVersion = Int(exactly: version),
              let created = fields["created"]?.stringValue.flatMap(CanonicalJSON.parse), case .array(let list) = fields["files"] else {
            throw ManifestError("manifest.json is not a Larder manifest (format, schemaVersion, created and files are needed)")
        }
        var header = Manifest.Header(created: created)
        header.format = format
        header.schemaVersion = schemaVersion
        header.generator = fields["generator"]?.stringValue ?? header.generator
        self.header = header
        var files: [Manifest.File] = []
        for (index, item) in list.enumerated() {
            guard case .object(let entry) = item else { throw ManifestError("entry \(index + 1) of manifest.json is not an object") }
            files.append(try Self.file(entry, where: "entry \(index + 1) of manifest.json"))
        }
        // Sorted here, so the order checks of `next()` catch a path listed twice.
        legacyFiles = files.sorted { Manifest.precedes($0.path, $1.path) }.makeIterator()
    }

    /// The next file, nil after the last.
    public func next() throws -> Manifest.File? {
        let file: Manifest.File
        if legacyFiles != nil {
            guard let legacy = legacyFiles?.next() else { return nil }
            file = legacy
        } else {
            guard let line = try lines?.next() else { return nil }
            lineNumber += 1
            if let canonical = Manifest.File(canonicalLine: line) {
                file = canonical
            } else {
                let object = try Self.object(line, keys: ["bytes", "path", "sha256"], line: lineNumber, in: url)
                file = try Self.file(object, where: "line \(lineNumber) of \(url.lastPathComponent)")
            }
        }
        if checksOrder, let last, !Manifest.precedes(last, file.path) {
            throw ManifestError(last == file.path ? "\(file.path) is listed twice in the manifest"
                                                  : "the manifest is not sorted by path (\(file.path) after \(last))")
        }
        last = file.path
        return file
    }

    /// Every file; for small manifests and tests.
    public func readAll() throws -> [Manifest.File] {
        var files: [Manifest.File] = []
        while let file = try next() { files.append(file) }
        return files
    }

    private static func object(_ line: Data, keys: [String], line number: Int, in url: URL) throws -> [String: JSONValue] {
        let where_ = "line \(number) of \(url.lastPathComponent)"
        let value: JSONValue
        do {
            value = try JSONValue.parse(line, rejectingDuplicateKeys: true)
        } catch {
            throw ManifestError("\(where_) is not readable JSON: \(error)")
        }
        guard case .object(let object) = value, object.count == keys.count, keys.allSatisfy({ object[$0] != nil }) else {
            throw ManifestError("\(where_) must be an object with exactly \(keys.joined(separator: ", "))")
        }
        return object
    }

    private static func file(_ entry: [String: JSONValue], where place: String) throws -> Manifest.File {
        guard case .string(let path) = entry["path"], case .string(let sha) = entry["sha256"],
              case .number(let size) = entry["bytes"], let bytes = Int(exactly: size), bytes >= 0,
              sha.utf8.count == 64, sha.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw ManifestError("\(place) needs a path, a size in bytes and a sha256 of 64 lowercase hex digits")
        }
        return Manifest.File(path: path, sha256: sha, bytes: bytes)
    }
}

/// A file's lines, read 64 KB at a time; a line longer than `maxLineBytes` is an error rather
/// than a buffer that grows with hostile input.
final class LineReader {
    private let handle: FileHandle
    private let maxLineBytes: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    /// Reads `handle` from where it is; the handle is closed with the reader.
    init(handle: FileHandle, maxLineBytes: Int) {
        self.handle = handle
        self.maxLineBytes = maxLineBytes
    }

    /// The next line without its line break; empty lines are skipped; nil at the end.
    func next() throws -> Data? {
        while true {
            let newline = buffer.withUnsafeBufferPointer { all -> Int? in
                guard position < all.count, let hit = memchr(all.baseAddress! + position, 0x0A, all.count - position) else { return nil }
                return all.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            if let newline {
                let line = buffer[position..<newline]
                position = newline + 1
                if line.isEmpty || line == [0x0D] { continue }
                return Data(line)
            }
            guard buffer.count - position <= maxLineBytes else { throw ManifestError("a line is longer than \(maxLineBytes) bytes") }
            if atEnd {
                guard position < buffer.count else { return nil }
                defer { position = buffer.count }
                return Data(buffer[position...])
            }
            buffer.removeFirst(position)
            position = 0
            let more = try handle.read(upToCount: 65_536) ?? Data()
            if more.isEmpty { atEnd = true } else { buffer.append(contentsOf: more) }
        }
    }
}

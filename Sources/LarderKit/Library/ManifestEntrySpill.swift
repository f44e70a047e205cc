import Foundation
import LarderCore

/// Collects the entries of a manifest being written without holding them: each entry's
/// canonical JSON goes to a temporary file of its top folder (`images/`, `recipes/`), and the
/// manifest is later copied out of them in path order. Entries arrive in path order within each
/// folder when a library is walked in file-name order, so nothing is sorted or parsed; a folder
/// whose entries came out of order is sorted in memory, and an entry whose text would need JSON
/// escaping switches the whole list to memory (both happen only with unusual input).
final class ManifestEntrySpill {
    private final class FolderFile {
        let handle: FileHandle
        var lastPath = ""
        var inOrder = true
        var pending: [UInt8] = []

        init(url: URL) throws {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw FileProblem.lastSystemError(.write, path: url.path)
            }
            handle = try FileHandle(forUpdating: url)
        }
    }

    private static let separator = UInt8(ascii: "\t")
    private static let end: UInt8 = 0

    private let folder: URL
    private var files: [String: FolderFile] = [:]
    private var memory: [Manifest.File]?
    /// How many entries, and the bytes of their JSON, so the manifest's length is known
    /// without writing it.
    private(set) var count = 0
    private var entryBytes = 0

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("larder-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        for spill in files.values { try? spill.handle.close() }
        try? FileManager.default.removeItem(at: folder)
    }

    func add(_ file: Manifest.File) throws {
        count += 1
        if memory != nil {
            memory!.append(file)
            return
        }
        guard let slash = file.path.firstIndex(of: "/"), Manifest.needsNoEscaping(file.path), Manifest.needsNoEscaping(file.sha256) else {
            memory = try everything() + [file]
            return
        }
        let top = String(file.path[..<slash])
        if files[top] == nil { files[top] = try FolderFile(url: folder.appendingPathComponent("\(files.count)")) }
        let spill = files[top]!
        if file.path < spill.lastPath { spill.inOrder = false }
        spill.lastPath = file.path
        // A record: the path (for sorting when needed), a tab, the entry's JSON, a NUL.
        let entry = Manifest.canonicalEntry(file)
        entryBytes += entry.utf8.count
        spill.pending.append(contentsOf: file.path.utf8)
        spill.pending.append(Self.separator)
        spill.pending.append(contentsOf: entry.utf8)
        spill.pending.append(Self.end)
        if spill.pending.count > 262_144 { try flush(spill) }
    }

    /// Hands out the canonical JSON of a manifest with `header`'s fields and these entries.
    func writeManifest(header: Manifest, to write: (Data) throws -> Void) throws {
        if memory != nil || count == 0 {
            var manifest = header
            manifest.files = memory ?? []
            manifest.files.sort { $0.path < $1.path }
            try manifest.writeCanonicalJSON(to: write)
            return
        }
        var piece = Data(header.canonicalHead.utf8)
        var first = true
        try forEachRecord { path, entry in
            if !first { piece.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
            first = false
            piece.append(contentsOf: entry)
            if piece.count > 65_536 {
                try write(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        piece.append(contentsOf: header.canonicalTail.utf8)
        try write(piece)
    }

    /// The length of that JSON.
    func manifestSize(header: Manifest) throws -> Int {
        guard memory == nil, count > 0 else {
            var size = 0
            try writeManifest(header: header) { size += $0.count }
            return size
        }
        return header.canonicalHead.utf8.count + entryBytes + 2 * (count - 1) + header.canonicalTail.utf8.count
    }

    /// Every record, folder by folder, ordered as their entries' paths are ("a-b/" before "a/").
    private func forEachRecord(_ body: (ArraySlice<UInt8>, ArraySlice<UInt8>) throws -> Void) throws {
        for top in files.keys.sorted(by: { $0 + "/" < $1 + "/" }) {
            let spill = files[top]!
            try flush(spill)
            try spill.handle.seek(toOffset: 0)
            let records = ChunkedRecords(handle: spill.handle, separator: Self.end)
            if spill.inOrder {
                while let record = records.next() {
                    let parts = Self.split(record)
                    try body(parts.path, parts.entry)
                }
            } else {
                var all: [(path: ArraySlice<UInt8>, entry: ArraySlice<UInt8>)] = []
                while let record = records.next() { all.append(Self.split(record)) }
                all.sort { String(decoding: $0.path, as: UTF8.self) < String(decoding: $1.path, as: UTF8.self) }
                for record in all { try body(record.path, record.entry) }
            }
        }
    }

    private static func split(_ record: ArraySlice<UInt8>) -> (path: ArraySlice<UInt8>, entry: ArraySlice<UInt8>) {
        let tab = record.firstIndex(of: separator) ?? record.endIndex
        return (record[..<tab], record[record.index(after: min(tab, record.endIndex - 1))...])
    }

    /// The entries spilled so far, read back, when the list has to move to memory.
    private func everything() throws -> [Manifest.File] {
        // The spilled JSON is parsed back through the canonical reader of a whole manifest.
        var manifest = Manifest(created: Date(timeIntervalSince1970: 0), count: 0, files: [])
        var text = Data(manifest.canonicalHead.utf8)
        var first = true
        try forEachRecord { _, entry in
            if !first { text.append(contentsOf: Array(",\n".utf8)) }
            first = false
            text.append(contentsOf: entry)
        }
        guard !first else { return [] }
        text.append(contentsOf: manifest.canonicalTail.utf8)
        manifest = try CanonicalJSON.decode(Manifest.self, from: text)
        return manifest.files
    }

    private func flush(_ spill: FolderFile) throws {
        guard !spill.pending.isEmpty else { return }
        try spill.handle.seekToEnd()
        try spill.handle.write(contentsOf: Data(spill.pending))
        spill.pending.removeAll(keepingCapacity: true)
    }
}

import Foundation
import LarderCore

/// Collects the entries of a manifest being written without holding them: each goes to a
/// temporary file of its top folder (`images/`, `recipes/`), and the manifest is later read
/// back from them in path order. Entries arrive in path order within each folder when a library
/// is walked in file-name order, so no sorting is needed; a folder whose entries came out of
/// order is sorted in memory, and an entry whose path would need escaping in JSON switches the
/// whole list to memory (both happen only with unusual input).
final class ManifestEntrySpill {
    private final class FolderFile {
        let url: URL
        let handle: FileHandle
        var lastPath = ""
        var inOrder = true
        var pending = Data()

        init(url: URL) throws {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
            self.url = url
            handle = try FileHandle(forUpdating: url)
        }
    }

    private let folder: URL
    private var files: [String: FolderFile] = [:]
    private var memory: [Manifest.File]?
    private(set) var count = 0

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("larder-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func add(_ file: Manifest.File) throws {
        count += 1
        if memory != nil {
            memory!.append(file)
            return
        }
        guard let slash = file.path.firstIndex(of: "/"), Self.isPlain(file.path), Self.isPlain(file.sha256) else {
            memory = try everything() + [file]
            return
        }
        let top = String(file.path[..<slash])
        if files[top] == nil { files[top] = try FolderFile(url: folder.appendingPathComponent("\(files.count)")) }
        let spill = files[top]!
        if file.path < spill.lastPath { spill.inOrder = false }
        spill.lastPath = file.path
        spill.pending.append(contentsOf: "\(file.sha256)\t\(file.bytes)\t\(file.path)\n".utf8)
        if spill.pending.count > 65_536 { try flush(spill) }
    }

    /// Every entry in path order, handed out one at a time (or a folder at a time, for a folder
    /// that has to be sorted).
    func forEach(_ body: (Manifest.File) throws -> Void) throws {
        if let memory {
            for file in memory.sorted(by: { $0.path < $1.path }) { try body(file) }
            return
        }
        // Folder by folder, ordered as their entries' paths are ("a-b/" before "a/").
        for top in files.keys.sorted(by: { $0 + "/" < $1 + "/" }) {
            let spill = files[top]!
            try flush(spill)
            if spill.inOrder {
                try Self.readEntries(of: spill, body)
            } else {
                var entries: [Manifest.File] = []
                try Self.readEntries(of: spill) { entries.append($0) }
                for file in entries.sorted(by: { $0.path < $1.path }) { try body(file) }
            }
        }
    }

    /// Hands out the canonical JSON of a manifest with `header`'s fields and these entries.
    func writeManifest(header: Manifest, to write: (Data) throws -> Void) throws {
        if memory != nil || count == 0 {
            var manifest = header
            manifest.files = []
            try forEach { manifest.files.append($0) }
            try manifest.writeCanonicalJSON(to: write)
        } else {
            try Manifest.writeCanonicalJSON(header: header, entries: forEach, to: write)
        }
    }

    /// The length of that JSON, found by writing it to nowhere.
    func manifestSize(header: Manifest) throws -> Int {
        var size = 0
        try writeManifest(header: header) { size += $0.count }
        return size
    }

    private func everything() throws -> [Manifest.File] {
        var all: [Manifest.File] = []
        for spill in files.values {
            try flush(spill)
            try Self.readEntries(of: spill) { all.append($0) }
        }
        return all
    }

    private func flush(_ spill: FolderFile) throws {
        guard !spill.pending.isEmpty else { return }
        try spill.handle.seekToEnd()
        try spill.handle.write(contentsOf: spill.pending)
        spill.pending.removeAll(keepingCapacity: true)
    }

    private static func readEntries(of spill: FolderFile, _ body: (Manifest.File) throws -> Void) throws {
        try spill.handle.seek(toOffset: 0)
        var rest = Data()
        while let chunk = try spill.handle.read(upToCount: 262_144), !chunk.isEmpty {
            rest.append(chunk)
            var start = rest.startIndex
            while let newline = rest[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let fields = rest[start..<newline].split(separator: UInt8(ascii: "\t"), maxSplits: 2)
                start = newline + 1
                guard fields.count == 3, let bytes = Int(String(decoding: fields[1], as: UTF8.self)) else { continue }
                try body(Manifest.File(path: String(decoding: fields[2], as: UTF8.self), sha256: String(decoding: fields[0], as: UTF8.self), bytes: bytes))
            }
            rest = Data(rest[start...])
        }
    }

    /// Text that JSON writes as it is and that fits a tab-separated line.
    private static func isPlain(_ text: String) -> Bool {
        !text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }
}

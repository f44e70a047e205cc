import Foundation
import LarderCore

/// Keeps a library's `manifest.jsonl` in step with its files while a `Library` writes them.
///
/// Each change is appended to a journal (`.larder/journal.jsonl`: the file's new entry, or its
/// path and `"removed":true`) before it is made on disk, and the journal is folded into the
/// sorted manifest every `foldEvery` changes and when the library is closed. The manifest and
/// the journal together therefore list the files exactly, but for the one change in flight: the
/// journal's last line, which may name a file that never reached its place.
///
/// Opening (under the library's lock) folds what a killed run journaled and squares the
/// manifest with the files. An entry stands for a file of its size last modified before the
/// entry was written down (before the manifest, or the journal, was last written); anything
/// else — a file added or edited by hand, the journal's unconfirmed last line — is hashed.
final class LibraryManifest {
    /// One journal line.
    enum Change {
        case put(Manifest.File)
        case removed(String)

        var path: String {
            switch self {
            case .put(let file): return file.path
            case .removed(let path): return path
            }
        }
    }

    static let foldEvery = 8192
    private let foldEvery: Int
    private let root: URL
    private let journalURL: URL
    private let journal: FileHandle
    /// Changes since the last fold, in the order they were made.
    private var pending: [Change] = []

    /// Squares the manifest with the files and opens the journal; the caller holds the lock.
    init(root: URL, stateFolder: URL, foldEvery: Int = LibraryManifest.foldEvery) throws {
        self.root = root
        self.foldEvery = foldEvery
        journalURL = stateFolder.appendingPathComponent("journal.jsonl")
        if !FileManager.default.fileExists(atPath: journalURL.path) {
            FileManager.default.createFile(atPath: journalURL.path, contents: nil)
        }
        journal = try FileHandle(forUpdating: journalURL)
        try reconcile()
        try journal.truncate(atOffset: 0)
    }

    deinit {
        try? journal.close()
    }

    var url: URL { root.appendingPathComponent(Manifest.fileName) }

    /// Journals a file about to be put in place (its bytes are known, so is its entry).
    func willPut(_ file: Manifest.File) throws {
        try append(.put(file), line: Manifest.line(file))
    }

    func willRemove(_ path: String) throws {
        try append(.removed(path), line: "{\"path\":\(Manifest.quoted(path)),\"removed\":true}\n")
    }

    private func append(_ change: Change, line: String) throws {
        try journal.seekToEnd()
        try journal.write(contentsOf: Data(line.utf8))
        pending.append(change)
        if pending.count >= foldEvery { try fold() }
    }

    /// Merges the changes since the last fold into the manifest and empties the journal.
    func fold() throws {
        guard !pending.isEmpty else { return }
        // The last change of each path wins; a sort that keeps the order of equal paths.
        let latest = pending.enumerated().sorted { ($0.element.path, $0.offset) < ($1.element.path, $1.offset) }
        var changes: [Change] = []
        for (_, change) in latest {
            if changes.last?.path == change.path { changes.removeLast() }
            changes.append(change)
        }
        changes.sort { Manifest.precedes($0.path, $1.path) }
        let old = try ManifestReader.open(folder: root)
        try AtomicFile.write(to: url) { write in
            var writer = ManifestWriter(header: old?.header ?? Manifest.Header(created: MappingContext.now()))
            var listed = try old?.next()
            for change in changes {
                while let file = listed, Manifest.precedes(file.path, change.path) {
                    try writer.add(file, to: write)
                    listed = try old?.next()
                }
                if listed?.path == change.path { listed = try old?.next() }
                if case .put(let file) = change { try writer.add(file, to: write) }
            }
            while let file = listed {
                try writer.add(file, to: write)
                listed = try old?.next()
            }
            try writer.finish(to: write)
        }
        try journal.truncate(atOffset: 0)
        pending.removeAll(keepingCapacity: true)
    }

    /// Rewrites the manifest from the files on disk, trusting what the old manifest and a
    /// killed run's journal say of files unchanged since (see the type's comment). Leaves an
    /// unchanged manifest alone.
    private func reconcile() throws {
        let manifestStatus = FileStatus(path: url.path)
        // An unreadable or legacy manifest vouches for what it can and is rewritten.
        var old = try? ManifestReader.open(folder: root)
        var changed = old?.url.lastPathComponent != Manifest.fileName
        let journaled = Self.journalChanges(at: journalURL)
        let journalStatus = FileStatus(path: journalURL.path)
        let paths = try LibraryFiles.paths(in: root, removingLeftovers: true)
        do {
            // Written as it is worked out; thrown away when it turns out the same.
            try AtomicFile.write(to: url) { write in
                var writer = ManifestWriter(header: Manifest.Header(created: old?.header.created ?? MappingContext.now()))
                var listed = Self.next(of: &old, changed: &changed)
                for path in paths {
                    guard let status = FileStatus(path: root.appendingPathComponent(path).path) else { continue }
                    while let file = listed, Manifest.precedes(file.path, path) {
                        changed = true  // a listed file is gone
                        listed = Self.next(of: &old, changed: &changed)
                    }
                    let entry = listed?.path == path ? listed : nil
                    if entry != nil { listed = Self.next(of: &old, changed: &changed) }
                    var found: Manifest.File?
                    if let change = journaled.changes[path] {
                        if case .put(let file) = change, path != journaled.last, let journalStatus,
                           file.bytes == status.size, status.modified <= journalStatus.modified {
                            found = file
                        }
                    } else if let entry, let manifestStatus, entry.bytes == status.size, status.modified < manifestStatus.modified {
                        found = entry
                    }
                    let file = try found ?? Manifest.File(path: path, contents: Data(contentsOf: root.appendingPathComponent(path)))
                    if file != entry { changed = true }
                    try writer.add(file, to: write)
                }
                if listed != nil { changed = true }
                guard changed else { throw Unchanged() }
                try writer.finish(to: write)
            }
        } catch is Unchanged {
            return
        }
        try? FileManager.default.removeItem(at: root.appendingPathComponent(Manifest.legacyFileName))
    }

    /// Ends a rewrite that came out the same as the manifest: its time says what it vouches for.
    private struct Unchanged: Error {}

    /// The next entry of a manifest being squared; a manifest that turns out unreadable stops
    /// vouching (its remaining files are hashed) and is rewritten.
    private static func next(of reader: inout ManifestReader?, changed: inout Bool) -> Manifest.File? {
        do {
            return try reader?.next()
        } catch {
            reader = nil
            changed = true
            return nil
        }
    }

    /// What a journal says, by path (the last change wins), and the path of its last line.
    /// A torn last line (killed while appending) is ignored: its change was never made.
    static func journalChanges(at url: URL) -> (changes: [String: Change], last: String?) {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return ([:], nil) }
        let lines = LineReader(handle: handle, maxLineBytes: ManifestReader.maxLineBytes)
        var changes: [String: Change] = [:]
        var last: String?
        while let line = try? lines.next() {
            guard case .object(let fields)? = try? JSONValue.parse(line), case .string(let path) = fields["path"] else { continue }
            if fields["removed"] == .bool(true) {
                changes[path] = .removed(path)
            } else if case .string(let sha) = fields["sha256"], case .number(let bytes) = fields["bytes"], let size = Int(exactly: bytes) {
                changes[path] = .put(Manifest.File(path: path, sha256: sha, bytes: size))
            } else {
                continue
            }
            last = path
        }
        return (changes, last)
    }
}

/// The files a library's manifest lists — `recipes/<id>.json` and everything under `images/` —
/// sorted as the manifest is. Hidden files are never listed; with `removingLeftovers` (only
/// under the lock) the temporary files a killed run left among them (`.<name>.<UUID>.tmp`) are
/// removed on the way.
enum LibraryFiles {
    static func paths(in root: URL, removingLeftovers: Bool = false) throws -> [String] {
        var paths: [String] = []
        walk(root.appendingPathComponent("images"), relative: "images", removingLeftovers: removingLeftovers, into: &paths)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("recipes").path)) ?? [] {
            let path = "recipes/" + name
            if removingLeftovers && isLeftover(name) {
                try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
            } else if !name.hasPrefix("."), name.hasSuffix(".json"), FileStatus(path: root.appendingPathComponent(path).path)?.isRegularFile == true {
                paths.append(path)
            }
        }
        return paths.sorted(by: Manifest.precedes)
    }

    private static func walk(_ folder: URL, relative: String, removingLeftovers: Bool, into paths: inout [String]) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let url = folder.appendingPathComponent(name)
            if removingLeftovers && isLeftover(name) {
                try? FileManager.default.removeItem(at: url)
                continue
            }
            guard !name.hasPrefix("."), let status = FileStatus(path: url.path) else { continue }
            if status.isRegularFile {
                paths.append(relative + "/" + name)
            } else if status.isDirectory {
                walk(url, relative: relative + "/" + name, removingLeftovers: removingLeftovers, into: &paths)
            }
        }
    }

    /// `AtomicFile`'s temporary name.
    static func isLeftover(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp")
    }
}

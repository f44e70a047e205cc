import Foundation
import LarderCore

/// Keeps a library's `manifest.jsonl` in step with its files while a `Library` writes them.
///
/// Each change is appended to a journal (`.larder/journal.jsonl`: the file's new entry, or its
/// path and `"removed":true`) before it is made on disk, so the manifest and the journal together
/// list the files exactly but for the one change in flight: the journal's last line, which may
/// name a file that never reached its place.
///
/// Folding — when the library is opened (under its lock: what a killed run journaled), when the
/// journal holds as many changes as the manifest lists files (at least `foldEvery`) and when it
/// is closed — rewrites the manifest from the files on disk,
/// in one pass over the sorted old manifest and the sorted file list. An entry stands for a file
/// of its size last modified before the entry was written down (before the journal, or the
/// manifest, was last written); anything else — the journal's last line, a file added or edited
/// by hand — is hashed. A manifest that comes out the same is left alone: its time keeps vouching.
final class LibraryManifest {
    /// One journal line.
    enum Change {
        case put(Manifest.File)
        case removed
    }

    /// The fewest changes a fold waits for. A fold is a pass over every file (a lookup each), so
    /// a small floor costs most where a library starts empty: with 8,192, a restore of 10,000
    /// recipes into a new library passed over 8,192 files midway, almost half of its folding.
    /// The journal it bounds is a line per change (about 110 bytes; 16,384 lines are under 2 MB).
    static let foldEvery = 16_384
    private let foldEvery: Int
    /// How many journaled changes fold: as many as the manifest lists files, at least
    /// `foldEvery`. A fold is a pass over every file, so folding after a fixed count made a
    /// restore of 10,000 recipes pass over 8,192 of them midway; in proportion to the library,
    /// folds cost a constant share of each change, and the journal stays smaller than the manifest.
    private var foldAt: Int
    private let root: URL
    private let rootPath: String
    private let journalURL: URL
    private let journal: FileHandle
    private var journaled = 0

    /// Folds what a killed run left and opens the journal; the caller holds the lock.
    init(root: URL, stateFolder: URL, foldEvery: Int = LibraryManifest.foldEvery) throws {
        self.root = root
        rootPath = root.path
        self.foldEvery = foldEvery
        foldAt = foldEvery
        journalURL = stateFolder.appendingPathComponent("journal.jsonl")
        // Opened to append: every write lands at the end without a seek first (a system call
        // per change saved).
        let descriptor = open(journalURL.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileProblem.lastSystemError(.write, path: journalURL.path) }
        journal = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try fold()
    }

    deinit {
        try? journal.close()
    }

    var url: URL { root.appendingPathComponent(Manifest.fileName) }

    /// Journals a file about to be put in place (its bytes are known, so is its entry).
    func willPut(_ file: Manifest.File) throws {
        try append(Manifest.line(file))
    }

    func willRemove(_ path: String) throws {
        try append("{\"path\":\(Manifest.quoted(path)),\"removed\":true}\n")
    }

    private func append(_ line: String) throws {
        // Folded before the line, never after it: its change is not made yet.
        if journaled >= foldAt { try fold() }
        do {
            try journal.write(contentsOf: Data(line.utf8))
        } catch {
            // FileHandle's error names no file ("no space left on device").
            throw FileProblem.retold(error, .write, path: journalURL.path)
        }
        journaled += 1
    }

    /// Folds when this run has journaled changes since the manifest was last written, so the
    /// manifest lists the files exactly.
    func foldIfJournaled() throws {
        if journaled > 0 { try fold() }
    }

    /// Rewrites the manifest from the files (see the type's comment) and empties the journal.
    func fold() throws {
        let manifestStatus = FileStatus(path: url.path)
        let journalStatus = FileStatus(path: journalURL.path)
        let changes = Self.journalChanges(at: journalURL)
        // An unreadable or older (`manifest.json`) manifest vouches for what it can and is rewritten.
        var old = try? ManifestReader.open(folder: root)
        var changed = old?.url.lastPathComponent != Manifest.fileName
        func next() -> Manifest.File? {
            do { return try old?.next() } catch { old = nil; changed = true; return nil }
        }
        let paths = try LibraryFiles.paths(in: root, removingLeftovers: true)
        var files = 0
        do {
            // Written as it is worked out; thrown away when it comes out the same.
            try AtomicFile.write(to: url) { write in
                var writer = ManifestWriter(header: Manifest.Header(created: old?.header.created ?? MappingContext.now()))
                var listed = next()
                for path in paths {
                    let location = rootPath + "/" + path
                    guard let status = FileStatus(path: location) else { continue }
                    files += 1
                    while let file = listed, Manifest.precedes(file.path, path) {
                        changed = true  // a listed file is gone
                        listed = next()
                    }
                    let entry = listed?.path == path ? listed : nil
                    if entry != nil { listed = next() }
                    var found: Manifest.File?
                    if let change = changes.latest[path] {
                        if case .put(let file) = change, path != changes.last, file.bytes == status.size,
                           let journalStatus, status.modified <= journalStatus.modified {
                            found = file
                        }
                    } else if let entry, entry.bytes == status.size, let manifestStatus, status.modified < manifestStatus.modified {
                        found = entry
                    }
                    let file = try found ?? Manifest.File(path: path, contents: FileStatus.read(location).contents)
                    if file != entry { changed = true }
                    try writer.add(file, to: write)
                }
                if listed != nil { changed = true }
                guard changed else { throw Unchanged() }
                try writer.finish(to: write)
            }
            try? FileManager.default.removeItem(at: root.appendingPathComponent(Manifest.legacyFileName))
        } catch is Unchanged {}
        try journal.truncate(atOffset: 0)
        journaled = 0
        foldAt = max(foldEvery, files)
    }

    private struct Unchanged: Error {}

    /// What a journal says, by path (the last change wins), and the path of its last line.
    /// A torn last line (killed while appending) is ignored: its change was never made.
    static func journalChanges(at url: URL) -> (latest: [String: Change], last: String?) {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return ([:], nil) }
        let lines = LineReader(handle: handle, maxLineBytes: ManifestReader.maxLineBytes)
        var latest: [String: Change] = [:]
        var last: String?
        while let line = try? lines.next() {
            if let file = Manifest.File(canonicalLine: line) {
                latest[file.path] = .put(file)
                last = file.path
                continue
            }
            guard case .object(let fields)? = try? JSONValue.parse(line), case .string(let path) = fields["path"] else { continue }
            if fields["removed"] == .bool(true) {
                latest[path] = .removed
            } else if case .string(let sha) = fields["sha256"], case .number(let bytes) = fields["bytes"], let size = Int(exactly: bytes) {
                latest[path] = .put(Manifest.File(path: path, sha256: sha, bytes: size))
            } else {
                continue
            }
            last = path
        }
        return (latest, last)
    }
}

/// The files a library's manifest lists — `recipes/<id>.json` and everything under `images/` —
/// sorted as the manifest is. Hidden files are never listed; with `removingLeftovers` (only
/// under the lock) the temporary files a killed run left among them (`.<name>.<UUID>.tmp`) are
/// removed on the way.
enum LibraryFiles {
    static func paths(in root: URL, only folder: String? = nil, removingLeftovers: Bool = false) throws -> [String] {
        var paths: [String] = []
        for top in ["images", "recipes"] where folder == nil || folder == top {
            walk(root.path + "/" + top, relative: top, removingLeftovers: removingLeftovers, into: &paths)
        }
        paths.sort(by: Manifest.precedes)
        return paths
    }

    /// Names are read one at a time (`FolderListing`): a library of 50,000 recipes would
    /// otherwise hold every name twice while its paths are collected.
    private static func walk(_ folder: String, relative: String, removingLeftovers: Bool, into paths: inout [String]) {
        FolderListing.forEach(in: folder) { name, kind in
            let path = folder + "/" + name
            if removingLeftovers && isLeftover(name) {
                try? FileManager.default.removeItem(atPath: path)
                return
            }
            guard !name.hasPrefix(".") else { return }
            // The kind the folder entry names; looked up only when the file system does not say
            // (a lookup per file is much of a fold's time in a folder of thousands).
            let isFile: Bool, isFolder: Bool
            switch kind {
            case .file: (isFile, isFolder) = (true, false)
            case .folder: (isFile, isFolder) = (false, true)
            case .unknown:
                guard let status = FileStatus(path: path) else { return }
                (isFile, isFolder) = (status.isRegularFile, status.isDirectory)
            case .other: return  // links, devices, FIFOs and sockets are never listed
            }
            if isFile && (relative != "recipes" || name.hasSuffix(".json")) {
                paths.append(relative + "/" + name)
            } else if isFolder && relative != "recipes" {
                walk(path, relative: relative + "/" + name, removingLeftovers: removingLeftovers, into: &paths)
            }
        }
    }

    /// The entries of `recipes/` named like recipe files (`<id>.json`) that are no regular files:
    /// folders, symbolic links, named pipes, devices. The manifest never lists them (it lists
    /// files, with their checksums); the index lists them as unreadable.
    static func recipeEntriesThatAreNotFiles(in root: URL) -> [String] {
        var paths: [String] = []
        let folder = root.path + "/recipes"
        FolderListing.forEach(in: folder) { name, kind in
            guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return }
            let isFile = kind == .unknown ? FileStatus(path: folder + "/" + name)?.isRegularFile == true : kind == .file
            if !isFile { paths.append("recipes/" + name) }
        }
        return paths.sorted(by: Manifest.precedes)
    }

    /// `AtomicFile`'s temporary name.
    static func isLeftover(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp")
    }
}

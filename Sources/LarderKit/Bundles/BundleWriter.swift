import Foundation
import LarderArchive
import LarderCore

/// Writes a library bundle into an archive, entry by entry (memory stays flat): recipe files and
/// their images in the order given, then `manifest.jsonl` with a checksum of every entry. The
/// archive is written under a temporary name beside the target and renamed on `finish`, so a
/// failed or interrupted export leaves no partial file.
public final class BundleWriter {
    public var output: URL { archive.output }
    private let archive: PendingArchive
    private let manifest = ManifestSpool()
    /// Paths written so far, only for images: two recipes may share one, and a recipe's own
    /// path is written once per recipe.
    private var imagePaths: Set<String> = []

    public init(output: URL, format: ArchiveFormat) throws {
        archive = try PendingArchive(output: output, format: format)
    }

    /// Adds one file of the library layout (`recipes/<id>.json`, `images/...`). A path added
    /// twice is written once: two recipes may share an image.
    public func add(path: String, contents: Data) throws {
        try add(path: path, contents: contents, checksum: nil)
    }

    /// `checksum`, when given, is the file's known manifest entry (it is not hashed again).
    func add(path: String, contents: Data, checksum: Manifest.File?) throws {
        if !path.hasPrefix("recipes/") {
            // An entry's name is a path the archive's reader will write: only the layout's own.
            guard StoredImagePath.isInLayout(path) else { throw StoredImagePath.Refusal.outsideTheImagesFolder(path) }
            guard imagePaths.insert(path).inserted else { return }
        }
        try archive.writer.addFile(path, contents: contents)
        try manifest.add(checksum ?? Manifest.File(path: path, contents: contents))
    }

    /// Writes the manifest, closes the archive and moves it into place.
    public func finish(created: Date) throws {
        let header = Manifest.Header(created: created)
        try archive.writer.addFile(Manifest.fileName, size: try manifest.size(header: header)) { write in
            try manifest.write(header: header, to: write)
        }
        try archive.commit()
    }
}

/// A bundle's manifest lines, kept out of memory until the archive's last entry: files arrive
/// recipe by recipe (`recipes/<id>.json`, then `images/<id>/…`), so each top folder's lines go
/// to their own unnamed temporary file, where they are in path order when the recipes come in
/// id order. A folder whose lines came out of order (a `convert` of loose files, ids such as
/// `pie` and `pie.v2`, whose folders sort the other way) is sorted in memory at the end.
final class ManifestSpool {
    private final class Folder {
        let file: FileHandle
        var last: String?
        var inOrder = true
        var bytes = 0
        var pending = Data()

        func flush() throws {
            try file.write(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
        }

        init() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("larder-manifest-\(UUID().uuidString)").path
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw LibraryError("cannot make a temporary file in \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(errno)))") }
            unlink(path)  // gone from the folder at once: nothing is left behind, whatever happens
            file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
    }

    /// By top folder (`images`, `recipes`); their names sort as the paths in them do.
    private var folders: [String: Folder] = [:]

    func add(_ entry: Manifest.File) throws {
        let top = String(entry.path.prefix { $0 != "/" })
        if folders[top] == nil { folders[top] = try Folder() }
        let folder = folders[top]!
        if let last = folder.last, !Manifest.precedes(last, entry.path) { folder.inOrder = false }
        folder.last = entry.path
        let line = Manifest.line(entry).utf8
        folder.bytes += line.count
        folder.pending.append(contentsOf: line)
        if folder.pending.count > 262_144 { try folder.flush() }
    }

    /// The manifest's length: its lines are the same whatever their order.
    func size(header: Manifest.Header) throws -> Int {
        Manifest.line(header).utf8.count + folders.values.reduce(0) { $0 + $1.bytes }
    }

    func write(header: Manifest.Header, to write: (Data) throws -> Void) throws {
        try write(Data(Manifest.line(header).utf8))
        for top in folders.keys.sorted(by: Manifest.precedes) {
            let folder = folders[top]!
            try folder.flush()
            try folder.file.seek(toOffset: 0)
            if folder.inOrder {
                while let piece = try folder.file.read(upToCount: 1 << 20), !piece.isEmpty { try write(piece) }
                continue
            }
            let files = try ManifestReader(unsortedEntriesIn: folder.file, name: "the manifest of \(top)/").readAll()
            var sorted = ManifestWriter()
            for file in files.sorted(by: { Manifest.precedes($0.path, $1.path) }) { try sorted.add(file, to: write) }
            try sorted.finish(to: write)
        }
    }
}

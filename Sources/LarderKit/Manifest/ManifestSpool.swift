import Foundation
import LarderCore

/// Manifest lines of files as they pass by, kept out of memory: a bundle's lines while it is
/// written (`BundleWriter`), the checksums of a bundle's files while it is unpacked
/// (`StagedBundle`). Files arrive recipe by recipe (`recipes/<id>.json`, then `images/<id>/…`),
/// so each top folder's lines go to their own unnamed temporary file, where they are in path
/// order when the recipes come in id order, as Larder writes them. A folder whose lines came out
/// of order (a `convert` of loose files, ids such as `pie` and `pie.v2`, whose folders sort the
/// other way, an archive made by hand) is sorted in memory when a whole manifest is written.
final class ManifestSpool {
    private final class Folder {
        let file: FileHandle
        var last: String?
        var inOrder = true
        var bytes = 0
        var count = 0
        var pending = Data()

        func flush() throws {
            try file.write(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
        }

        init() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("larder-manifest-\(UUID().uuidString)").path
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw FileProblem.lastSystemError(.write, path: FileManager.default.temporaryDirectory.path) }
            unlink(path)  // gone from the folder at once: nothing is left behind, whatever happens
            file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
    }

    /// By top folder (`images`, `recipes`); their names sort as the paths in them do.
    private var folders: [String: Folder] = [:]

    func add(_ entry: Manifest.File) throws {
        let top = Self.topFolder(of: entry.path)
        if folders[top] == nil { folders[top] = try Folder() }
        let folder = folders[top]!
        if let last = folder.last, !Manifest.precedes(last, entry.path) { folder.inOrder = false }
        folder.last = entry.path
        let line = Manifest.line(entry).utf8
        folder.bytes += line.count
        folder.count += 1
        folder.pending.append(contentsOf: line)
        if folder.pending.count > 262_144 { try folder.flush() }
    }

    /// `images` of `images/pie/1.png`.
    static func topFolder(of path: String) -> String {
        String(path.prefix { $0 != "/" })
    }

    /// How many entries of `top` were added.
    func count(in top: String) -> Int {
        folders[top]?.count ?? 0
    }

    /// The entries of `top` read back in path order, from the start, when they were added in
    /// that order; nil when they were not (or none were added). Read it to the end before
    /// anything else reads this spool (one file position per folder).
    func entriesInOrder(in top: String) throws -> ManifestReader? {
        guard let folder = folders[top], folder.inOrder else { return nil }
        try folder.flush()
        try folder.file.seek(toOffset: 0)
        return ManifestReader(unsortedEntriesIn: folder.file, name: "the checksums of \(top)/")
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

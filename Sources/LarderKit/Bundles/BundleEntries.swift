import Foundation
import LarderCore
import LarderArchive

/// The entries of a bundle, one at a time: an archive's, or the files of a library folder
/// (`export --format json --output DIR`, a library copied by hand), read with the same checks.
protocol BundleEntries: AnyObject {
    /// The next entry's header; nil after the last.
    func nextEntry() throws -> ArchiveReader.Entry?
    /// The current entry's bytes; more than `limit` is an error.
    func readData(limit: Int) throws -> Data
}

extension ArchiveReader: BundleEntries {}

/// A folder's files as bundle entries, in a fixed order. Hidden files and folders (`.larder/`
/// of a library, `.DS_Store`) are not part of a library and are passed over; symbolic links
/// and other special files are reported as what they are, never followed.
final class FolderEntries: BundleEntries {
    private let root: URL
    /// Paths still to visit, the next last.
    private var pending: [String]
    private var current: String?

    init(folder: URL) {
        root = folder
        pending = Self.children(of: folder, relative: "").reversed()
    }

    func nextEntry() throws -> ArchiveReader.Entry? {
        guard let path = pending.popLast() else { return nil }
        current = path
        let url = root.appendingPathComponent(path)
        guard let status = FileStatus(path: url.path) else { throw BundleError("\(path) vanished while it was read") }
        if status.isDirectory {
            pending.append(contentsOf: Self.children(of: url, relative: path + "/").reversed())
            return ArchiveReader.Entry(path: path + "/", kind: .directory, declaredSize: 0)
        }
        let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
        let kind: ArchiveReader.EntryKind = status.isRegularFile ? .file : isLink ? .symbolicLink : .other
        return ArchiveReader.Entry(path: path, kind: kind, declaredSize: Int64(status.size))
    }

    func readData(limit: Int) throws -> Data {
        guard let current else { return Data() }
        let path = root.appendingPathComponent(current).path
        // O_NOFOLLOW: a file swapped for a link since it was looked at is refused, not followed.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw BundleError("\(current) cannot be read: \(UnreadableFile(path: path, code: errno).reason)") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let data = try handle.read(upToCount: limit + 1) ?? Data()
        guard data.count <= limit else { throw BundleError("\(current) is larger than the limit of \(limit) bytes") }
        return data
    }

    private static func children(of folder: URL, relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted()
            .map { relative + $0 }
    }
}

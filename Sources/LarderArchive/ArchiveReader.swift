import CArchive
import Foundation

/// Reads an archive (any format and compression libarchive knows) entry by entry. Owns
/// libarchive's read handle and frees it in `deinit`.
public final class ArchiveReader {
    public enum EntryKind: Equatable, Sendable {
        case file, directory, symbolicLink, hardLink, other
    }

    public struct Entry: Equatable, Sendable {
        /// The name as stored; nil when it is not valid UTF-8.
        public var path: String?
        public var kind: EntryKind
        /// What the header claims; never trusted for limits.
        public var declaredSize: Int64
    }

    private let handle: OpaquePointer
    private let path: String

    public init(path: String) throws {
        guard let handle = archive_read_new() else { throw ArchiveError(path, "libarchive could not allocate a reader") }
        self.handle = handle
        self.path = path
        archive_read_support_filter_all(handle)
        archive_read_support_format_all(handle)
        guard archive_read_open_filename(handle, path, 64 * 1024) == ARCHIVE_OK else {
            // Every stored property is set, so `deinit` runs and frees the handle: freeing it here
            // too would free it twice.
            throw ArchiveError(path, archive_error_string(handle).map { String(cString: $0) } ?? "cannot open")
        }
    }

    deinit {
        archive_read_free(handle)
    }

    /// The next entry's header, or nil at the end of the archive.
    public func nextEntry() throws -> Entry? {
        var entryPointer: OpaquePointer?
        let status = archive_read_next_header(handle, &entryPointer)
        if status == ARCHIVE_EOF { return nil }
        guard status >= ARCHIVE_WARN, let entry = entryPointer else {
            throw ArchiveError(path, lastError ?? "unreadable entry header")
        }
        let name = archive_entry_pathname_utf8(entry).flatMap { String(validatingCString: $0) }
        let kind: EntryKind
        if archive_entry_hardlink(entry) != nil {
            kind = .hardLink
        } else {
            switch Int32(archive_entry_filetype(entry)) {
            case Int32(LARDER_AE_IFREG): kind = .file
            case Int32(LARDER_AE_IFDIR): kind = .directory
            case Int32(LARDER_AE_IFLNK): kind = .symbolicLink
            default: kind = .other
            }
        }
        return Entry(path: name, kind: kind, declaredSize: archive_entry_size(entry))
    }

    /// The current entry's bytes, counted as they are decompressed: more than `limit` bytes is
    /// an error whatever the header claimed (a compression bomb stops here).
    public func readData(limit: Int) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            guard count > 0 else { throw ArchiveError(path, lastError ?? "unreadable entry data") }
            guard data.count + count <= limit else {
                throw ArchiveError(path, "an entry expands past the limit of \(limit) bytes")
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private var lastError: String? {
        archive_error_string(handle).map { String(cString: $0) }
    }
}

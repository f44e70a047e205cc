import CArchive
import Foundation

/// Reads an archive (any format and compression libarchive knows) entry by entry. Owns
/// libarchive's read handle and frees it in `deinit`.
public final class ArchiveReader {
    /// What an entry is, from its header.
    public enum EntryKind: Equatable, Sendable {
        /// A regular file, a folder, a symbolic link, a hard link, or anything else (a device, a FIFO).
        case file, directory, symbolicLink, hardLink, other
    }

    /// An entry's header: its name, kind and declared size.
    public struct Entry: Equatable, Sendable {
        /// The name as stored; nil when it is not valid UTF-8.
        public var path: String?
        /// The entry's kind, as its header says.
        public var kind: EntryKind
        /// What the header claims; never trusted for limits.
        public var declaredSize: Int64
        /// Whether the header gives a size at all (a zip streamed with its sizes after the
        /// data does not).
        public var declaresSize = true
        /// The name's bytes as stored, decoded leniently: for messages when `path` is nil
        /// (zips that store UTF-8 names without saying so).
        public var lenientPath: String? = nil

        /// A header as the reader gives it (for tests and callers that list entries).
        public init(path: String?, kind: EntryKind, declaredSize: Int64, lenientPath: String? = nil) {
            self.path = path
            self.kind = kind
            self.declaredSize = declaredSize
            self.lenientPath = lenientPath
        }
    }

    private let handle: OpaquePointer
    private let path: String
    /// The bytes of an archive read from memory: libarchive reads them in place, so they live
    /// as long as the reader.
    private let memory: UnsafeMutableRawBufferPointer?

    /// Opens the archive at `path` for reading, in any format and compression libarchive knows; throws an `ArchiveError` naming the file when it cannot.
    public init(path: String) throws {
        guard let handle = archive_read_new() else { throw ArchiveError(path, "libarchive could not allocate a reader") }
        self.handle = handle
        self.path = path
        self.memory = nil
        larder_archive_read_support_built_in_filters(handle)
        archive_read_support_format_all(handle)
        guard archive_read_open_filename(handle, path, 64 * 1024) == ARCHIVE_OK else {
            // Every stored property is set, so `deinit` runs and frees the handle: freeing it here
            // too would free it twice.
            throw ArchiveError(path, archive_error_string(handle).map { String(cString: $0) } ?? "cannot open")
        }
    }

    /// An archive held in memory (a zip inside a zip); `label` names it in errors.
    public init(data: Data, label: String) throws {
        guard let handle = archive_read_new() else { throw ArchiveError(label, "libarchive could not allocate a reader") }
        self.handle = handle
        self.path = label
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
        data.copyBytes(to: copy.bindMemory(to: UInt8.self))
        self.memory = copy
        larder_archive_read_support_built_in_filters(handle)
        archive_read_support_format_all(handle)
        guard archive_read_open_memory(handle, copy.baseAddress, data.count) == ARCHIVE_OK else {
            throw ArchiveError(label, archive_error_string(handle).map { String(cString: $0) } ?? "cannot open")
        }
    }

    deinit {
        archive_read_free(handle)
        memory?.deallocate()
    }

    /// The next entry's header, or nil at the end of the archive.
    public func nextEntry() throws -> Entry? {
        // Names are decoded as UTF-8 whatever the process's locale (see NameLocale).
        try NameLocale.withUTF8(archive: path) { try readEntryHeader() }
    }

    private func readEntryHeader() throws -> Entry? {
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
        let lenient = name ?? archive_entry_pathname(entry).map { pointer in
            String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)), as: UTF8.self)
        }
        var read = Entry(path: name, kind: kind, declaredSize: archive_entry_size(entry), lenientPath: lenient)
        read.declaresSize = archive_entry_size_is_set(entry) != 0
        return read
    }

    /// Passes over the current entry's bytes, decompressing and counting them, without
    /// keeping them: more than `limit` bytes is an error, as for `readData`. Returns how many.
    @discardableResult
    public func skipData(limit: Int) throws -> Int {
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let read = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
            if read == 0 { return count }
            guard read > 0 else { throw ArchiveError(path, lastError ?? "unreadable entry data") }
            count += read
            guard count <= limit else { throw ArchiveError(path, "an entry expands past the limit of \(limit) bytes", limit: limit) }
        }
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
                throw ArchiveError(path, "an entry expands past the limit of \(limit) bytes", limit: limit)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private var lastError: String? {
        archive_error_string(handle).map { String(cString: $0) }
    }
}

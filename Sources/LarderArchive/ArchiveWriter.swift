import CArchive
import Foundation

/// Writes an archive entry by entry, so memory stays flat however many entries there are.
/// Owns libarchive's write handle and frees it in `deinit`.
public final class ArchiveWriter {
    private let handle: OpaquePointer
    private let path: String
    /// The archive as messages name it: the file the user asked for, when this one is written
    /// under a temporary name first (`PendingArchive`).
    private let name: String
    private var closed = false

    /// Creates the archive at `path` in `format`; `name` is what messages call it (the file the user named, when `path` is a temporary one).
    public init(path: String, format: ArchiveFormat, name: String? = nil) throws {
        self.name = name ?? path
        guard let handle = archive_write_new() else { throw ArchiveError(self.name, "libarchive could not allocate a writer") }
        self.handle = handle
        self.path = path
        // libarchive fixes the encoding it converts names from when the format is chosen, so
        // the writer is set up under the same UTF-8 locale as its entries are written.
        try NameLocale.withUTF8(archive: self.name) {
            try configure(format)
            try check(archive_write_open_filename(handle, path), "opening for writing")
        }
    }

    private func configure(_ format: ArchiveFormat) throws {
        switch format {
        case .tarGzip:
            try check(archive_write_set_format_pax_restricted(handle), "choosing tar")
            try check(archive_write_add_filter_gzip(handle), "choosing gzip")
            // No file name or time in the gzip header: the same content gives the same bytes.
            try check(archive_write_set_filter_option(handle, "gzip", "timestamp", nil), "gzip options")
        case .tarZstd:
            try check(archive_write_set_format_pax_restricted(handle), "choosing tar")
            try check(archive_write_add_filter_zstd(handle), "choosing zstd")
        case .tarXz:
            try check(archive_write_set_format_pax_restricted(handle), "choosing tar")
            try check(archive_write_add_filter_xz(handle), "choosing xz")
        case .zip:
            try check(archive_write_set_format_zip(handle), "choosing zip")
            // Names are UTF-8 and the zip says so (general purpose bit 11), whatever the locale.
            try check(archive_write_set_format_option(handle, "zip", "hdrcharset", "UTF-8"), "zip options")
        }
    }

    deinit {
        if !closed { _ = try? NameLocale.withUTF8(archive: name) { archive_write_close(handle) } }
        archive_write_free(handle)
    }

    /// Adds a regular file. Owner, group and time are fixed so that the same files always give
    /// the same archive.
    public func addFile(_ entryPath: String, contents: Data, modified: Date = Date(timeIntervalSince1970: 0)) throws {
        try addFile(entryPath, size: contents.count, modified: modified) { write in try write(contents) }
    }

    private func writeHeader(_ entryPath: String, size: Int, modified: Date) throws {
        guard let entry = archive_entry_new() else { throw ArchiveError(name, "libarchive could not allocate an entry") }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname_utf8(entry, entryPath)
        archive_entry_set_filetype(entry, LARDER_AE_IFREG)
        archive_entry_set_perm(entry, 0o644)
        archive_entry_set_size(entry, la_int64_t(size))
        archive_entry_set_mtime(entry, time_t(modified.timeIntervalSince1970), 0)
        archive_entry_set_uid(entry, 0)
        archive_entry_set_gid(entry, 0)
        try NameLocale.withUTF8(names: [entryPath], archive: name) {
            try check(archive_write_header(handle, entry), "writing the header of \(entryPath)")
        }
    }

    /// Adds a regular file of `size` bytes whose contents `produce` hands over in pieces, so a
    /// large generated file is never held whole. The pieces must add up to `size`.
    public func addFile(_ entryPath: String, size: Int, modified: Date = Date(timeIntervalSince1970: 0),
                        produce: ((Data) throws -> Void) throws -> Void) throws {
        try writeHeader(entryPath, size: size, modified: modified)
        var total = 0
        try produce { piece in
            let written = piece.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return archive_write_data(handle, base, buffer.count)
            }
            guard written == piece.count else { throw ArchiveError("\(name): \(entryPath)", lastError ?? "short write", systemCode: systemCode) }
            total += written
        }
        guard total == size else { throw ArchiveError("\(name): \(entryPath)", "\(total) bytes given for an entry of \(size)") }
    }

    /// Finishes the archive; until then the file is not complete.
    public func close() throws {
        guard !closed else { return }
        closed = true
        // A zip writes its names again in the central directory at the end.
        try NameLocale.withUTF8(archive: name) { try check(archive_write_close(handle), "finishing") }
    }

    private var lastError: String? {
        archive_error_string(handle).map { String(cString: $0) }
    }

    /// The system's error number of the last failure, when it was the system's (writing the
    /// file: `ENOSPC`); libarchive's own failures carry none, or a negative one.
    private var systemCode: Int32? {
        let code = archive_errno(handle)
        return code > 0 ? code : nil
    }

    private func check(_ status: Int32, _ doing: String) throws {
        guard status >= ARCHIVE_WARN else { throw ArchiveError("\(name): \(doing)", lastError ?? "error \(status)", systemCode: systemCode) }
    }
}

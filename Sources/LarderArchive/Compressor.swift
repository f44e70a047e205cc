import CArchive
import Foundation

/// Gzips bytes that are not an archive (a `.paprikarecipe` is one gzip'd JSON document),
/// through libarchive's raw format. The output is the same for the same input: no name or
/// time in the gzip header.
public enum Compressor {
    /// The gzip of `data`, named `label` in errors.
    public static func gzip(_ data: Data, label: String = "data") throws -> Data {
        // Deflate grows incompressible data by a few bytes per 16 KB; this bound is generous.
        var capacity = data.count + data.count / 100 + 1024
        for _ in 0..<3 {
            if let result = try gzip(data, capacity: capacity, label: label) { return result }
            capacity *= 2
        }
        throw ArchiveError(label, "gzip output did not fit in memory given")
    }

    /// nil when `capacity` was too small.
    private static func gzip(_ data: Data, capacity: Int, label: String) throws -> Data? {
        // libarchive keeps both pointers until the writer is freed (the deferred free below
        // runs first), so they are allocated here rather than borrowed from Swift values.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
        defer { buffer.deallocate() }
        let used = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { used.deallocate() }
        used.pointee = 0
        guard let handle = archive_write_new() else { throw ArchiveError(label, "libarchive could not allocate a writer") }
        defer { archive_write_free(handle) }
        func check(_ status: Int32, _ what: String) throws {
            guard status >= ARCHIVE_WARN else {
                throw ArchiveError(label, "\(what): " + (archive_error_string(handle).map { String(cString: $0) } ?? "failed"))
            }
        }
        try check(archive_write_set_format_raw(handle), "choosing raw")
        try check(archive_write_add_filter_gzip(handle), "choosing gzip")
        try check(archive_write_set_filter_option(handle, "gzip", "timestamp", nil), "gzip options")
        // Raw output is written in whole blocks unless told otherwise.
        try check(archive_write_set_bytes_in_last_block(handle, 1), "block size")
        try check(archive_write_open_memory(handle, buffer.baseAddress, capacity, used), "opening")
        guard let entry = archive_entry_new() else { throw ArchiveError(label, "libarchive could not allocate an entry") }
        defer { archive_entry_free(entry) }
        archive_entry_set_filetype(entry, LARDER_AE_IFREG)
        archive_entry_set_size(entry, la_int64_t(data.count))
        try check(archive_write_header(handle, entry), "writing")
        let written = data.withUnsafeBytes { archive_write_data(handle, $0.baseAddress, $0.count) }
        if written < 0 { return nil }
        if archive_write_close(handle) < ARCHIVE_WARN { return nil }
        return Data(bytes: buffer.baseAddress!, count: used.pointee)
    }
}

import CArchive
import Foundation

/// Undoes a compression filter (gzip, bzip2, xz, zstd…) on bytes that are not an archive: a
/// `.paprikarecipe`, a `page.html.gz`. Counts the expanded bytes as they stream, so a bomb
/// stops at `limit`.
public enum Decompressor {
    /// The expanded bytes; data that is not compressed comes back as it is.
    public static func decompress(_ data: Data, limit: Int, label: String = "data") throws -> Data {
        guard let handle = archive_read_new() else { throw ArchiveError(label, "libarchive could not allocate a reader") }
        defer { archive_read_free(handle) }
        larder_archive_read_support_built_in_filters(handle)
        archive_read_support_format_raw(handle)
        return try data.withUnsafeBytes { buffer -> Data in
            guard archive_read_open_memory(handle, buffer.baseAddress, buffer.count) == ARCHIVE_OK else {
                throw ArchiveError(label, archive_error_string(handle).map { String(cString: $0) } ?? "cannot open")
            }
            var entry: OpaquePointer?
            let status = archive_read_next_header(handle, &entry)
            if status == ARCHIVE_EOF { return Data() }
            guard status >= ARCHIVE_WARN else {
                throw ArchiveError(label, archive_error_string(handle).map { String(cString: $0) } ?? "unreadable")
            }
            var output = Data()
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
                if count == 0 { return output }
                guard count > 0 else {
                    throw ArchiveError(label, archive_error_string(handle).map { String(cString: $0) } ?? "corrupt compressed data")
                }
                guard output.count + count <= limit else { throw ArchiveError(label, "expands past the limit of \(limit) bytes", limit: limit) }
                output.append(contentsOf: chunk[0..<count])
            }
        }
    }
}

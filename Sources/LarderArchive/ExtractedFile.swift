import CArchive
import Foundation

/// Writes unpacked archive entries to disk with plain system calls: a new file only (`O_EXCL`,
/// never through a symbolic link), no per-file `fsync`. An unpack of thousands of entries then
/// costs one create and one write each, and `flush(folder:)` makes them all durable at once
/// before they are moved anywhere that matters.
public enum ExtractedFile {
    /// Thrown by `create` when something is already at the path (`O_EXCL` refused it): the
    /// caller needs no lookup of its own first.
    public struct AlreadyThere: Error, LocalizedError, CustomStringConvertible {
        /// Where something already was.
        public let path: String

        /// Something already at `path`.
        public init(path: String) { self.path = path }

        public var description: String { "\(path) is already there" }
        public var errorDescription: String? { description }
    }

    /// Writes `contents` as a new file at `path`: never over something that is there (`AlreadyThere`), never through a symbolic link.
    public static func create(atPath path: String, contents: Data) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw AlreadyThere(path: path) }
            throw failure("could not create", path)
        }
        defer { close(descriptor) }
        try contents.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("could not write", path)
                }
                offset += written
            }
        }
    }

    /// Flushes every file written on the file system that holds `folder`, at once
    /// (`Platform.flushFileSystem`).
    public static func flush(folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("could not open", folder) }
        defer { close(descriptor) }
        guard Platform.flushFileSystem(holding: descriptor) else { throw failure("could not flush", folder) }
    }

    /// Flushes the entries of one folder (names made, renamed or removed in it): a file renamed
    /// into `folder` keeps its new name after a power loss only once the folder is flushed.
    public static func flushEntries(ofFolder folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("could not open", folder) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("could not flush", folder) }
    }

    private static func failure(_ what: String, _ path: String) -> ArchiveError {
        let code = errno
        return ArchiveError("\(what) \(path)", String(cString: strerror(code)), systemCode: code)
    }
}

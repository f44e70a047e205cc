import Foundation
import LarderCore

/// A file's size and last modification, from one `stat`: enough to tell that a file is as it
/// was when its checksum was taken, without reading it again.
struct FileStamp: Equatable, Sendable {
    var size: Int
    /// Nanoseconds since the epoch.
    var modified: Int64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        size = Int(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// A whole file's bytes and its stamp, from one open: plain system calls, because reading
    /// every file of a large library through `URL` and `Data(contentsOf:)` costs more than
    /// compressing it.
    static func read(path: String) throws -> (contents: Data, stamp: FileStamp) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw readError(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw readError(path) }
        var contents = Data(count: Int(info.st_size))
        var filled = 0
        try contents.withUnsafeMutableBytes { buffer in
            while filled < buffer.count {
                let got = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if got < 0 && errno == EINTR { continue }
                guard got >= 0 else { throw readError(path) }
                if got == 0 { break }  // the file shrank while we read it
                filled += got
            }
        }
        contents.count = filled
        return (contents, FileStamp(info))
    }

    private static func readError(_ path: String) -> FileProblem {
        FileProblem.lastSystemError(.read, path: path)
    }
}

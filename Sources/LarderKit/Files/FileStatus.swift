import Foundation

/// A file's kind, size and last modification from one `lstat`: enough to tell that a file is
/// as it was when a manifest entry was written, without reading it.
struct FileStatus: Equatable {
    var isRegularFile: Bool
    var isDirectory: Bool
    var size: Int
    /// Nanoseconds since the epoch.
    var modified: Int64

    /// Nil when there is nothing at `path`. A symbolic link is described, not followed.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        size = Int(info.st_size)
        modified = Platform.modified(info)
    }
}

extension FileStatus {
    /// A whole file's bytes and its status, from one open: plain system calls, because reading
    /// every file of a large library through `URL` and `Data(contentsOf:)` costs more than
    /// compressing it.
    ///
    /// Only a regular file is opened: a folder, a named pipe (which would wait for a writer
    /// forever) or a device where a file should be is refused, saying what it is.
    static func read(_ path: String) throws -> (contents: Data, status: FileStatus) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw UnreadableFile(path: path, code: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw UnreadableFile(path: path, mode: info.st_mode) }
        // Not blocking all the same: the file may have been swapped for a pipe since.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw UnreadableFile(path: path, code: errno) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw UnreadableFile(path: path, code: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw UnreadableFile(path: path, mode: info.st_mode) }
        var contents = Data(count: Int(info.st_size))
        var filled = 0
        try contents.withUnsafeMutableBytes { buffer in
            while filled < buffer.count {
                let got = readSome(descriptor, into: buffer.baseAddress! + filled, count: buffer.count - filled)
                if got < 0 && errno == EINTR { continue }
                guard got >= 0 else { throw UnreadableFile(path: path, code: errno) }
                if got == 0 { break }  // the file shrank while it was read
                filled += got
            }
        }
        contents.count = filled
        return (contents, FileStatus(info))
    }
}

/// `read(2)`, by a name that `FileStatus.read` does not hide.
private func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
    read(descriptor, buffer, count)
}

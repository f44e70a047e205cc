import Foundation

/// A file's kind, size and last modification from one `lstat`: enough to tell that a file is
/// as it was when a manifest entry was written, without reading it. The only place where the
/// platforms differ (`st_mtim` on Linux, `st_mtimespec` on Darwin).
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
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        size = Int(info.st_size)
        #if os(Linux)
        let time = info.st_mtim
        #else
        let time = info.st_mtimespec
        #endif
        modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

import Foundation
import LarderCore

/// What is at one path of an input: a folder to walk, a file to read (a regular file, or a
/// symbolic link to one, followed as other command-line tools follow it), or something that
/// cannot be read, with why. Named pipes and devices are never opened: reading one would
/// block the run or never end.
enum FolderItem: Equatable {
    case folder
    case file(size: Int)
    case skipped(String)
    case failed(String)

    static func at(_ path: String) -> FolderItem {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT ? .failed("no such file or folder") : .failed(FileProblem(.read, path: path, code: errno).reason)
        }
        guard kind(of: info) == S_IFLNK else { return item(info, linked: false) }
        var target = stat()
        guard stat(path, &target) == 0 else {
            switch errno {
            case ELOOP: return .failed("a symbolic link that leads round in a loop")
            case ENOENT: return .failed("a symbolic link to \(destination(of: path)), which does not exist")
            default: return .failed("a symbolic link that cannot be followed: \(FileProblem(.read, path: path, code: errno).reason)")
            }
        }
        return item(target, linked: true)
    }

    private static func item(_ info: stat, linked: Bool) -> FolderItem {
        switch kind(of: info) {
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFDIR: return linked ? .skipped("a symbolic link to a folder; linked folders are not walked (name the folder itself to import it)") : .folder
        case S_IFIFO: return .skipped("a named pipe, not a file")
        case S_IFSOCK: return .skipped("a socket, not a file")
        case S_IFCHR, S_IFBLK: return .skipped("a device, not a file")
        default: return .skipped("not a regular file")
        }
    }

    private static func kind(of info: stat) -> mode_t {
        info.st_mode & S_IFMT
    }

    /// Where a symbolic link points, as written in it.
    private static func destination(of path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "a missing file"
    }
}

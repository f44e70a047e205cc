import Foundation
import LarderCore

/// A file Larder had to read and could not, said in Larder's words: what is at the path when it
/// is no file (a folder, a symbolic link that leads nowhere, a named pipe), else the system's
/// reason as `FileProblem` words it ("permission denied (check the permissions …)"), never the
/// system's own text.
public struct UnreadableFile: DescribedError, Sendable {
    /// The path as the user gave it, so the message names what they typed.
    public let path: String
    /// What is wrong, as the end of a sentence that names the file.
    public let reason: String

    public var description: String { "\(path) cannot be read: \(reason)" }

    /// After `stat`, `open` or `read` of `path` failed with the error number `code`.
    init(path: String, code: Int32) {
        self.path = path
        if code == ENOENT, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            reason = "it is a symbolic link to \(target), which does not exist"
        } else {
            reason = FileProblem(.read, path: path, code: code).reason
        }
    }

    /// `path` is there, but is not a regular file (`mode` from its `stat`).
    init(path: String, mode: mode_t) {
        self.path = path
        reason = switch mode & S_IFMT {
        case S_IFDIR: "it is a folder, not a file"
        case S_IFIFO: "it is a named pipe (FIFO), not a file"
        case S_IFSOCK: "it is a socket, not a file"
        case S_IFCHR, S_IFBLK: "it is a device, not a file"
        default: "it is not a regular file"
        }
    }
}

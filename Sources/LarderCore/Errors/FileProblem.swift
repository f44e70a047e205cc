import Foundation

/// A file or folder that could not be read or written, said the way a person needs it: which
/// path, what is wrong with it (from the system's error number), and what to do about it.
/// Foundation's own errors for the same failures print as `Error Domain=NSCocoaErrorDomain
/// Code=512 "(null)" UserInfo={…}`; `ErrorText` turns those into this.
public struct FileProblem: DescribedError, Equatable, Sendable {
    /// What Larder was doing with the file.
    public enum Action: String, Sendable {
        /// Reading its bytes.
        case read
        /// Writing it, or moving a written file into its place.
        case write
        /// Anything else asked of it, or an operation the system's error does not name.
        case use
    }

    /// Reading, writing, or using it.
    public var action: Action
    /// The file or folder, as the user named it.
    public var path: String
    /// The POSIX error number (`ENOTDIR`, `EACCES`, …), when the system gave one.
    public var code: Int32?

    /// A problem of `action` on `path`, with the system's error number when there is one.
    public init(_ action: Action, path: String, code: Int32?) {
        self.action = action
        self.path = path
        self.code = code
    }

    /// A file error (Foundation's, the system's or a `FileProblem`) told of `path` instead: a
    /// temporary file's failure, said of the file it was to become. Other errors are returned
    /// as they are.
    public static func retold(_ error: Error, _ action: Action, path: String) -> Error {
        if let problem = error as? FileProblem { return FileProblem(action, path: path, code: problem.code) }
        let bridged = error as NSError
        guard bridged.domain == NSCocoaErrorDomain || bridged.domain == NSPOSIXErrorDomain, !(error is EncodingError),
              !(error is DecodingError) else { return error }
        let code = ErrorText.posixCode(of: bridged) ?? ErrorText.cocoaCodeAsPOSIX(bridged.code)
        return FileProblem(action, path: path, code: code)
    }

    /// Whether `code` is a failure of a file or its disk, one `reason` says in words (not a
    /// library's number for its own trouble, such as `EINVAL` or `EILSEQ`): a failure another
    /// library met writing a file can then be said of the file the user named.
    public static func isFileFailure(_ code: Int32) -> Bool {
        [ENOENT, ENOTDIR, EISDIR, EACCES, EPERM, EROFS, ENOSPC, EDQUOT, EEXIST, ENOTEMPTY, ELOOP, ENAMETOOLONG, EMFILE, ENFILE,
         EIO, EXDEV, ETXTBSY, EBUSY, EFBIG].contains(code)
    }

    /// The failure of the last system call, from `errno`.
    public static func lastSystemError(_ action: Action, path: String) -> FileProblem {
        FileProblem(action, path: path, code: errno)
    }

    /// `cannot read PATH: REASON`.
    public var description: String {
        "cannot \(action.rawValue) \(path): \(reason)"
    }

    /// What is wrong, and where it helps, what to do.
    public var reason: String {
        guard let code else { return "the system did not say why" }
        switch code {
        case ENOENT:
            if let missing = Self.firstMissingFolder(above: path) { return "the folder \(missing) does not exist" }
            return "it does not exist"
        case ENOTDIR:
            if let file = Self.fileInTheWay(of: path) {
                return file == path ? "it is a file, not a folder" : "\(file) is a file, not a folder (move it away or choose another path)"
            }
            return "a part of the path is a file, not a folder"
        case EISDIR:
            return "it is a folder, not a file (name a file inside it, or another path)"
        case EACCES, EPERM:
            return "permission denied (check the permissions of it and of the folders above it, or choose another path)"
        case EROFS:
            return "it is on a read-only file system (choose a path on a writable disk)"
        case ENOSPC:
            return "the disk is full (free some space and run it again)"
        case EDQUOT:
            return "the disk quota is used up (free some space and run it again)"
        case EEXIST:
            return "something with that name is already there"
        case ENOTEMPTY:
            return "the folder is not empty"
        case ELOOP:
            return "it is a symbolic link that leads round in a loop"
        case ENAMETOOLONG:
            return "the name is too long for the file system"
        case EMFILE, ENFILE:
            return "too many files are open at once (raise the limit with `ulimit -n`)"
        case EIO:
            return "the disk reported an input/output error"
        case EXDEV:
            return "it is on another file system than the files it was to be moved from"
        case ETXTBSY, EBUSY:
            return "it is in use by another program"
        default:
            return String(cString: strerror(code)).lowercased()
        }
    }

    /// The file that makes `ENOTDIR`: the deepest existing path at or above `path` (only a
    /// folder can have anything below it), when that is not a folder.
    static func fileInTheWay(of path: String) -> String? {
        var candidate = path
        while !candidate.isEmpty && candidate != "/" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : candidate
            }
            candidate = (candidate as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// The highest folder above `path` that does not exist, when its parent does.
    static func firstMissingFolder(above path: String) -> String? {
        var missing: String?
        var candidate = (path as NSString).deletingLastPathComponent
        while !candidate.isEmpty && candidate != "/" && !FileManager.default.fileExists(atPath: candidate) {
            missing = candidate
            candidate = (candidate as NSString).deletingLastPathComponent
        }
        return missing
    }
}

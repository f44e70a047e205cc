import Foundation

/// The entries of one folder, read one at a time (`readdir`) with the kind the folder entry
/// names (`d_type`), so that a walk over a library of 50,000 recipes neither holds every name
/// twice nor looks each file up. The one place LarderKit reads a `dirent`'s pointer; Linux and
/// macOS both have these calls, so this is no platform file.
enum FolderListing {
    enum Kind {
        case file, folder
        /// A link, device, FIFO or socket.
        case other
        /// The file system does not say (`DT_UNKNOWN`): look the entry up.
        case unknown
    }

    /// Calls `body` with the name and kind of each entry of `folder` but `.` and `..`, in the
    /// order the file system gives; nothing when the folder cannot be opened.
    static func forEach(in folder: String, _ body: (_ name: String, _ kind: Kind) -> Void) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let kind: Kind = switch entry.pointee.d_type {
            case UInt8(DT_REG): .file
            case UInt8(DT_DIR): .folder
            case UInt8(DT_UNKNOWN): .unknown
            default: .other
            }
            body(name, kind)
        }
    }

    /// The latest modification time (nanoseconds since the epoch) of the entries of `folder`,
    /// each looked up where it is (`fstatat`, links not followed) without making its name a
    /// string; nil when the folder cannot be opened. For 100,000 files, a few tens of ms.
    static func newestModification(in folder: String) -> Int64? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var newest: Int64 = 0
        var info = stat()
        while let entry = readdir(directory) {
            let found = withUnsafeBytes(of: &entry.pointee.d_name) { name -> Bool in
                guard let base = name.baseAddress?.assumingMemoryBound(to: CChar.self), base[0] != 0x2E else { return false }
                return fstatat(descriptor, base, &info, AT_SYMLINK_NOFOLLOW) == 0
            }
            if found { newest = max(newest, Platform.modified(info)) }
        }
        return newest
    }
}

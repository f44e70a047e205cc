import Foundation
import LarderCore

/// The one check for an image path that a recipe names (`images/<id>/<hash>.jpg`). Recipe files
/// are input like any other — a file imported, a bundle, a library edited by hand — so the path
/// in one is never trusted: every reader of a stored image (export sinks, Markdown, cookbook,
/// bundle writer, restore) opens it through here, and an import keeps it only when it passes.
///
/// A path passes when it is written in the library's layout (relative, under `images/`, no
/// `..`, `.` or empty part, no backslash or control character) and, resolved with every
/// symbolic link followed, names a regular file inside that folder's own `images/` (itself
/// resolved, so an `images/` moved to another disk and linked back still works). So no recipe
/// can make Larder copy `~/.ssh/id_rsa` into an export, however it spells the way there.
public enum StoredImagePath {
    /// Why a path was refused, as a sentence for the report.
    public enum Refusal: Equatable, DescribedError {
        /// Not in the library's layout: absolute, climbing with `..`, outside `images/`.
        case outsideTheImagesFolder(String)
        /// In the layout, but a symbolic link on the way leads outside `images/`.
        case leadsOutsideTheImagesFolder(String)
        /// In the layout, but no file is there (deleted, or a backup restored without it).
        case missing(String)
        /// A folder, device or other non-file.
        case notAFile(String)

        public var description: String {
            switch self {
            case .outsideTheImagesFolder(let path):
                return "\"\(path)\" is not a path inside images/"
            case .leadsOutsideTheImagesFolder(let path):
                return "\"\(path)\" goes through a symbolic link that leads outside images/"
            case .missing(let path):
                return "\"\(path)\" is not there"
            case .notAFile(let path):
                return "\"\(path)\" is not a file"
            }
        }
    }

    /// Whether a path is written as the library lays images out; checks the text only.
    public static func isInLayout(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "images" else { return false }
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) { return false }
        return !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }
    }

    /// The file a path names inside the library at `root`, resolved (no link left in it).
    public static func resolve(_ path: String, inLibraryAt root: String) throws(Refusal) -> String {
        guard isInLayout(path) else { throw .outsideTheImagesFolder(path) }
        guard let images = realPath(root + "/images") else { throw .missing(path) }
        let target = root + "/" + path
        guard let resolved = realPath(target) else {
            // A link that leads nowhere is refused for where it points, not reported as missing.
            var info = stat()
            throw lstat(target, &info) == 0 ? .leadsOutsideTheImagesFolder(path) : .missing(path)
        }
        guard resolved.hasPrefix(images + "/") else { throw .leadsOutsideTheImagesFolder(path) }
        var info = stat()
        guard stat(resolved, &info) == 0 else { throw .missing(path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path) }
        return resolved
    }

    /// The bytes of the file a path names inside the library at `root`. The resolved file is
    /// opened without following a link, so one swapped in after the check is not followed.
    public static func read(_ path: String, inLibraryAt root: String) throws -> Data {
        let file = try resolve(path, inLibraryAt: root)
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw Refusal.missing(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw Refusal.notAFile(path) }
        return try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readToEnd() ?? Data()
    }

    /// Whether a folder the library is about to write an image into (`images/<id>`) is inside
    /// its `images/` once resolved; true when it does not exist yet (it will be made there).
    static func isSafeToWrite(folder: String, inLibraryAt root: String) -> Bool {
        guard isInLayout(folder) else { return false }
        let target = root + "/" + folder
        var info = stat()
        guard lstat(target, &info) == 0 else { return true }
        guard let images = realPath(root + "/images"), let resolved = realPath(target) else { return false }
        return resolved.hasPrefix(images + "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension Library {
    /// The bytes of an image this library stores under `path`, through `StoredImagePath`.
    public func storedImage(at path: String) throws -> Data {
        try StoredImagePath.read(path, inLibraryAt: rootPath)
    }

    /// Whether `path` names an image file this library holds, and if not, why.
    public func checkStoredImage(_ path: String) -> StoredImagePath.Refusal? {
        do {
            _ = try StoredImagePath.resolve(path, inLibraryAt: rootPath)
            return nil
        } catch {
            return error
        }
    }
}

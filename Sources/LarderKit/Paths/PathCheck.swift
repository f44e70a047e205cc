import Foundation
import LarderCore

/// Checks that a path the user named can be used before a run puts work into it, so a library
/// that is a file, or an output on a read-only disk, fails at once with a sentence rather than
/// after the work with a system error. `role` names the path in the message ("The library"),
/// `advice` ends it with what to do instead.
public enum PathCheck {
    enum Kind {
        case folder, file
    }

    /// A folder that will be written into, made when missing: what is there must be a folder
    /// Larder may write in; what is missing must be makeable in the folder above it.
    public static func writableFolder(_ url: URL, role: String, advice: String) throws {
        let path = url.standardizedFileURL.path
        switch kind(of: path) {
        case .file:
            throw PathProblem("\(role) \(path) is a file, not a folder. \(advice)")
        case .folder:
            if let code = unwritable(path) { throw PathProblem("\(role) \(path) cannot be written: \(words(for: code, in: path)). \(advice)") }
        case nil:
            try checkMakeable(path, role: role, advice: advice)
        }
    }

    /// A file that will be written, replacing what is there: not a folder, in a folder Larder
    /// may write in (or can make). `ifFolder` ends the message when a folder is there (name a
    /// file inside it); `advice` when the folder it goes in cannot be written or is a file.
    public static func writableFile(_ url: URL, role: String, ifFolder: String, advice: String) throws {
        let path = url.standardizedFileURL.path
        switch kind(of: path) {
        case .folder:
            throw PathProblem("\(role) \(path) is a folder, not a file. \(ifFolder)")
        case .file:
            // The new file is renamed over the old one: it is the folder that must be writable.
            let folder = (path as NSString).deletingLastPathComponent
            if let code = unwritable(folder) { throw PathProblem("\(role) \(path) cannot be written: \(words(for: code, in: folder)). \(advice)") }
        case nil:
            try checkMakeable(path, role: role, advice: advice)
        }
    }

    /// An output must be outside the library it is written from, and must not hold it: inside,
    /// it would replace the library's own files (`--output lib/recipes/<id>.json` replaced a
    /// recipe with a shopping list; the manifest and the index were taken as well); a folder
    /// output that holds the library is replaced whole. Links are followed, so another name for
    /// a place inside the library is refused too.
    public static func outsideLibrary(_ output: URL, library: URL, role: String = "The output") throws {
        let given = output.standardizedFileURL.path
        let place = resolved(given)
        let root = resolved(library.standardizedFileURL.path)
        let advice = "Choose an output outside the library."
        if place == root || place.hasPrefix(root + "/") {
            throw PathProblem("\(role) \(given) is inside the library at \(library.path): an export never writes there, "
                + "where it would replace the library's own files. \(advice)")
        }
        if root.hasPrefix(place == "/" ? "/" : place + "/") {
            throw PathProblem("\(role) \(given) holds the library at \(library.path): an export replaces its output, "
                + "and the library with it. \(advice)")
        }
    }

    /// The path with every symbolic link of its existing part resolved, and what does not
    /// exist yet appended as it is.
    static func resolved(_ path: String) -> String {
        var existing = path
        var missing: [String] = []
        while kind(of: existing) == nil, existing != "/", !existing.isEmpty {
            missing.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        var real = existing
        if let resolved = realpath(existing, nil) {
            real = String(cString: resolved)
            free(resolved)
        }
        return missing.reduce(real) { ($0 as NSString).appendingPathComponent($1) }
    }

    /// The nearest existing folder above `path` must be a folder Larder may write in.
    static func checkMakeable(_ path: String, role: String, advice: String) throws {
        var above = (path as NSString).deletingLastPathComponent
        while kind(of: above) == nil && above != "/" && !above.isEmpty {
            above = (above as NSString).deletingLastPathComponent
        }
        if kind(of: above) == .file {
            throw PathProblem("\(role) \(path) cannot be made: \(above) is a file, not a folder. \(advice)")
        }
        if let code = unwritable(above) {
            throw PathProblem("\(role) \(path) cannot be made: \(words(for: code, in: above)). \(advice)")
        }
    }

    /// What is at `path`, following symbolic links; nil when nothing (or a dangling link).
    static func kind(of path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
    }

    /// Why Larder may not add files to the folder at `path`, as an error number; nil when it may.
    static func unwritable(_ path: String) -> Int32? {
        access(path, W_OK | X_OK) == 0 ? nil : errno
    }

    /// Why nothing can be added to `folder`, in words.
    static func words(for code: Int32, in folder: String) -> String {
        switch code {
        case EACCES, EPERM: "no permission to write in \(folder)"
        case EROFS: "\(folder) is on a read-only file system"
        default: "\(folder): \(FileProblem(.write, path: folder, code: code).reason)"
        }
    }
}

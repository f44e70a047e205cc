import Foundation
import LarderCore

/// Writes files so that a killed run never leaves a torn one: the bytes go to a temporary file
/// in the same folder, which then replaces the target in one rename.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        try replace(url) { temporary in try data.write(to: temporary) }
    }

    /// The same, for contents handed over in pieces (a large report), never held whole.
    public static func write(to url: URL, produce: ((Data) throws -> Void) throws -> Void) throws {
        try replace(url) { temporary in
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw FileProblem.lastSystemError(.write, path: url.path)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try produce { try handle.write(contentsOf: $0) }
            try handle.synchronize()
        }
    }

    /// Fills a temporary file beside `url` with `fill`, then renames it over `url`; on any
    /// failure the temporary file is removed and `url` is as it was.
    private static func replace(_ url: URL, fill: (URL) throws -> Void) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileProblem.retold(error, .write, path: url.path)
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try fill(temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw FileProblem.lastSystemError(.write, path: url.path)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            // Said of the file the user knows, not of the hidden temporary one.
            throw FileProblem.retold(error, .write, path: url.path)
        }
    }
}

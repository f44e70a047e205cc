import Foundation
import LarderCore

/// Writes files so that neither a killed run nor a power loss leaves a torn one: the bytes go to
/// a temporary file in the same folder, are flushed to the disk, and the file then replaces the
/// target in one rename, after which the folder is flushed (`FolderSync`) so the new name is on
/// the disk too.
public enum AtomicFile {
    /// How a write is made durable.
    enum Durability {
        /// The file is flushed before the rename and its folder after it: a file on its own (the
        /// report, the manifest, a cookbook, a shopping list).
        case whole
        /// The file is flushed before the rename; its folder is noted in `batch` and flushed once
        /// when the batch commits (a library's recipe and image files).
        case batched(PendingFolderSyncs)
        /// Nothing is flushed: the file is inside a staging tree that is flushed whole before it
        /// is swapped in (`OutputFolder.commit`), and nobody sees it before.
        case withItsTree
    }

    /// Replaces `url` with `data` in one rename, both the file and its folder flushed: readers see the old file or the new, never part of one.
    public static func write(_ data: Data, to url: URL) throws {
        try write(data, to: url, durability: .whole)
    }

    static func write(_ data: Data, to url: URL, durability: Durability) throws {
        try replace(url, durability: durability) { temporary in
            try writeNew(data, at: temporary.path, flushing: durability.flushesFiles)
        }
    }

    /// The same, for contents handed over in pieces (a large report), never held whole.
    public static func write(to url: URL, produce: ((Data) throws -> Void) throws -> Void) throws {
        try write(to: url, durability: .whole, produce: produce)
    }

    static func write(to url: URL, durability: Durability, produce: ((Data) throws -> Void) throws -> Void) throws {
        try replace(url, durability: durability) { temporary in
            // Not `FileManager.createFile`, which makes the file under yet another name and
            // renames it.
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw FileProblem.lastSystemError(.write, path: url.path) }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            defer { try? handle.close() }
            try produce { try handle.write(contentsOf: $0) }
            if durability.flushesFiles { try handle.synchronize() }
        }
    }

    /// Fills a temporary file beside `url` with `fill`, then renames it over `url`; on any
    /// failure the temporary file is removed and `url` is as it was.
    private static func replace(_ url: URL, durability: Durability, fill: (URL) throws -> Void) throws {
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
        switch durability {
        case .whole: try FolderSync.sync(folder.path)
        case .batched(let batch): batch.noteChange(at: url.path)
        case .withItsTree: break
        }
    }

    /// Writes `data` into a new file at `path` with plain system calls, flushed to the disk
    /// before it is closed when `flushing`.
    private static func writeNew(_ data: Data, at path: String, flushing: Bool) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileProblem.lastSystemError(.write, path: path) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = writeSome(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written >= 0 else { throw FileProblem.lastSystemError(.write, path: path) }
                offset += written
            }
        }
        if flushing, fsync(descriptor) != 0 { throw FileProblem.lastSystemError(.write, path: path) }
    }
}

extension AtomicFile.Durability {
    var flushesFiles: Bool {
        if case .withItsTree = self { return false }
        return true
    }
}

/// `write(2)`, by a name that `AtomicFile.write` does not hide.
private func writeSome(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

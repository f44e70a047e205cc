import Foundation
import LarderCore

/// One writer per library at a time: `flock` on `.larder/lock`, held while the `Library` value
/// writes. The kernel drops the lock when its process ends, even by `kill -9`, so holding it
/// also proves that whatever a run left in the library (temporary files, a journal, staging
/// folders) belongs to no live run and may be cleaned up.
final class LibraryLock {
    private let descriptor: Int32
    private let folder: URL
    static let stagingPrefix = "restore-"

    /// Fails at once, naming the other run, when another process holds the lock.
    init(folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileProblem.lastSystemError(.write, path: path) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw Self.inUse(folder: folder)
        }
        // Who holds it, for the message another run shows.
        let pid = Data("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Held while a run reads the library whole as its source (a merge reading a shard): no run
    /// may start writing it meanwhile, and one writing it now is named. Nil when no run has ever
    /// written it (no lock file): there is no writer to keep out. Needs no write permission, so
    /// a library on a read-only volume can be read.
    init?(readingIn folder: URL) throws {
        self.folder = folder
        descriptor = open(folder.appendingPathComponent("lock").path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else {
            close(descriptor)
            throw Self.inUse(folder: folder)
        }
    }

    /// Another process holds the lock: who, from the pid the holder wrote.
    private static func inUse(folder: URL) -> LibraryInUse {
        LibraryInUse("the library at \(folder.deletingLastPathComponent().path) is in use by another larder run"
            + (holder(in: folder).map { " (process \($0))" } ?? "") + "; try again when it has finished")
    }

    /// The process id the run holding the lock wrote, when it wrote one.
    static func holder(in folder: URL) -> String? {
        let holder = (try? String(contentsOfFile: folder.appendingPathComponent("lock").path, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return holder?.isEmpty == false ? holder : nil
    }

    deinit {
        // Unlocked before the close: a child process forked meanwhile by another thread (Process,
        // posix_spawn) holds a copy of the descriptor until it execs, and the kernel keeps a
        // flock until every copy is closed, so a close alone could leave the library locked
        // for a moment after this run let it go.
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// What a killed run left beside the recipes and images (those are cleaned as the manifest
    /// is folded): temporary manifest and report files, restore staging folders.
    func removeLeftovers(in root: URL) throws {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] where LibraryFiles.isLeftover(name) {
            try FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(Self.stagingPrefix) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}

/// A library that cannot be used as asked, said plainly.
public struct LibraryError: DescribedError {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Another larder run is writing the library, found when a run opens it for writing, before any
/// work (the CLI exits with 2, as for a library that cannot be used as given: nothing was done,
/// and the same command works once the other run has finished).
public struct LibraryInUse: DescribedError {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension Library {
    /// The process id of another larder run writing this library now ("" when it wrote none),
    /// or nil when no run is. An export reads the library without waiting for a writer: see
    /// `ExportCommand`.
    public static func runWriting(libraryAt root: URL) -> String? {
        let stateFolder = Library(root: root).stateFolder
        guard LibraryLock.isHeld(in: stateFolder) else { return nil }
        return LibraryLock.holder(in: stateFolder) ?? ""
    }
}

extension LibraryLock {
    /// Whether a live run holds the lock in `folder` now (a reader's question: it takes the lock
    /// for an instant and lets it go).
    static func isHeld(in folder: URL) -> Bool {
        let descriptor = open(folder.appendingPathComponent("lock").path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return true }
        flock(descriptor, LOCK_UN)
        return false
    }
}

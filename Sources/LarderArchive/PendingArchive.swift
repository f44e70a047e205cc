import Foundation

/// An archive written under a hidden temporary name beside its target and moved into place by
/// `commit()`: a failed or interrupted export leaves no partial file, and an older archive of
/// the same name stays whole until the new one is complete.
///
/// The temporary file is locked (`flock`) while it is written. A process killed outright cannot
/// remove it, but the kernel drops its lock, so the next export to the same name removes the
/// partial files nobody holds, and never one a live export is writing.
public final class PendingArchive {
    public let output: URL
    public let writer: ArchiveWriter
    private let temporary: URL
    private let lock: Int32
    private var committed = false

    public init(output: URL, format: ArchiveFormat) throws {
        self.output = output
        let folder = output.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        Self.removeAbandoned(beside: output)
        temporary = folder.appendingPathComponent(".\(output.lastPathComponent).\(UUID().uuidString).partial")
        lock = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            throw ArchiveError(temporary.path, "cannot create the archive: \(String(cString: strerror(errno)))")
        }
        writer = try ArchiveWriter(path: temporary.path, format: format)
    }

    deinit {
        if !committed { try? FileManager.default.removeItem(at: temporary) }
        close(lock)
    }

    /// Removes `.<name>.<UUID>.partial` files beside `output` whose writer is gone.
    static func removeAbandoned(beside output: URL) {
        let folder = output.deletingLastPathComponent()
        let prefix = ".\(output.lastPathComponent)."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) && name.hasSuffix(".partial") {
            let path = folder.appendingPathComponent(name).path
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
            close(descriptor)
        }
    }

    /// Finishes the archive and renames it over `output`.
    public func commit() throws {
        try writer.close()
        guard rename(temporary.path, output.path) == 0 else {
            throw ArchiveError(output.path, "could not move the archive into place: \(String(cString: strerror(errno)))")
        }
        committed = true
    }
}

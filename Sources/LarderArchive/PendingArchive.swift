import Foundation

/// An archive written under a hidden temporary name beside its target and moved into place by
/// `commit()`: a failed or interrupted export leaves no partial file, and an older archive of
/// the same name stays whole until the new one is complete.
///
/// The temporary file, `.<name>.larder-<UUID>.partial`, is locked (`flock`) while it is
/// written. A process killed outright cannot remove it, but the kernel drops its lock, so the
/// next export into the same folder removes the partial files nobody holds, of any archive
/// name, and never one a live export is writing.
public final class PendingArchive {
    /// The archive as the user named it, which `commit()` moves the finished one to.
    public let output: URL
    /// The writer of the temporary archive: add the entries through it.
    public let writer: ArchiveWriter
    private let temporary: URL
    private let lock: Int32
    private var committed = false

    /// Starts an archive for `output` in `format`: the hidden, locked temporary file beside it, and a writer.
    public init(output: URL, format: ArchiveFormat) throws {
        self.output = output
        let folder = output.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        Self.removeAbandoned(beside: output)
        let unique = "\(Self.partialTag)\(UUID().uuidString)"
        temporary = folder.appendingPathComponent(".\(output.lastPathComponent).\(unique).partial")
        // Made and locked under a name no cleanup looks at, then renamed: another export's
        // cleanup never finds it unlocked.
        let creating = folder.appendingPathComponent(".\(output.lastPathComponent).\(unique).creating")
        lock = open(creating.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0, rename(creating.path, temporary.path) == 0 else {
            let code = errno
            unlink(creating.path)
            throw ArchiveError(output.path, "cannot create the archive: \(String(cString: strerror(code)))", systemCode: code)
        }
        writer = try ArchiveWriter(path: temporary.path, format: format, name: output.path)
    }

    deinit {
        if !committed { try? FileManager.default.removeItem(at: temporary) }
        close(lock)
    }

    /// Marks a partial archive as Larder's own, before its UUID.
    static let partialTag = "larder-"

    /// Removes the partial archives beside `output` whose writer is gone: those of the same
    /// name (`.<name>.<UUID>.partial`, as earlier versions named them too), and Larder's own
    /// of any name (`.<name>.larder-<UUID>.partial`). Only a regular file nobody holds a lock
    /// on goes: a live export's is locked from its first moment.
    static func removeAbandoned(beside output: URL) {
        let folder = output.deletingLastPathComponent()
        let prefix = ".\(output.lastPathComponent)."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".partial") || isLarderPartial(name) {
            let path = folder.appendingPathComponent(name).path
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                unlink(path)
            }
            close(descriptor)
        }
    }

    /// `.<name>.larder-<UUID>.partial`: hidden, tagged, and ending in a whole UUID.
    static func isLarderPartial(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".partial") else { return false }
        let stem = name.dropLast(".partial".count)
        guard let tag = stem.range(of: ".\(partialTag)", options: .backwards) else { return false }
        return UUID(uuidString: String(stem[tag.upperBound...])) != nil && tag.lowerBound > stem.index(after: stem.startIndex)
    }

    /// Finishes the archive, flushes it to the disk, renames it over `output` and flushes the
    /// folder (the rename is a change of the folder), so after a power loss `output` is the
    /// old archive or the whole new one, never a torn one or none.
    public func commit() throws {
        try writer.close()
        // `lock` is open on the same file.
        guard fsync(lock) == 0 else {
            let code = errno
            throw ArchiveError(output.path, "could not write the archive to the disk: \(String(cString: strerror(code)))", systemCode: code)
        }
        guard rename(temporary.path, output.path) == 0 else {
            let code = errno
            throw ArchiveError(output.path, "could not move the archive into place: \(String(cString: strerror(code)))", systemCode: code)
        }
        committed = true
        do {
            try ExtractedFile.flushEntries(ofFolder: output.deletingLastPathComponent().path)
        } catch let error as ArchiveError {
            throw ArchiveError(output.path, "could not write the archive's folder to the disk: \(error.message)", systemCode: error.systemCode)
        }
    }
}

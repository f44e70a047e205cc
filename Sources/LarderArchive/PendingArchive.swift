import Foundation

/// An archive written under a hidden temporary name beside its target and moved into place by
/// `commit()`: a failed or interrupted export leaves no partial file, and an older archive of
/// the same name stays whole until the new one is complete.
public final class PendingArchive {
    public let output: URL
    public let writer: ArchiveWriter
    private let temporary: URL
    private var committed = false

    public init(output: URL, format: ArchiveFormat) throws {
        self.output = output
        let folder = output.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        temporary = folder.appendingPathComponent(".\(output.lastPathComponent).\(UUID().uuidString).partial")
        writer = try ArchiveWriter(path: temporary.path, format: format)
    }

    deinit {
        if !committed { try? FileManager.default.removeItem(at: temporary) }
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

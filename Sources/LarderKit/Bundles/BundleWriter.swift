import Foundation
import LarderArchive
import LarderCore

/// Writes a library bundle into an archive, entry by entry (memory stays flat): recipe files and
/// their images in the order given, then `manifest.json` with a checksum of every entry. The
/// archive is written under a temporary name beside the target and renamed on `finish`, so a
/// failed or interrupted export leaves no partial file.
public final class BundleWriter {
    public let output: URL
    private let temporary: URL
    private let writer: ArchiveWriter
    private var files: [Manifest.File] = []
    private var paths: Set<String> = []
    private var finished = false

    public init(output: URL, format: ArchiveFormat) throws {
        self.output = output
        let folder = output.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        temporary = folder.appendingPathComponent(".\(output.lastPathComponent).\(UUID().uuidString).partial")
        writer = try ArchiveWriter(path: temporary.path, format: format)
    }

    deinit {
        if !finished { try? FileManager.default.removeItem(at: temporary) }
    }

    /// Adds one file of the library layout (`recipes/<id>.json`, `images/...`). A path added
    /// twice is written once: two recipes may share an image.
    public func add(path: String, contents: Data) throws {
        try add(path: path, contents: contents, checksum: nil)
    }

    /// `checksum`, when given, is the file's known manifest entry (it is not hashed again).
    func add(path: String, contents: Data, checksum: Manifest.File?) throws {
        guard paths.insert(path).inserted else { return }
        try writer.addFile(path, contents: contents)
        files.append(checksum ?? Manifest.File(path: path, contents: contents))
    }

    /// Writes the manifest, closes the archive and moves it into place.
    public func finish(recipeCount: Int, created: Date) throws {
        files.sort { $0.path < $1.path }
        let manifest = Manifest(created: created, count: recipeCount, files: files)
        try writer.addFile("manifest.json", size: manifest.canonicalJSONSize) { write in try manifest.writeCanonicalJSON(to: write) }
        try writer.close()
        guard rename(temporary.path, output.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path,
                NSLocalizedDescriptionKey: "could not move the archive into place: \(String(cString: strerror(errno)))"])
        }
        finished = true
    }
}

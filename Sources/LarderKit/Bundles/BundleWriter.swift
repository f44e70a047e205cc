import Foundation
import LarderArchive
import LarderCore

/// Writes a library bundle into an archive, entry by entry (memory stays flat): recipe files and
/// their images in the order given, then `manifest.json` with a checksum of every entry. The
/// archive is written under a temporary name beside the target and renamed on `finish`, so a
/// failed or interrupted export leaves no partial file.
public final class BundleWriter {
    public var output: URL { archive.output }
    private let archive: PendingArchive
    private var files: [Manifest.File] = []
    private var paths: Set<String> = []

    public init(output: URL, format: ArchiveFormat) throws {
        archive = try PendingArchive(output: output, format: format)
    }

    /// Adds one file of the library layout (`recipes/<id>.json`, `images/...`). A path added
    /// twice is written once: two recipes may share an image.
    public func add(path: String, contents: Data) throws {
        try add(path: path, contents: contents, checksum: nil)
    }

    /// `checksum`, when given, is the file's known manifest entry (it is not hashed again).
    func add(path: String, contents: Data, checksum: Manifest.File?) throws {
        guard paths.insert(path).inserted else { return }
        try archive.writer.addFile(path, contents: contents)
        files.append(checksum ?? Manifest.File(path: path, contents: contents))
    }

    /// Writes the manifest, closes the archive and moves it into place.
    public func finish(recipeCount: Int, created: Date) throws {
        files.sort { $0.path < $1.path }
        let manifest = Manifest(created: created, count: recipeCount, files: files)
        try archive.writer.addFile("manifest.json", size: manifest.canonicalJSONSize) { write in try manifest.writeCanonicalJSON(to: write) }
        try archive.commit()
    }
}

import Foundation
import LarderArchive
import LarderCore

/// Writes a library bundle into an archive, entry by entry (memory stays flat): recipe files and
/// their images in the order given, then `manifest.jsonl` with a checksum of every entry. The
/// archive is written under a temporary name beside the target and renamed on `finish`, so a
/// failed or interrupted export leaves no partial file.
public final class BundleWriter {
    /// The file the bundle becomes when `finish` renames it into place.
    public var output: URL { archive.url }
    private let archive: ArchiveOutput
    private let manifest = ManifestSpool()
    /// Paths written so far, only for images: two recipes may share one, and a recipe's own
    /// path is written once per recipe.
    private var imagePaths: Set<String> = []

    /// Opens the temporary archive beside `output`; throws when that folder cannot be written.
    public init(output: URL, format: ArchiveFormat) throws {
        archive = try ArchiveOutput(output, format: format)
    }

    /// Adds one file of the library layout (`recipes/<id>.json`, `images/...`). A path added
    /// twice is written once: two recipes may share an image.
    public func add(path: String, contents: Data) throws {
        try add(path: path, contents: contents, checksum: nil)
    }

    /// `checksum`, when given, is the file's known manifest entry (it is not hashed again).
    func add(path: String, contents: Data, checksum: Manifest.File?) throws {
        if !path.hasPrefix("recipes/") {
            // An entry's name is a path the archive's reader will write: only the layout's own.
            guard StoredImagePath.isInLayout(path) else { throw StoredImagePath.Refusal.outsideTheImagesFolder(path) }
            guard imagePaths.insert(path).inserted else { return }
        }
        try archive.add(path, contents: contents)
        try manifest.add(checksum ?? Manifest.File(path: path, contents: contents))
    }

    /// Writes the manifest, closes the archive and moves it into place.
    public func finish(created: Date) throws {
        let header = Manifest.Header(created: created)
        try archive.add(Manifest.fileName, size: try manifest.size(header: header)) { write in
            try manifest.write(header: header, to: write)
        }
        try archive.commit()
    }
}

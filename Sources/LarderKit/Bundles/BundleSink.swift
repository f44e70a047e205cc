import Foundation
import LarderArchive
import LarderCore

/// The JSON export into an archive (`--output backup.tar.gz`): each recipe's canonical JSON and
/// its stored images, then the manifest. Recipes arrive in id order from a library, so the
/// same library gives the same archive bytes.
public final class BundleSink: RecipeSink, ReadBackSink {
    public let name = "bundle"
    private let writer: BundleWriter
    /// Where images referenced by `path` are read from.
    private let imageSource: Library?
    private let created: Date
    /// The last recipe's JSON, as written, for reading it back.
    private var written: [WrittenFile] = []

    /// `created` goes into the manifest; the source library's own creation date keeps exports
    /// of an unchanged library byte-identical.
    public init(output: URL, format: ArchiveFormat, imageSource: Library?, created: Date) throws {
        writer = try BundleWriter(output: output, format: format)
        self.imageSource = imageSource
        self.created = created
    }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        var recipe = recipe
        // Embedded images were hashed to be named: their checksums go along, not computed again.
        var images = RecipeImageFiles.place(in: &recipe).map { (bytes: $0.bytes, file: $0.file.path, checksum: Optional($0.file)) }
        if let imageSource {
            let embedded = Set(images.map(\.file))
            for path in recipe.images.compactMap(\.path) where !embedded.contains(path) && StoredImagePath.isInLayout(path) {
                images.append((try imageSource.storedImage(at: path), path, nil))
            }
        }
        let path = "recipes/\(RecipeIdentity.sanitize(recipe.id)).json"
        let json = try CanonicalJSON.encode(recipe)
        try writer.add(path: path, contents: json)
        for image in images { try writer.add(path: image.file, contents: image.bytes, checksum: image.checksum) }
        written = [WrittenFile(path: path, data: json)]
        return .written
    }

    func takeWrittenFiles() -> [WrittenFile] {
        defer { written = [] }
        return written
    }

    public func finish(report: RunReport) throws {
        try writer.finish(created: created)
    }
}

import Foundation
import LarderCore

/// `--format nextcloud`: Nextcloud Cookbook's layout, into a folder or a zip — one folder per
/// recipe, named by its title, holding `recipe.json` and the picture as `full.jpg`.
public final class NextcloudSink: RecipeSink, ReadBackSink {
    public let name = "nextcloud"
    private let files: RecordingTree
    public var tree: OutputTree { files }
    public let imageSource: Library?
    private var names = RecipeFileNames()

    public init(tree: OutputTree, imageSource: Library?) {
        files = RecordingTree(tree)
        self.imageSource = imageSource
    }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        files.startRecipe()
        let folder = names.unique(for: recipe.title)
        let photo = recipe.images.lazy.compactMap({ LocalImage.bytes(of: $0, library: self.imageSource) }).first
        // The app shows `full.jpg` only; other kinds of picture would need converting.
        if let photo, Self.isJPEG(photo) {
            try files.write(photo, at: "\(folder)/full.jpg")
        }
        try files.write(try CanonicalJSON.encoder.encode(JSONValue.object(NextcloudWriter.object(for: recipe))), at: "\(folder)/recipe.json")
        return .written
    }

    func takeWrittenFiles() -> [WrittenFile] {
        files.takeRecorded()
    }

    public func finish(report: RunReport) throws {
        try files.finish()
    }

    static func isJPEG(_ bytes: Data) -> Bool {
        ImageBytes.mediaType(of: [UInt8](bytes.prefix(16))) == "image/jpeg"
    }
}

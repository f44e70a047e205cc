import Foundation
import LarderCore

/// `--format nextcloud`: Nextcloud Cookbook's layout, into a folder or a zip — one folder per
/// recipe, named by its title, holding `recipe.json` and the picture as `full.jpg`.
public final class NextcloudSink: RecipeSink {
    /// The sink's name in the report (`nextcloud`).
    public let name = "nextcloud"
    /// The folder or archive the recipe folders go into.
    public let tree: OutputTree
    /// The library that stored images are read from; nil when recipes come from files.
    public let imageSource: Library?
    private var names = RecipeFileNames()
    private let loss = FormatLoss(format: RecipeFormat.nextcloud.title)

    /// Writes into `tree`, copying stored pictures out of `imageSource` when there is one.
    public init(tree: OutputTree, imageSource: Library?) {
        self.tree = tree
        self.imageSource = imageSource
    }

    /// What the format had no place for, said once for the run.
    public var runNotes: [String] { loss.notes }

    /// Takes one recipe into the output being written; throws when it cannot (the recipe fails alone).
    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        let folder = names.unique(for: recipe.title)
        let photo = recipe.images.lazy.compactMap({ LocalImage.bytes(of: $0, library: self.imageSource) }).first
        // The app shows `full.jpg` only; other kinds of picture would need converting.
        if let photo, Self.isJPEG(photo) {
            try tree.write(photo, at: "\(folder)/full.jpg")
        }
        try tree.write(try CanonicalJSON.encoder.encode(JSONValue.object(NextcloudWriter.object(for: recipe))), at: "\(folder)/recipe.json")
        loss.record(Self.unheld(recipe, picture: photo))
        return .written
    }

    /// Writes the output whole and puts it in place, now that every recipe is in.
    public func finish(report: RunReport) throws {
        try tree.finish()
    }

    /// What Nextcloud has no place for, with `picture` the bytes written as `full.jpg` when
    /// they are JPEG. A picture without a web address is not lost: it is the folder's file.
    static func unheld(_ recipe: Recipe, picture: Data?) -> [String] {
        var lost = NextcloudWriter.unheld(recipe)
        if let picture, !isJPEG(picture) { lost.append("pictures that are not JPEG") }
        return lost.filter { $0 != "pictures without a web address" }
    }

    static func isJPEG(_ bytes: Data) -> Bool {
        ImageBytes.mediaType(of: [UInt8](bytes.prefix(16))) == "image/jpeg"
    }
}

import Foundation
import LarderCore

/// `--format nextcloud`: Nextcloud Cookbook's layout, into a folder or a zip — one folder per
/// recipe, named by its title, holding `recipe.json` and the picture as `full.jpg`.
public final class NextcloudSink: RecipeSink {
    public let name = "nextcloud"
    public let tree: OutputTree
    public let imageSource: Library?
    private var names = RecipeFileNames()
    private let loss = FormatLoss(format: "Nextcloud Cookbook")

    public init(tree: OutputTree, imageSource: Library?) {
        self.tree = tree
        self.imageSource = imageSource
    }

    public var runNotes: [String] { loss.notes }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        let folder = names.unique(for: recipe.title)
        var lost = NextcloudWriter.unheld(recipe)
        if let photo = recipe.images.lazy.compactMap({ LocalImage.bytes(of: $0, library: self.imageSource) }).first {
            // The app shows `full.jpg` only; other kinds of picture would need converting.
            if ImageBytes.mediaType(of: [UInt8](photo.prefix(16))) == "image/jpeg" {
                try tree.write(photo, at: "\(folder)/full.jpg")
            } else {
                lost.append("pictures that are not JPEG")
            }
        }
        try tree.write(try CanonicalJSON.encoder.encode(JSONValue.object(NextcloudWriter.object(for: recipe))), at: "\(folder)/recipe.json")
        loss.record(lost.filter { $0 != "pictures without a web address" })
        return .written
    }

    public func finish(report: RunReport) throws {
        try tree.finish()
    }
}

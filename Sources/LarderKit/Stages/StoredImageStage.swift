import Foundation
import LarderCore

/// Keeps a recipe's stored image paths only where they name a picture in the library the run
/// reads its stored images from (`StoredImagePath`): the library imported into, for an import;
/// the library exported, for an export; none, for `convert`. Any other path — one that leaves
/// `images/`, an absolute one, a link that leads out, a file that is not there — is left out
/// with a note; the image's web address stays, so `--images` can still download it.
/// (Restored recipes do not come this way: `LibraryRestore` checks their paths against the
/// bundle's own unpacked folder.)
public struct StoredImageStage: RecipeStage {
    /// The stage's name in the report (`stored images`).
    public let name = "stored images"
    /// The folder of the library whose `images/` the paths must name (only its files are read).
    let libraryRoot: URL?

    /// A stage checking paths against `library`'s `images/`; with none, every stored path is left out.
    public init(library: Library?) {
        libraryRoot = library?.root
    }

    /// The stage applied to one recipe (`RecipeStage.apply(_:)`; the type says what it does).
    public func apply(_ recipe: Recipe) -> StageDecision {
        var recipe = recipe
        var notes: [String] = []
        recipe.images = recipe.images.compactMap { image in
            // Bytes that came along are stored afresh; their path is only a wish (see `Library.store`).
            guard let path = image.path, image.embeddedData == nil else { return image }
            let refusal: String
            if let libraryRoot {
                guard let refused = Library(root: libraryRoot).checkStoredImage(path) else { return image }
                refusal = refused.description
            } else {
                refusal = "\"\(path)\" names a picture stored in a library, and this run reads none"
            }
            notes.append("image left out: \(refusal)" + (image.url == nil ? "" : "; its web address is kept"))
            return image.url.map { RecipeImage(url: $0) }
        }
        return notes.isEmpty ? .keep(recipe) : .keepNoting(recipe, notes: notes)
    }
}

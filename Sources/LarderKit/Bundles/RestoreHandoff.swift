import Foundation
import LarderCore

/// Lets a library sink move a restored recipe's files out of the bundle's staging folder
/// instead of writing them again: the bundle source says which recipe it is handing over and
/// where its verified files are; when the recipe reaches the sink unchanged, its files are
/// renamed into place (one rename, no second copy — restoring 10,000 recipes is file-system
/// bound). Recipes arrive one at a time, so one slot is enough.
public final class RestoreHandoff: @unchecked Sendable {
    /// A recipe's files in the bundle, by their library paths, with the manifest's checksums.
    struct Files {
        var recipe: Manifest.File
        var images: [Manifest.File]
    }

    struct Staged {
        var recipe: Recipe
        var staging: URL
        var files: Files
        /// The bundle's verified manifest, and when its extraction started (see `Library.adopt`).
        var manifest: URL
        var extractedSince: Int64
    }

    private let lock = NSLock()
    private var staged: Staged?

    public init() {}

    func offer(_ recipe: Recipe, from bundle: BundleReader, files: Files) {
        let offered = Staged(recipe: recipe, staging: bundle.staging, files: files,
                             manifest: bundle.staging.appendingPathComponent("manifest.json"), extractedSince: bundle.extractionStarted)
        lock.withLock { staged = offered }
    }

    /// What the sink may do with the staged files of the recipe it is writing.
    enum Use {
        /// The recipe is the one on offer, unchanged: move its files in.
        case adopt(Staged)
        /// A stage changed the recipe (a new id, scaled amounts): store it anew, reading the
        /// bytes of its images from the staging folder.
        case readImages(from: URL)
    }

    /// How the sink can use the files on offer for `recipe`; nil when they are not its files.
    func take(_ recipe: Recipe) -> Use? {
        lock.withLock {
            defer { staged = nil }
            guard let staged else { return nil }
            if staged.recipe == recipe { return .adopt(staged) }
            let stagedImages = Set(staged.files.images.map(\.path))
            let wanted = recipe.images.compactMap(\.path)
            guard !wanted.isEmpty, wanted.allSatisfy(stagedImages.contains) else { return nil }
            return .readImages(from: staged.staging)
        }
    }
}

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
    }

    private let lock = NSLock()
    private var staged: Staged?

    public init() {}

    func offer(_ recipe: Recipe, staging: URL, files: Files) {
        lock.withLock { staged = Staged(recipe: recipe, staging: staging, files: files) }
    }

    /// The staged files of this recipe, if it is the one on offer and no stage changed it.
    func take(_ recipe: Recipe) -> Staged? {
        lock.withLock {
            defer { staged = nil }
            guard let staged, staged.recipe == recipe else { return nil }
            return staged
        }
    }
}

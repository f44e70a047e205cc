import Foundation
import LarderArchive
import LarderCore

/// Recipes from a bundle (`larder import backup.tar.gz`). The bundle is unpacked and verified
/// first (`BundleReader`); a bundle refused as a whole is one failed input and nothing of it is
/// imported. One bad recipe inside a good bundle fails alone. Images come along as bytes, under
/// the paths the bundle gave them.
public struct BundleSource: RecipeSource {
    public let path: String
    public let stagingParent: URL
    public var limits = BundleLimits()
    /// When set, the library sink moves unchanged recipes' files instead of rewriting them.
    public var handoff: RestoreHandoff?
    public var name: String { path }
    public var restoresLibrary: Bool { true }

    public init(path: String, stagingParent: URL) {
        self.path = path
        self.stagingParent = stagingParent
    }

    public func read(_ emit: (SourceEvent) async throws -> Void) async throws {
        let bundle: BundleReader
        do {
            bundle = try BundleReader(archive: path, stagingParent: stagingParent, limits: limits)
        } catch {
            try await emit(.failed(input: path, item: nil, reason: ErrorText.describe(error)))
            return
        }
        for recipePath in IteratorSequence(bundle.recipePaths()) {
            do {
                var recipe = try CanonicalJSON.decode(try bundle.data(at: recipePath))
                let notes = Self.leaveOutImagesNotInBundle(&recipe, bundle: bundle)
                // Files are moved in as they are only for a recipe kept as its file says.
                if notes.isEmpty, let handoff, let files = bundle.files(of: recipe, at: recipePath) {
                    handoff.offer(recipe, from: bundle, files: files)
                    try await emit(.recipe(recipe, input: path, item: recipePath))
                } else {
                    try Library.attachImageBytes(to: &recipe) { try StoredImagePath.read($0, inLibraryAt: bundle.staging.path) }
                    try await emit(notes.isEmpty ? .recipe(recipe, input: path, item: recipePath)
                                                 : .recipeNoting(recipe, input: path, item: recipePath, notes: notes))
                }
            } catch {
                try await emit(.failed(input: path, item: recipePath, reason: "not a readable Larder recipe: \(Self.describe(error))"))
            }
        }
    }

    /// A recipe's image path must name a file of the bundle's own `images/` (`StoredImagePath`,
    /// against the unpacked folder); one that does not is left out with a note, keeping the
    /// image's web address, and the recipe is restored without it.
    static func leaveOutImagesNotInBundle(_ recipe: inout Recipe, bundle: BundleReader) -> [String] {
        var notes: [String] = []
        recipe.images = recipe.images.compactMap { image in
            guard let imagePath = image.path else { return image }
            do {
                _ = try StoredImagePath.resolve(imagePath, inLibraryAt: bundle.staging.path)
                return image
            } catch {
                notes.append("image left out of the restore: \(ErrorText.describe(error))" + (image.url == nil ? "" : "; its web address is kept"))
                return image.url.map { RecipeImage(url: $0) }
            }
        }
        return notes
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context): return context.underlyingError.map(ErrorText.describe) ?? context.debugDescription
            case .keyNotFound(let key, _): return "no \(key.stringValue)"
            case .typeMismatch(_, let context), .valueNotFound(_, let context): return context.debugDescription
            @unknown default: return ErrorText.describe(error)
            }
        }
        return ErrorText.describe(error)
    }
}

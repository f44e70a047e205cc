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
            try await emit(.failed(input: path, item: nil, reason: String(describing: error)))
            return
        }
        for recipePath in IteratorSequence(bundle.recipePaths()) {
            do {
                let recipe = try CanonicalJSON.decode(try bundle.data(at: recipePath))
                for image in recipe.images {
                    guard let imagePath = image.path else { continue }
                    guard case .keep = BundleEntryPath.check(imagePath), imagePath.hasPrefix("images/"),
                          FileManager.default.fileExists(atPath: bundle.staging.appendingPathComponent(imagePath).path) else {
                        throw BundleError("its image \"\(imagePath)\" is not in the bundle's images/")
                    }
                }
                if let handoff, let files = bundle.files(of: recipe, at: recipePath) {
                    handoff.offer(recipe, from: bundle, files: files)
                    try await emit(.recipe(recipe, input: path, item: recipePath))
                } else {
                    var withImages = recipe
                    try Library.attachImageBytes(to: &withImages) { try bundle.data(at: $0) }
                    try await emit(.recipe(withImages, input: path, item: recipePath))
                }
            } catch {
                try await emit(.failed(input: path, item: recipePath, reason: "not a readable Larder recipe: \(Self.describe(error))"))
            }
        }
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context): return context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
            case .keyNotFound(let key, _): return "no \(key.stringValue)"
            case .typeMismatch(_, let context), .valueNotFound(_, let context): return context.debugDescription
            @unknown default: return String(describing: error)
            }
        }
        return String(describing: error)
    }
}

import Foundation
import LarderCore
import LarderNet

/// `--images`: downloads the remote images of each recipe (those not stored yet), so the
/// library keeps them as files named by their content hash, with path, checksum, size and type
/// recorded and the remote address kept. A recipe's images download concurrently; an image
/// that cannot be downloaded never fails the recipe: it stays a remote address and the
/// report's entry notes why.
public final class ImageStage: RecipeStage {
    public let name = "images"
    private let downloads: ImageDownloads

    public init(fetcher: Fetcher) {
        downloads = ImageDownloads(fetcher: fetcher)
    }

    public func apply(_ recipe: Recipe) async throws -> StageDecision {
        let wanted = recipe.images.indices.filter { index in
            let image = recipe.images[index]
            guard image.path == nil, image.embeddedData == nil, let url = image.url?.lowercased() else { return false }
            return url.hasPrefix("http://") || url.hasPrefix("https://")
        }
        guard !wanted.isEmpty else { return .keep(recipe) }

        var recipe = recipe
        var notes: [String] = []
        let results = await withTaskGroup(of: (Int, Result<ImageDownloads.Image, Error>).self) { group in
            for index in wanted {
                let address = recipe.images[index].url!
                group.addTask { [downloads] in
                    do { return (index, .success(try await downloads.image(at: address))) } catch { return (index, .failure(error)) }
                }
            }
            var results: [(Int, Result<ImageDownloads.Image, Error>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        for (index, result) in results {
            switch result {
            case .success(let image):
                recipe.images[index].embeddedData = image.bytes
                recipe.images[index].mediaType = image.mediaType
            case .failure(let error):
                notes.append("image \(recipe.images[index].url ?? "") not downloaded: \(error)")
            }
        }
        return notes.isEmpty ? .keep(recipe) : .keepNoting(recipe, notes: notes)
    }
}

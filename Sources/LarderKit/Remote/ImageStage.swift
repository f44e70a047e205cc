import Foundation
import LarderCore
import LarderNet

/// `--images`: downloads the remote images of each recipe (those not stored yet), so the
/// library keeps them as files named by their content hash, with path, checksum, size and type
/// recorded and the remote address kept. A recipe's addresses download concurrently, each
/// once; an image that cannot be downloaded never fails the recipe: it stays a remote address
/// and the report's entry notes why.
public final class ImageStage: RecipeStage {
    /// The stage's name in the report (`images`).
    public let name = "images"
    private let downloads: ImageDownloads

    /// Downloads through `fetcher`, so pictures share the pages' politeness, cache and limits.
    public init(fetcher: Fetcher) {
        downloads = ImageDownloads(fetcher: fetcher)
    }

    /// The stage applied to one recipe (`RecipeStage.apply(_:)`; the type says what it does).
    public func apply(_ recipe: Recipe) async throws -> StageDecision {
        var addresses: [String] = []
        for image in recipe.images {
            if let address = Self.downloadableAddress(of: image), !addresses.contains(address) { addresses.append(address) }
        }
        guard !addresses.isEmpty else { return .keep(recipe) }

        let outcomes = await withTaskGroup(of: Download.self, returning: [String: Download.Outcome].self) { group in
            for address in addresses {
                group.addTask { [downloads] in await Self.download(address, through: downloads) }
            }
            var outcomes: [String: Download.Outcome] = [:]
            for await download in group { outcomes[download.address] = download.outcome }
            return outcomes
        }

        // A run stopped (Ctrl-C) while pictures were on their way: the recipe is not stored half
        // done, where a re-run would skip it as imported; it is reported as interrupted instead.
        if outcomes.values.contains(where: Self.wasStopped) {
            return .skip(reason: "interrupted while its images were downloading; run the import again to continue", kind: .interrupted)
        }

        // Results are matched to images by address, after every download is in: nothing that
        // was computed before the awaits (such as positions in the list) is carried across them.
        var recipe = recipe
        for index in recipe.images.indices {
            guard let address = Self.downloadableAddress(of: recipe.images[index]),
                  case .success(let image) = outcomes[address] else { continue }
            recipe.images[index].embeddedData = image.bytes
            recipe.images[index].mediaType = image.mediaType
        }
        let notes = addresses.compactMap { address -> String? in
            guard case .failure(let error) = outcomes[address] else { return nil }
            return "image \(address) not downloaded: \(Self.describe(error))"
        }
        return notes.isEmpty ? .keep(recipe) : .keepNoting(recipe, notes: notes)
    }

    /// The web address to download for an image that has no bytes yet, nil for any other.
    static func downloadableAddress(of image: RecipeImage) -> String? {
        guard image.path == nil, image.embeddedData == nil, let url = image.url else { return nil }
        return WebAddress.isWebAddress(url) ? url : nil
    }

    /// What one child task hands back: the address it downloaded and how that went.
    struct Download: Sendable {
        typealias Outcome = Result<ImageDownloads.Image, Error>
        var address: String
        var outcome: Outcome
    }

    /// Downloads one address, never throwing: a failure is part of the answer.
    ///
    /// The outcome is settled in a local before the answer is built, on purpose. Swift 6.3.1
    /// with optimization (`-O`, the release build) drops the first element of a tuple that a
    /// task's closure returns as `do { return (index, .success(try await …)) } catch { … }`:
    /// that element is never stored, so the task hands back whatever the memory held. This
    /// stage was written that way, and `--images` in a release build then read garbage for
    /// the image's position and trapped on it (issue 19, "Illegal instruction" in
    /// `ImageStage.apply`); a debug build stored it and passed every test.
    static func download(_ address: String, through downloads: ImageDownloads) async -> Download {
        let outcome: Download.Outcome
        do {
            outcome = .success(try await downloads.image(at: address))
        } catch {
            outcome = .failure(error)
        }
        return Download(address: address, outcome: outcome)
    }

    static func wasStopped(_ outcome: Download.Outcome) -> Bool {
        if case .failure(let error) = outcome { return error is CancellationError }
        return false
    }

    static func describe(_ error: Error) -> String {
        ErrorText.describe(error)
    }
}

import Foundation
import LarderCore
import LarderNet

/// Downloads images through the fetcher (its politeness, limits, retries and cache), each
/// address once: a request for an address already on its way waits for that download, and
/// the last few finished ones are kept, so a run that meets the same photo in many recipes
/// fetches it once. Only the bytes of real raster images are accepted (see `ImageBytes`).
actor ImageDownloads {
    struct Image: Sendable {
        var bytes: [UInt8]
        var mediaType: String
    }

    private let fetcher: Fetcher
    private var inFlight: [String: Task<Image, Error>] = [:]
    /// Finished downloads, newest last; bounded so a run of thousands of recipes stays small.
    private var recent: [(url: String, image: Image)] = []
    private let recentLimit = 32

    init(fetcher: Fetcher) {
        self.fetcher = fetcher
    }

    func image(at address: String) async throws -> Image {
        if let kept = recent.first(where: { $0.url == address }) { return kept.image }
        if let running = inFlight[address] { return try await Self.value(of: running) }
        let task = Task { [fetcher] in try await Self.download(address, fetcher: fetcher) }
        inFlight[address] = task
        defer { inFlight[address] = nil }
        let image = try await Self.value(of: task)
        recent.append((address, image))
        if recent.count > recentLimit { recent.removeFirst() }
        return image
    }

    /// A download's result; cancelling the caller (Ctrl-C) cancels the download, which runs as a
    /// task of its own and would otherwise go on to the end of its transfer.
    static func value(of download: Task<Image, Error>) async throws -> Image {
        try await withTaskCancellationHandler {
            try await download.value
        } onCancel: {
            download.cancel()
        }
    }

    static func download(_ address: String, fetcher: Fetcher) async throws -> Image {
        guard let url = URL(string: address) else { throw FetchError.invalidURL(address) }
        let response = try await fetcher.fetch(url)
        let bytes = [UInt8](response.body)
        guard let mediaType = ImageBytes.mediaType(of: bytes) else {
            throw NotAnImage(address: address, served: response.mediaType)
        }
        return Image(bytes: bytes, mediaType: mediaType)
    }

    struct NotAnImage: Error, CustomStringConvertible {
        var address: String
        var served: String?
        var description: String {
            "not a PNG, JPEG, GIF, WebP or AVIF image" + (served.map { " (the server sent \($0))" } ?? "")
        }
    }
}

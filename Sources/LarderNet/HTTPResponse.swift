import Foundation

/// A finished fetch: the final address after redirects, the status, the headers (names in
/// lower case) and the decoded body.
public struct HTTPResponse: Sendable {
    public var url: URL
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// True when the body came from the on-disk cache (fresh, revalidated, or offline).
    public var fromCache = false
    /// Attempts made, retries included (0 when served from the cache without asking).
    public var attempts = 1

    /// An answer from the network (not the cache), on its first attempt.
    public init(url: URL, status: Int, headers: [String: String], body: Data) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var contentType: String? { headers["content-type"] }

    /// The media type without parameters, lower-cased (`text/html`).
    public var mediaType: String? {
        contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }
}

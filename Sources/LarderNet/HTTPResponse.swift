import Foundation

/// A finished fetch: the final address after redirects, the status, the headers (names in
/// lower case) and the decoded body.
public struct HTTPResponse: Sendable {
    /// The address that answered, after redirects: relative links in the body resolve against it.
    public var url: URL
    /// The HTTP status code of the final answer (200, 404, …).
    public var status: Int
    /// Response headers, names lower-cased so that lookups need not care how the server spelt them.
    public var headers: [String: String]
    /// The body, already decoded from any `Content-Encoding` libcurl knows (gzip, br, zstd).
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

    /// The raw `Content-Type` header with its parameters (`text/html; charset=utf-8`), nil when absent.
    public var contentType: String? { headers["content-type"] }

    /// The media type without parameters, lower-cased (`text/html`).
    public var mediaType: String? {
        contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }
}

import Foundation

/// An address Larder fetches: `http` or `https` (in any case, `HTTP://` too) with a host, as
/// Foundation's `URL` parses it. The one answer to "is this input a web address" for the inputs
/// of an import, `scrape`'s page, `--url` and TheMealDB's `--mealdb-base`: `file://`, `ftp:`,
/// `javascript:`, `data:`, a scheme-relative `//host/path`, a bare `www.example.com` and a host-less
/// `http:recipe` are not, so they are never fetched (a file path that looks like one stays a path).
public struct WebAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address as `URL`, scheme and all as given.
    public let url: URL

    /// The schemes fetched.
    public static let schemes: Set<String> = ["http", "https"]

    /// The address `text` is, or nil when it is not an http(s) address with a host. Surrounding
    /// spaces are not trimmed: an input is taken as written.
    public init?(_ text: String) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), Self.schemes.contains(scheme),
              let host = url.host, !host.isEmpty else { return nil }
        self.url = url
    }

    /// Whether `text` is a web address (`WebAddress(text) != nil`).
    public static func isWebAddress(_ text: String) -> Bool {
        WebAddress(text) != nil
    }

    /// The address as written.
    public var description: String { url.absoluteString }
}

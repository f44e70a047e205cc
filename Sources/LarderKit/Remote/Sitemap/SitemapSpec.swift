import Foundation
import LarderCore

/// An input naming a sitemap: `sitemap:https://example.org/sitemap.xml` (a sitemap, a sitemap
/// index, gzipped or not, or a text file of addresses), or `sitemap:https://example.org/`, a
/// site: the sitemaps its robots.txt names, else its `/sitemap.xml`.
public struct SitemapSpec: Equatable, Sendable, CustomStringConvertible {
    /// What a sitemap input begins with.
    public static let prefix = "sitemap:"

    /// The sitemap's (or the site's) web address.
    public let url: URL

    /// An input that begins with `sitemap:` but names no web address.
    public struct SpecError: Error, LocalizedError, CustomStringConvertible {
        /// The sentence, for `localizedDescription`.
        public var errorDescription: String? { description }
        /// The input as given.
        public let input: String
        public var description: String {
            "\(input): not a sitemap input; write sitemap: and the sitemap's web address, as in sitemap:https://example.org/sitemap.xml"
        }
    }

    /// Whether the input is meant as a sitemap (it begins with `sitemap:`, in any case).
    public static func isSpec(_ input: String) -> Bool {
        input.lowercased().hasPrefix(prefix)
    }

    /// Reads `sitemap:ADDRESS`; throws `SpecError` when the address is not http or https with a
    /// host.
    public init(parsing input: String) throws {
        guard let address = WebAddress(trimming: String(input.dropFirst(Self.prefix.count))) else { throw SpecError(input: input) }
        self.url = address.url
    }

    /// Names a whole site (no path), whose sitemaps are to be found.
    public var namesSite: Bool {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        return (path.isEmpty || path == "/") && url.query == nil
    }

    public var description: String { Self.prefix + url.absoluteString }
}

/// Which of a sitemap's addresses an import takes: those `--match` finds in, the first
/// `--limit` of them in the sitemaps' order (so that a re-run takes the same ones, and goes on
/// where an interrupted run stopped).
public struct SitemapSelection: @unchecked Sendable {
    /// NSRegularExpression matches from any thread (it is immutable once made).
    public let pattern: NSRegularExpression?
    /// The pattern as the user wrote it, for the run's notes.
    public let patternText: String?
    /// At most this many addresses are taken; nil for all.
    public let limit: Int?

    /// Keeps the addresses `match` (a regular expression) finds in, up to `limit`; throws when
    /// `match` is not a regular expression.
    public init(match: String? = nil, limit: Int? = nil) throws {
        patternText = match
        pattern = try match.map { try NSRegularExpression(pattern: $0) }
        self.limit = limit
    }

    func matches(_ address: String) -> Bool {
        guard let pattern else { return true }
        return pattern.firstMatch(in: address, range: NSRange(address.startIndex..., in: address)) != nil
    }
}

import Foundation

/// An address Larder fetches or writes as a link: `http` or `https` (in any case, `HTTP://` too)
/// with a host, as Foundation's `URL` parses it. The one answer to "is this a web address" for
/// the inputs of an import, `scrape`'s page, `--url`, TheMealDB's `--mealdb-base`, sitemaps,
/// the pictures an import downloads, the source and picture fields every format reads, the links
/// every format writes and the source that identifies a recipe.
///
/// Not addresses, so never fetched nor written as links: `file://`, `ftp:`, `javascript:`,
/// `data:`, a scheme-relative `//host/path` (only a page's own links are read against the page:
/// `RecipeScraper.absolute`), a bare `www.example.com`, a host-less `http:recipe` or
/// `https:/path`, and a host holding a space. A host in its own script (`bücher.example`) is an
/// address (Foundation encodes it as `xn--…`). User and password (`https://user:pw@host/`) are
/// allowed, the host being what follows the `@`: a user may give them for a site of their own,
/// and `PrintedSource` leaves them out of what is printed. Foundation encodes a space or a
/// quote in the path (`/a b` becomes `/a%20b`), so such an address is one; callers that refuse
/// a space say so themselves (`WebSource`, a sitemap's `<loc>`).
public struct WebAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address as `URL`, scheme and all as given.
    public let url: URL

    /// The address as it was written (without the spaces `init(trimming:)` took off), which is
    /// what a recipe keeps: `url` has Foundation's encoding of it.
    public let text: String

    /// The schemes fetched.
    public static let schemes: Set<String> = ["http", "https"]

    /// The address `text` is, or nil when it is not an http(s) address with a host. Surrounding
    /// spaces are not trimmed: an input is taken as written, and a link read as a browser reads
    /// one (` javascript:` is a scheme to a browser, so nothing may come before `http`).
    public init?(_ text: String) {
        guard let url = URL(string: text), Self.isWebAddress(url) else { return nil }
        self.url = url
        self.text = text
    }

    /// The address `text` holds once spaces and line breaks around it are taken off: for an
    /// address read from a file's field or a page, where they are layout.
    public init?(trimming text: String) {
        self.init(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The address `url` is, or nil: for a URL made otherwise (a link resolved against a page).
    public init?(_ url: URL) {
        guard Self.isWebAddress(url) else { return nil }
        self.url = url
        self.text = url.absoluteString
    }

    /// Whether `text` is a web address (`WebAddress(text) != nil`).
    public static func isWebAddress(_ text: String) -> Bool {
        WebAddress(text) != nil
    }

    /// The rule itself: an http(s) scheme in any case, and a host.
    static func isWebAddress(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), schemes.contains(scheme), let host = url.host, !host.isEmpty else { return false }
        return true
    }

    /// The address as `URL` writes it.
    public var description: String { url.absoluteString }
}

import Foundation
import LarderCore

/// The address a scraped recipe is filed under, which is how a later run knows it again.
enum PageAddress {
    /// The page's own claim (its canonical link, else og:url) wins over the address it was
    /// fetched from, which may carry tracking parameters or be one of several routes to it. A
    /// claim that is the site's home page names no recipe (sites write it into every page by
    /// mistake): the fetched address wins over it, and it is kept only when nothing else names
    /// the page (a saved page), as the site it came from.
    static func choose(claims: [String?], fetched: URL?) -> String? {
        let claimed = claims.compactMap { RecipeScraper.absolute($0, base: fetched) }
        return claimed.first { !SourceURL.isSiteRoot($0) } ?? fetched?.absoluteString ?? claimed.first
    }

    /// What the page's relative links (its images) are resolved against: its first claim,
    /// home page or not, else the address it was fetched from.
    static func linkBase(claims: [String?], fetched: URL?) -> URL? {
        claims.lazy.compactMap { RecipeScraper.absolute($0, base: fetched) }.first.flatMap(URL.init(string:)) ?? fetched
    }
}

import Foundation
import LarderCore
import LarderHTML
import LarderNet

/// The recipes of one web page, as `larder scrape` shows them: fetched politely (and through
/// the cache) or read from a saved file, then scraped. A round-up page holds several.
public enum RecipePage {
    /// The recipes at a web address.
    public static func recipes(at address: URL, fetcher: Fetcher, input: String) async throws -> [Recipe] {
        let response = try await fetcher.fetch(address)
        return try RecipeScraper.scrapeAll(html: response.body, url: response.url, contentType: response.contentType, input: input)
    }

    /// The recipes of a saved page's bytes; `url` is its address when the page does not name it.
    public static func recipes(html: Data, url: URL?, input: String) throws -> [Recipe] {
        try RecipeScraper.scrapeAll(html: html, url: url, input: input)
    }
}

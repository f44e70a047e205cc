import Foundation
import LarderCore
import LarderHTML
import LarderNet

/// The recipe of one web page, as `larder scrape` shows it: fetched politely (and through the
/// cache) or read from a saved file, then scraped.
public enum RecipePage {
    /// The recipe at a web address.
    public static func recipe(at address: URL, fetcher: Fetcher, input: String) async throws -> Recipe {
        let response = try await fetcher.fetch(address)
        return try RecipeScraper.scrape(html: response.body, url: response.url, contentType: response.contentType, input: input)
    }

    /// The recipe of a saved page's bytes; `url` is its address when the page does not name it.
    public static func recipe(html: Data, url: URL?, input: String) throws -> Recipe {
        try RecipeScraper.scrape(html: html, url: url, input: input)
    }
}

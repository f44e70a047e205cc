import Foundation
import LarderCore
import LarderHTML
import LarderNet

/// Turns a fetched answer into source events: a web page is scraped, a JSON answer is read as
/// recipe JSON (TheMealDB, JSON-LD, an app's shape), anything else fails with what it was.
enum WebAnswerReader {
    static func events(for response: HTTPResponse, input: String) -> [SourceEvent] {
        let kind = response.mediaType ?? ""
        let looksLikeJSON = kind.contains("json") || startsLikeJSON(response.body)
        if !looksLikeJSON && (kind.contains("html") || kind.contains("xml") || FileSource.looksLikeMarkup(response.body) || kind.isEmpty) {
            do {
                let recipes = try RecipeScraper.scrapeAll(html: response.body, url: response.url, contentType: response.contentType, input: input)
                // A page of several recipes lists each under its title.
                return recipes.map { .recipe($0, input: input, item: recipes.count > 1 ? $0.title : nil) }
            } catch {
                return [.failed(input: input, item: nil, reason: ErrorText.describe(error))]
            }
        }
        if looksLikeJSON {
            let context = MappingContext(input: input, url: response.url.absoluteString)
            let mapped = RecipeJSON.read(response.body, context: context)
            if mapped.count == 1, case .failure(let error) = mapped[0].result {
                return [.failed(input: input, item: nil, reason: "the answer is JSON, not a web page, and holds no recipe: \(error.description)")]
            }
            return mapped.map { item in
                let label = item.label == input ? nil : item.label
                switch item.result {
                case .success(let recipe): return .recipe(recipe, input: input, item: label)
                case .failure(let error): return .failed(input: input, item: label, reason: error.description)
                }
            }
        }
        return [.failed(input: input, item: nil, reason: "the answer is \(kind), not a web page or JSON")]
    }

    static func startsLikeJSON(_ body: Data) -> Bool {
        let first = FileSource.firstSignificantByte(of: body)
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}

import Foundation
import LarderCore
import LarderNet

/// TheMealDB's API (v1, or v2 with a supporter's key) through the fetcher. Every endpoint has
/// a URL here; the answers are read by `RecipeJSON` (meals) and `MealDBAnswers` (the rest).
public struct MealDBClient: Sendable {
    /// The API root that ends in the key: `https://www.themealdb.com/api/json/v1/1/`.
    public let baseURL: URL
    /// The fetcher the API is asked through (its politeness, retries and cache).
    public let fetcher: Fetcher

    /// TheMealDB's public API, with the test key `1`.
    public static let publicBaseURL = URL(string: "https://www.themealdb.com/api/json/v1/1/")!

    /// `base` wins; else a v2 key gives the supporters' API; else the public v1 API with key 1.
    public static func baseURL(base: String?, key: String?) throws -> URL {
        if let base, !base.isEmpty {
            guard let url = WebAddress(base.hasSuffix("/") ? base : base + "/")?.url else {
                throw MealDBSpec.SpecError(input: base, problem: "not an http(s) address for TheMealDB's API")
            }
            return url
        }
        if let key, !key.isEmpty, key != "1" {
            let safeKey = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key
            return URL(string: "https://www.themealdb.com/api/json/v2/\(safeKey)/")!
        }
        return publicBaseURL
    }

    /// A client of the API at `baseURL` (which ends in the key and a slash).
    public init(baseURL: URL, fetcher: Fetcher) {
        self.baseURL = baseURL
        self.fetcher = fetcher
    }

    /// An API call and its parameters.
    public enum Endpoint {
        /// `search.php?s=` by name, `search.php?f=` by first letter, `lookup.php?i=` by id, `random.php`.
        case searchName(String), searchLetter(Character), lookup(String), random
        /// `categories.php`, and the lists of categories, areas and ingredients (`list.php`).
        case categories, listCategories, listAreas, listIngredients
        /// `filter.php` by category, area or main ingredient: summaries (id and name) of the meals.
        case filterCategory(String), filterArea(String), filterIngredient(String)

        var pathAndQuery: (String, [URLQueryItem]) {
            switch self {
            case .searchName(let name): return ("search.php", [.init(name: "s", value: name)])
            case .searchLetter(let letter): return ("search.php", [.init(name: "f", value: String(letter))])
            case .lookup(let id): return ("lookup.php", [.init(name: "i", value: id)])
            case .random: return ("random.php", [])
            case .categories: return ("categories.php", [])
            case .listCategories: return ("list.php", [.init(name: "c", value: "list")])
            case .listAreas: return ("list.php", [.init(name: "a", value: "list")])
            case .listIngredients: return ("list.php", [.init(name: "i", value: "list")])
            case .filterCategory(let name): return ("filter.php", [.init(name: "c", value: name)])
            case .filterArea(let name): return ("filter.php", [.init(name: "a", value: name)])
            // The API writes spaces in ingredient names as underscores.
            case .filterIngredient(let name): return ("filter.php", [.init(name: "i", value: name.replacingOccurrences(of: " ", with: "_"))])
            }
        }

        /// A random meal is a new answer on every call: a cached one would answer every later
        /// call with the same meal.
        var caching: Fetcher.Caching {
            if case .random = self { return .never }
            return .allowed
        }
    }

    /// The address of an endpoint under `baseURL`.
    public func url(_ endpoint: Endpoint) -> URL {
        let (path, query) = endpoint.pathAndQuery
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        return components.url!
    }

    /// Asks the API; `random` is never answered from the cache.
    public func fetch(_ endpoint: Endpoint) async throws -> HTTPResponse {
        try await fetcher.fetch(url(endpoint), caching: endpoint.caching)
    }

    /// Names from a list endpoint (categories, areas, ingredients).
    public func names(_ endpoint: Endpoint) async throws -> [String] {
        let body = try await fetch(endpoint).body
        switch endpoint {
        case .categories: return try MealDBAnswers.names(body, key: "categories", field: "strCategory")
        case .listCategories: return try MealDBAnswers.names(body, field: "strCategory")
        case .listAreas: return try MealDBAnswers.names(body, field: "strArea")
        case .listIngredients: return try MealDBAnswers.names(body, field: "strIngredient")
        default: return try MealDBAnswers.summaries(body).map(\.name)
        }
    }
}

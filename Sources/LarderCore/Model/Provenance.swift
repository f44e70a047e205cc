import Foundation

/// Where a recipe came from and when Larder took it in.
public struct Provenance: Codable, Hashable, Sendable {
    public var sourceURL: String?
    /// The host or name of the site (`www.bbcgoodfood.com`, `TheMealDB`).
    public var site: String?
    public var author: String?
    public var origin: OriginKind?
    /// The id the source gave the recipe (a MealDB id, an app's UUID), if any.
    public var originalID: String?
    /// The input it was read from (a file path, a URL, a `mealdb:` spec).
    public var input: String?
    public var importedAt: Date?

    public init(
        sourceURL: String? = nil, site: String? = nil, author: String? = nil, origin: OriginKind? = nil,
        originalID: String? = nil, input: String? = nil, importedAt: Date? = nil
    ) {
        self.sourceURL = sourceURL
        self.site = site
        self.author = author
        self.origin = origin
        self.originalID = originalID
        self.input = input
        self.importedAt = importedAt
    }
}

/// The kind of source a recipe was read from. Unknown kinds read from newer files are kept.
public struct OriginKind: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    public static let larder: OriginKind = "larder"
    public static let schemaOrg: OriginKind = "schema.org"
    public static let mealDB: OriginKind = "mealdb"
    public static let app: OriginKind = "app"
    public static let json: OriginKind = "json"
    /// Read from an HTML page by its microdata, recipe card or headings.
    public static let html: OriginKind = "html"
}

public struct RecipeDates: Codable, Hashable, Sendable {
    public var created: Date?
    public var modified: Date?
    public var published: Date?
    public var cooked: [Date]

    public init(created: Date? = nil, modified: Date? = nil, published: Date? = nil, cooked: [Date] = []) {
        self.created = created
        self.modified = modified
        self.published = published
        self.cooked = cooked
    }

    enum CodingKeys: String, CodingKey {
        case created, modified, published, cooked
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        created = try c.decodeIfPresent(Date.self, forKey: .created)
        modified = try c.decodeIfPresent(Date.self, forKey: .modified)
        published = try c.decodeIfPresent(Date.self, forKey: .published)
        cooked = try c.decodeIfPresent([Date].self, forKey: .cooked) ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(created, forKey: .created)
        try c.encodeIfPresent(modified, forKey: .modified)
        try c.encodeIfPresent(published, forKey: .published)
        if !cooked.isEmpty { try c.encode(cooked, forKey: .cooked) }
    }
}

public struct Rating: Codable, Hashable, Sendable {
    public var value: Double
    /// How many ratings `value` averages, when the source says.
    public var count: Int?
    /// The top of the scale (5 when the source does not say).
    public var best: Double?

    public init(value: Double, count: Int? = nil, best: Double? = nil) {
        self.value = value
        self.count = count
        self.best = best
    }
}

extension OriginKind {
    public static let paprika: OriginKind = "paprika"
    public static let nextcloud: OriginKind = "nextcloud"
    public static let mealie: OriginKind = "mealie"
    public static let tandoor: OriginKind = "tandoor"
    public static let cooklang: OriginKind = "cooklang"
    public static let mealMaster: OriginKind = "mealmaster"
    public static let csv: OriginKind = "csv"
    public static let planToEat: OriginKind = "plantoeat"
    public static let myRecipeBox: OriginKind = "myrecipebox"
    public static let copyMeThat: OriginKind = "copymethat"
    public static let masterCook: OriginKind = "mastercook"
    public static let gourmet: OriginKind = "gourmet"
    public static let krecipes: OriginKind = "krecipes"
    public static let chowdown: OriginKind = "chowdown"
    public static let markdown: OriginKind = "markdown"
}

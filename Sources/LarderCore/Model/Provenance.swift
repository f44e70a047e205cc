import Foundation

/// Where a recipe came from and when Larder took it in.
public struct Provenance: Codable, Hashable, Sendable {
    /// The address of the recipe's page, as the source gave it (a page's canonical link wins over the address it was fetched from).
    public var sourceURL: String?
    /// The host or name of the site (`www.bbcgoodfood.com`, `TheMealDB`).
    public var site: String?
    /// Who wrote the recipe, when the source says.
    public var author: String?
    /// The kind of source it was read from (``OriginKind``).
    public var origin: OriginKind?
    /// The id the source gave the recipe (a MealDB id, an app's UUID), if any.
    public var originalID: String?
    /// The input it was read from (a file path, a URL, a `mealdb:` spec).
    public var input: String?
    /// When Larder read it.
    public var importedAt: Date?

    /// Provenance with the fields given; the others stay unknown.
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

    /// Larder's own canonical JSON, a library or a backup.
    public static let larder: OriginKind = "larder"
    /// schema.org Recipe data: JSON-LD, microdata, or a JSON file in that vocabulary.
    public static let schemaOrg: OriginKind = "schema.org"
    /// TheMealDB, its API or a saved answer.
    public static let mealDB: OriginKind = "mealdb"
    /// Another app's JSON export whose app Larder does not name.
    public static let app: OriginKind = "app"
    /// JSON of no known shape, read by its field names.
    public static let json: OriginKind = "json"
    /// Read from an HTML page by its microdata, recipe card or headings.
    public static let html: OriginKind = "html"
}

/// When a recipe was made, changed, published and cooked, as its source kept them.
public struct RecipeDates: Codable, Hashable, Sendable {
    /// When the recipe was written (an app's "created" date).
    public var created: Date?
    /// When it was last changed at its source.
    public var modified: Date?
    /// When its page published it (schema.org `datePublished`).
    public var published: Date?
    /// Each day it was cooked, as apps that keep a cooking log record it.
    public var cooked: [Date]

    /// Dates with the fields given; the others stay unknown.
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

/// How people rated a recipe, on the source's scale.
public struct Rating: Codable, Hashable, Sendable {
    /// The rating, or the average of `count` ratings.
    public var value: Double
    /// How many ratings `value` averages, when the source says.
    public var count: Int?
    /// The top of the scale (5 when the source does not say).
    public var best: Double?

    /// A rating of `value` out of `best` (5 when nil), averaged over `count` ratings when given.
    public init(value: Double, count: Int? = nil, best: Double? = nil) {
        self.value = value
        self.count = count
        self.best = best
    }
}

extension OriginKind {
    /// A Paprika export (`.paprikarecipes`, `.paprikarecipe`).
    public static let paprika: OriginKind = "paprika"
    /// A Mela export (`.melarecipes`, `.melarecipe`).
    public static let mela: OriginKind = "mela"
    /// A Nextcloud Cookbook folder (`recipe.json` and its pictures).
    public static let nextcloud: OriginKind = "nextcloud"
    /// A Mealie export.
    public static let mealie: OriginKind = "mealie"
    /// A Tandoor export.
    public static let tandoor: OriginKind = "tandoor"
    /// A Cooklang `.cook` file.
    public static let cooklang: OriginKind = "cooklang"
    /// A Meal-Master text file.
    public static let mealMaster: OriginKind = "mealmaster"
    /// A table of recipes in CSV.
    public static let csv: OriginKind = "csv"
    /// A Plan to Eat CSV export.
    public static let planToEat: OriginKind = "plantoeat"
    /// A My Recipe Box CSV export.
    public static let myRecipeBox: OriginKind = "myrecipebox"
    /// A Copy Me That HTML export.
    public static let copyMeThat: OriginKind = "copymethat"
    /// A MasterCook `.mx2` or `.mxp` file.
    public static let masterCook: OriginKind = "mastercook"
    /// A Gourmet Recipe Manager XML export.
    public static let gourmet: OriginKind = "gourmet"
    /// A KRecipes XML export.
    public static let krecipes: OriginKind = "krecipes"
    /// A Chowdown (Jekyll) Markdown file with YAML front matter.
    public static let chowdown: OriginKind = "chowdown"
    /// A Markdown recipe written by hand or by Larder's Markdown export.
    public static let markdown: OriginKind = "markdown"
}

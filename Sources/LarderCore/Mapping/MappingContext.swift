import Foundation

/// What a mapper knows about the input it is reading.
public struct MappingContext: Sendable {
    /// The input, as the user named it (file path, URL, `mealdb:` spec).
    public var input: String
    /// The page or API URL the data came from, when known.
    public var url: String?
    /// When the recipe is being read (`Provenance.importedAt`).
    public var importedAt: Date
    /// What one input may hold; parsers that could build far more than they read stop here.
    public var limits: InputLimits

    /// The context of reading `input`, from `url` when known, within `limits`.
    public init(input: String, url: String? = nil, importedAt: Date = MappingContext.now(), limits: InputLimits = .standard) {
        self.input = input
        self.url = url
        self.importedAt = importedAt
        self.limits = limits
    }

    /// Now, to the whole second, so canonical JSON round-trips exactly.
    public static func now() -> Date {
        Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    func provenance(origin: OriginKind, originalID: String? = nil) -> Provenance {
        Provenance(sourceURL: url, site: url.flatMap(SourceURL.host(of:)), origin: origin, originalID: originalID,
                   input: input, importedAt: importedAt)
    }
}

/// Why a JSON value could not become a recipe. The messages are for people.
public enum MappingError: Equatable, Sendable, DescribedError {
    /// The bytes are not JSON; where and how they go wrong.
    case notJSON(String)
    /// The JSON holds no recipe Larder knows the shape of; what it holds.
    case noRecipe(String)
    /// The recipe lacks a field it cannot do without (its title).
    case missingField(String)
    /// A Larder file of a newer schema version than this Larder reads.
    case unsupportedSchemaVersion(Int)
    /// Anything else, in a sentence.
    case invalid(String)

    public var description: String {
        switch self {
        case .notJSON(let detail): return "not valid JSON (\(detail))"
        case .noRecipe(let detail): return "no recipe found: \(detail)"
        case .missingField(let field): return "the recipe has no \(field)"
        case .unsupportedSchemaVersion(let version):
            return "written by a newer Larder (schemaVersion \(version), this one reads up to \(Recipe.currentSchemaVersion))"
        case .invalid(let detail): return detail
        }
    }
}

/// One recipe read from an input, or why the item at that place could not be read.
public struct MappedRecipe: Sendable {
    /// Which item of the input this is (`#2`, a title), for the report.
    public var label: String
    /// The recipe, or why it could not be read.
    public var result: Result<Recipe, MappingError>

    /// The item `label` and what became of it.
    public init(label: String, result: Result<Recipe, MappingError>) {
        self.label = label
        self.result = result
    }
}

import Foundation

/// Reads a JSON document of any supported shape into recipes: Larder's canonical JSON,
/// schema.org JSON-LD, TheMealDB answers and meals, the apps' shapes, and any recipe-like
/// object, alone, in a list, or inside a wrapper object (`{"recipes": [...]}`,
/// `{"body": {"recipes": [...]}}`).
public enum RecipeJSON {
    /// Every recipe of a JSON file, in any shape Larder knows (its own, schema.org, TheMealDB, apps' exports), or why each could not be read; `shape` forces one.
    public static func read(_ data: Data, context: MappingContext, shape: JSONShape? = nil) -> [MappedRecipe] {
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            return [MappedRecipe(label: context.input, result: .failure(.notJSON(syntaxProblem(in: data, found: error))))]
        }
        return read(value, context: context, shape: shape)
    }

    /// The same, for JSON already parsed.
    public static func read(_ value: JSONValue, context: MappingContext, shape: JSONShape? = nil) -> [MappedRecipe] {
        // Control characters leave every string first, the fields no mapper reads (kept in
        // extras) too: a recipe reads the same from another app as from its own backup.
        var value = ControlCharacters.removed(fromValue: value) ?? value
        // A Mealie backup keeps a recipe's parts in tables of their own: joined first.
        if MealieDatabase.isDatabase(value) { value = .array(MealieDatabase.recipes(in: value)) }
        if let shape, shape != .schemaOrg { return readForced(value, shape: shape, context: context) }
        if SchemaOrgMapper.looksLikeJSONLD(value) || shape == .schemaOrg {
            let graph = SchemaOrgMapper.Graph([value])
            let nodes = graph.recipeNodes
            if !nodes.isEmpty {
                return nodes.enumerated().map { index, node in
                    MappedRecipe(label: label(index, nodes.count, node["name"]?.stringValue),
                                 result: Result { try SchemaOrgMapper.map(node, graph: graph, context: context) }.mapError(asMappingError))
                }
            }
        }
        var candidates: [[String: JSONValue]] = []
        collectCandidates(value, depth: 0, into: &candidates)
        guard !candidates.isEmpty else {
            if value["meals"]?.isNull == true {
                return [MappedRecipe(label: context.input, result: .failure(.noRecipe("the answer holds no meals (\"meals\": null)")))]
            }
            return [MappedRecipe(label: context.input, result: .failure(.noRecipe("no object with a title and ingredients or instructions")))]
        }
        return candidates.enumerated().map { index, object in
            let title = (object["strMeal"] ?? object["title"] ?? object["name"])?.stringValue
            return MappedRecipe(label: label(index, candidates.count, title),
                                result: Result { try map(object, context: context) }.mapError(asMappingError))
        }
    }

    /// What stands for infinity and NaN between encoding a canonical object and decoding it.
    static let nonFinite = (positive: "larder:+infinity", negative: "larder:-infinity", nan: "larder:not-a-number")

    /// One object, by the shape it has.
    static func map(_ object: [String: JSONValue], context: MappingContext) throws -> Recipe {
        if CanonicalJSON.isCanonical(object) {
            // A number too large for a Double (`1e309`) was read as infinity, which JSON text
            // cannot hold: it passes through as a marker and comes back as infinity, for the
            // normalize stage to drop with a note rather than the whole recipe failing here.
            let encoder = JSONEncoder()
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
            let data = try encoder.encode(JSONValue.object(object))
            do {
                let decoder = CanonicalJSON.decoder
                decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                    positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
                return try CanonicalJSON.decode(data, using: decoder)
            } catch let error as MappingError {
                throw error
            } catch {
                throw MappingError.invalid("not a valid Larder recipe: \(describe(error))")
            }
        }
        if MealDBMapper.isMeal(object) { return try MealDBMapper.map(object, context: context) }
        if PaprikaMapper.isPaprika(object) { return try PaprikaMapper.map(object, context: context) }
        if MelaMapper.isMela(object) { return try MelaMapper.map(object, context: context) }
        if MealieMapper.isMealie(object) { return try MealieMapper.map(object, context: context) }
        if TandoorMapper.isTandoor(object) { return try TandoorMapper.map(object, context: context) }
        return try TolerantMapper.map(object, context: context)
    }

    static func isCandidate(_ object: [String: JSONValue]) -> Bool {
        CanonicalJSON.isCanonical(object) || MealDBMapper.isMeal(object) || PaprikaMapper.isPaprika(object) || MelaMapper.isMela(object)
            || MealieMapper.isMealie(object) || TandoorMapper.isTandoor(object) || TolerantMapper.looksLikeRecipe(object)
    }

    /// Every object with a name or title read as `shape` says (`--from paprika`), whatever
    /// its keys suggest.
    static func readForced(_ value: JSONValue, shape: JSONShape, context: MappingContext) -> [MappedRecipe] {
        var objects: [[String: JSONValue]] = []
        func collect(_ value: JSONValue, depth: Int) {
            guard depth < 6 else { return }
            if let object = value.objectValue, object["name"] != nil || object["title"] != nil || object["strMeal"] != nil {
                objects.append(object)
            } else if let object = value.objectValue {
                for key in object.keys.sorted() { collect(object[key]!, depth: depth + 1) }
            } else {
                for item in value.arrayValue ?? [] { collect(item, depth: depth + 1) }
            }
        }
        collect(value, depth: 0)
        guard !objects.isEmpty else {
            return [MappedRecipe(label: context.input, result: .failure(.noRecipe("no object with a name in this \(shape.rawValue) file")))]
        }
        return objects.enumerated().map { index, object in
            let title = (object["strMeal"] ?? object["title"] ?? object["name"])?.stringValue
            return MappedRecipe(label: label(index, objects.count, title), result: Result {
                switch shape {
                case .larder:
                    guard CanonicalJSON.isCanonical(object) else { throw MappingError.invalid("not a Larder recipe (no schemaVersion, id and title)") }
                    return try map(object, context: context)
                case .schemaOrg: return try SchemaOrgMapper.map(object, graph: SchemaOrgMapper.Graph([value]), context: context)
                case .mealDB: return try MealDBMapper.map(object, context: context)
                case .paprika: return try PaprikaMapper.map(object, context: context)
                case .mela: return try MelaMapper.map(object, context: context)
                case .mealie: return try MealieMapper.map(object, context: context)
                case .tandoor: return try TandoorMapper.map(object, context: context)
                case .app: return try TolerantMapper.map(object, context: context)
                }
            }.mapError(asMappingError))
        }
    }

    /// Walks lists and wrapper objects down to the recipe-like objects, without descending into
    /// a recipe (its ingredient objects are not recipes).
    static func collectCandidates(_ value: JSONValue, depth: Int, into result: inout [[String: JSONValue]]) {
        guard depth < 6 else { return }
        switch value {
        case .array(let items):
            for item in items { collectCandidates(item, depth: depth + 1, into: &result) }
        case .object(let object):
            if isCandidate(object) {
                result.append(object)
            } else {
                for key in object.keys.sorted() { collectCandidates(object[key]!, depth: depth + 1, into: &result) }
            }
        default:
            break
        }
    }

    static func label(_ index: Int, _ count: Int, _ title: String?) -> String {
        let name = title.map { TextCleaner.line($0) }.flatMap { $0.isEmpty ? nil : $0 }
        if count == 1 { return name ?? "recipe" }
        return "#\(index + 1)" + (name.map { " \($0)" } ?? "")
    }

    /// Any error of reading JSON as a `MappingError` the report can say.
    public static func asMappingError(_ error: Error) -> MappingError {
        (error as? MappingError) ?? .invalid(describe(error))
    }

    /// Where JSON text goes wrong, in Larder's words and by line and column (Foundation's
    /// were "Too many nested arrays or dictionaries around character 513"): the reason Larder's
    /// parser gave, `found`.
    static func syntaxProblem(in data: Data, found: Error) -> String {
        if data.isEmpty { return "the file is empty" }
        if let failure = found as? JSONParser.Failure { return failure.placed(in: data) }
        return ErrorText.describe(found)
    }

    /// A short, human description of a decoding error: which field, what was expected.
    static func describe(_ error: Error) -> String {
        if let decoding = error as? DecodingError { return JSONProblem.describe(decoding) }
        return ErrorText.describe(error)
    }
}

/// The JSON dialects Larder reads, for forcing one when a file's keys do not tell.
public enum JSONShape: String, CaseIterable, Sendable {
    /// Larder's own canonical JSON (a library's recipe files, `export --format json`).
    case larder
    /// schema.org `Recipe` in JSON-LD, as web pages and Nextcloud Cookbook write it.
    case schemaOrg = "schema.org"
    /// TheMealDB's meal objects and answers.
    case mealDB = "mealdb"
    /// Paprika's recipe JSON.
    case paprika
    /// Mela's recipe JSON.
    case mela
    /// Mealie's recipe JSON (either generation).
    case mealie
    /// Tandoor's `recipe.json`.
    case tandoor
    /// Any other app's recipe-like object, read by common key names.
    case app
}

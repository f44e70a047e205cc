import Foundation

/// Reads a JSON document of any supported shape into recipes: Larder's canonical JSON,
/// schema.org JSON-LD, TheMealDB answers and meals, the apps' shapes, and any recipe-like
/// object, alone, in a list, or inside a wrapper object (`{"recipes": [...]}`,
/// `{"body": {"recipes": [...]}}`).
public enum RecipeJSON {
    public static func read(_ data: Data, context: MappingContext) -> [MappedRecipe] {
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            return [MappedRecipe(label: context.input, result: .failure(.notJSON(syntaxProblem(in: data))))]
        }
        return read(value, context: context)
    }

    public static func read(_ value: JSONValue, context: MappingContext) -> [MappedRecipe] {
        if SchemaOrgMapper.looksLikeJSONLD(value) {
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

    /// One object, by the shape it has.
    static func map(_ object: [String: JSONValue], context: MappingContext) throws -> Recipe {
        if CanonicalJSON.isCanonical(object) {
            let data = try JSONEncoder().encode(JSONValue.object(object))
            do {
                return try CanonicalJSON.decode(data)
            } catch let error as MappingError {
                throw error
            } catch {
                throw MappingError.invalid("not a valid Larder recipe: \(describe(error))")
            }
        }
        if MealDBMapper.isMeal(object) { return try MealDBMapper.map(object, context: context) }
        return try TolerantMapper.map(object, context: context)
    }

    static func isCandidate(_ object: [String: JSONValue]) -> Bool {
        CanonicalJSON.isCanonical(object) || MealDBMapper.isMeal(object) || TolerantMapper.looksLikeRecipe(object)
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

    static func asMappingError(_ error: Error) -> MappingError {
        (error as? MappingError) ?? .invalid(describe(error))
    }

    /// Where JSON text goes wrong, in words: `JSONDecoder` only says "not valid JSON", while
    /// `JSONSerialization` names the place ("Unexpected end of file", "around character 11").
    static func syntaxProblem(in data: Data) -> String {
        if data.isEmpty { return "the file is empty" }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "the data is not valid JSON"
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            return (detail ?? "the data is not valid JSON").trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
    }

    /// A short, human description of a decoding error.
    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        case DecodingError.keyNotFound(let key, _):
            return "missing key \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "\(context.debugDescription) at \(path.isEmpty ? "the top" : path)"
        default:
            return String(describing: error)
        }
    }
}

/// Which dialect a JSON document is written in, as reading it would take it: what the format
/// registry of LarderKit recognises a JSON file by.
extension RecipeJSON {
    /// The shape of the document's first recipe object: schema.org when it holds a schema.org
    /// Recipe, else the shape of the first recipe-like object, by its keys; nil when it holds no
    /// recipe at all. A document may mix shapes (each object is read by its own keys); the first
    /// names it.
    public static func shape(of value: JSONValue) -> JSONShape? {
        if SchemaOrgMapper.looksLikeJSONLD(value), !SchemaOrgMapper.Graph([value]).recipeNodes.isEmpty { return .schemaOrg }
        if MealieDatabase.isDatabase(value) { return .mealie }
        var candidates: [[String: JSONValue]] = []
        collectCandidates(value, depth: 0, into: &candidates)
        return candidates.first.map(shape(ofObject:))
    }

    /// The shape one recipe-like object is read as, in the order `map` tries them.
    static func shape(ofObject object: [String: JSONValue]) -> JSONShape {
        if CanonicalJSON.isCanonical(object) { return .larder }
        if MealDBMapper.isMeal(object) { return .mealDB }
        if PaprikaMapper.isPaprika(object) { return .paprika }
        if MelaMapper.isMela(object) { return .mela }
        if MealieMapper.isMealie(object) { return .mealie }
        if TandoorMapper.isTandoor(object) { return .tandoor }
        return .app
    }
}

import Foundation

/// Recipe → Nextcloud Cookbook's `recipe.json`: schema.org with the app's own habits — the
/// yield a whole number, one category (the others join the keywords), keywords as one comma
/// string, cuisines as a list, creation and change dates as Unix seconds in strings, steps as
/// plain strings.
public enum NextcloudWriter {
    public static func object(for recipe: Recipe) -> [String: JSONValue] {
        var object = SchemaOrgWriter.object(for: recipe)
        // The app keeps a whole number only; without one the key is left out, not written as words.
        object["recipeYield"] = servings(recipe.yield).map { .number(Double($0)) }
        object["recipeCategory"] = .string(recipe.categories.first ?? "")
        object["recipeCuisine"] = .array(recipe.cuisines.map(JSONValue.string))
        object["keywords"] = .string(keywords(for: recipe).joined(separator: ","))
        for (key, date) in [("dateCreated", recipe.dates.created), ("dateModified", recipe.dates.modified)] {
            if let date { object[key] = .string(unixSeconds(date)) }
        }
        object["recipeInstructions"] = .array(recipe.steps.map { .string($0.text) })
        object["recipeIngredient"] = .array(recipe.ingredients.map { .string(FlatText.ingredientLine($0)) })
        if object["tool"] == nil { object["tool"] = .array([]) }
        if object["nutrition"] == nil { object["nutrition"] = .object([:]) }
        return object
    }

    /// The yield as the whole number the app keeps: `about 20 rolls` → 20, `18-22` → 18.
    static func servings(_ yield: Yield?) -> Int? {
        guard let value = yield?.quantity?.value, value.isFinite, value >= 0.5, value < 1_000_000 else { return nil }
        return Int(value.rounded())
    }

    /// The tags, then the categories after the first (the app has one category), each once.
    static func keywords(for recipe: Recipe) -> [String] {
        var seen = Set<String>()
        return (recipe.tags + recipe.categories.dropFirst())
            .map { $0.replacingOccurrences(of: ",", with: " ").trimmed }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// `1607461134`, as the app writes `dateCreated` and `dateModified`.
    static func unixSeconds(_ date: Date) -> String {
        String(Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// What Nextcloud Cookbook's `recipe.json` has no place for, or holds in part.
    public static let noPlaceFor: [RecipeField: String] = SchemaOrgWriter.noPlaceFor.merging([
        .categories: "the app has one category; the others are written as keywords",
        .tags: "keywords are one comma-separated text, and take the categories after the first",
        .instructionSections: "the app keeps steps as a list of texts",
        .stepTitles: "the app keeps steps as a list of texts",
        .stepPictures: "the app keeps steps as a list of texts",
        .dateCreated: "the app keeps dates to the second, as Unix time",
        .dateModified: "the app keeps dates to the second, as Unix time",
        .datePublished: "the app keeps the day created and changed only",
    ]) { _, nextcloud in nextcloud }

    /// A yield the app's whole number says completely: `4`, `4 servings`, `Serves 4`.
    static func isPlainServings(_ yield: Yield) -> Bool {
        guard let quantity = yield.quantity, quantity.upper == nil, let count = servings(yield), Double(count) == quantity.value else { return false }
        return yield.servings != nil
    }
}

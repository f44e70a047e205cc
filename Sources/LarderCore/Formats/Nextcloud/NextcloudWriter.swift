import Foundation

/// Recipe → Nextcloud Cookbook's `recipe.json`: schema.org with the app's own habits — the
/// yield a whole number (or its words, which the app reads a number from), one category (the
/// others join the keywords), keywords as one comma string, cuisines as a list, creation and
/// change dates as Unix seconds in strings, steps as plain strings, a group's name as a
/// `## Name` line among the ingredients (the app shows such a line as a heading), the
/// pictures' web addresses (the bytes go beside it as `full.jpg`).
public enum NextcloudWriter {
    public static func object(for recipe: Recipe) -> [String: JSONValue] {
        var object = SchemaOrgWriter.object(for: recipe, pictureBytes: false)
        object["recipeYield"] = yield(recipe.yield)
        object["recipeCategory"] = .string(recipe.categories.first ?? "")
        object["recipeCuisine"] = .array(recipe.cuisines.map(JSONValue.string))
        object["keywords"] = .string(keywords(for: recipe).joined(separator: ","))
        for (key, date) in [("dateCreated", recipe.dates.created), ("dateModified", recipe.dates.modified)] {
            if let date { object[key] = .string(unixSeconds(date)) }
        }
        object["recipeInstructions"] = .array(recipe.steps.map { .string($0.text) })
        object["recipeIngredient"] = .array(ingredientLines(recipe.ingredientGroups).map(JSONValue.string))
        // No empty `tool` list: the app adds one itself (`FixToolsFilter`), and read back it would
        // be a field of another app.
        if object["nutrition"] == nil { object["nutrition"] = .object([:]) }
        return object
    }

    /// A yield that is a whole number of servings and no more words (`4`) as that number, as
    /// the app writes it; any other (`Serves 6 to 8`, `24 cookies`, `about 20 rolls`) in its
    /// words, which the app reads its number from (`FixRecipeYieldFilter`) and Larder reads
    /// whole.
    static func yield(_ yield: Yield?) -> JSONValue? {
        guard let yield else { return nil }
        if isPlainServings(yield), let count = servings(yield), yield.text.map({ $0.trimmed == String(count) }) ?? true {
            return .number(Double(count))
        }
        return FlatText.yield(yield).map(JSONValue.string)
    }

    /// A group's name as the app shows a heading among the ingredients: `## For the crust`.
    static func ingredientLines(_ groups: [IngredientGroup]) -> [String] {
        groups.flatMap { group in
            (group.name.map { ["## " + $0] } ?? []) + group.ingredients.map(FlatText.ingredientLine)
        }
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
        .ingredientGroups: "a group's name is a `## Name` line among the ingredients, so a group without a name after one with a name joins it",
        .pictures: "the app keeps one picture, full.jpg, a JPEG",
        .tags: "keywords are one comma-separated text, and take the categories after the first",
        .instructionSections: "the app keeps steps as a list of texts",
        .stepTitles: "the app keeps steps as a list of texts",
        .stepPictures: "the app keeps steps as a list of texts",
    ]) { _, nextcloud in nextcloud }

    /// A yield the app's whole number says completely: `4`, `4 servings`, `Serves 4`.
    static func isPlainServings(_ yield: Yield) -> Bool {
        guard let quantity = yield.quantity, quantity.upper == nil, let count = servings(yield), Double(count) == quantity.value else { return false }
        return yield.servings != nil
    }
}

import Foundation

/// Recipe → TheMealDB meal object, for apps built on that API: `strMeal`, one category and
/// area, the steps as one text, and the ingredients split into `strIngredientN` (the name) and
/// `strMeasureN` (the rest of the line), padded to the API's 20 slots.
public enum MealDBWriter {
    public static func object(for recipe: Recipe) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        if recipe.provenance.origin == .mealDB {
            for (key, value) in recipe.extras where !key.hasPrefix("strIngredient") && !key.hasPrefix("strMeasure") { object[key] = value }
        }
        func text(_ key: String, _ value: String?) { object[key] = value.map(JSONValue.string) ?? .null }
        let id = recipe.provenance.origin == .mealDB ? recipe.provenance.originalID : nil
        text("idMeal", id ?? recipe.id)
        text("strMeal", recipe.title)
        text("strCategory", recipe.categories.first)
        text("strArea", recipe.cuisines.first)
        text("strInstructions", recipe.steps.isEmpty ? nil : FlatText.stepLines(recipe.instructionSections).joined(separator: "\r\n"))
        text("strMealThumb", WebLink.imageAddresses(of: recipe).first)
        text("strTags", recipe.tags.isEmpty ? nil : recipe.tags.joined(separator: ","))
        text("strSource", WebLink.source(of: recipe))
        if object["strYoutube"] == nil { object["strYoutube"] = .null }
        object["dateModified"] = recipe.dates.modified.map { .string(CanonicalJSON.format($0)) } ?? .null
        let ingredients = recipe.ingredients
        for slot in 1...max(20, ingredients.count) {
            let parts = slot <= ingredients.count ? split(ingredients[slot - 1]) : (name: "", measure: "")
            object["strIngredient\(slot)"] = .string(parts.name)
            object["strMeasure\(slot)"] = .string(parts.measure)
        }
        return object
    }

    /// The ingredient's name, and the rest of its line as the measure (`2 cups`, `1 tbls chopped`).
    static func split(_ ingredient: Ingredient) -> (name: String, measure: String) {
        guard let name = ingredient.name, !name.isEmpty,
              let range = ingredient.line.range(of: name, options: [.caseInsensitive, .backwards]) else {
            return (ingredient.line, "")
        }
        let before = ingredient.line[..<range.lowerBound].trimmed
        let after = ingredient.line[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " ,;()"))
        return (String(ingredient.line[range]), [before, after].filter { !$0.isEmpty }.joined(separator: " "))
    }

    public static func unheld(_ recipe: Recipe) -> [String] {
        var lost: [String] = []
        if recipe.description != nil { lost.append("description") }
        if recipe.yield != nil { lost.append("yield") }
        if !recipe.times.isEmpty { lost.append("times") }
        if recipe.categories.count > 1 { lost.append("more than one category") }
        if recipe.cuisines.count > 1 { lost.append("more than one cuisine") }
        if !recipe.nutrition.isEmpty { lost.append("nutrition") }
        if recipe.rating != nil { lost.append("rating") }
        if !recipe.notes.isEmpty { lost.append("notes") }
        if recipe.provenance.author != nil { lost.append("author") }
        if !recipe.diets.isEmpty { lost.append("diets") }
        if recipe.ingredientGroups.contains(where: { $0.name != nil }) { lost.append("ingredient group names") }
        if recipe.instructionSections.contains(where: { $0.name != nil }) { lost.append("instruction section names (kept as lines of the instructions)") }
        if recipe.images.filter({ $0.url != nil }).count > 1 { lost.append("more than one picture") }
        if recipe.images.contains(where: { $0.url == nil }) { lost.append("pictures without a web address") }
        if WebLink.hasAddressThatIsNotALink(recipe) { lost.append(WebLink.unheldNote) }
        return lost
    }
}

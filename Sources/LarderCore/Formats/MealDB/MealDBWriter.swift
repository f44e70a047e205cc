import Foundation

/// Recipe → TheMealDB meal object, for apps built on that API: `strMeal`, one category and
/// area, the steps as one text, and the ingredients split into `strMeasureN` (the line before
/// the name) and `strIngredientN` (the name and the rest of the line), padded to the API's 20
/// slots.
public enum MealDBWriter {
    /// The meal object of `recipe`, with TheMealDB's keys and null for slots it leaves empty.
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

    /// The line cut where its ingredient's name starts: what comes before (`2 cups`, `1
    /// chopped`, `3 medium`) is the measure, the name and what follows it (`flour, sifted`) the
    /// ingredient. TheMealDB's readers join the two as `measure ingredient`, so the line comes
    /// back as written: words after the name are never moved in front of it (`2 cups sifted
    /// flour` is another amount of flour than `2 cups flour, sifted`). A line whose name is
    /// not in it (or unknown) is the ingredient whole.
    static func split(_ ingredient: Ingredient) -> (name: String, measure: String) {
        let line = ingredient.line.trimmed
        guard let name = ingredient.name, !name.isEmpty, let range = line.range(of: name, options: .caseInsensitive) else {
            return (line, "")
        }
        // Readers put a space between the two: a name joined to the word before it (`d’ail`,
        // `1Knoblauchzehe`) is cut with that word.
        let cut = line[..<range.lowerBound].lastIndex(where: \.isWhitespace).map(line.index(after:)) ?? line.startIndex
        return (String(line[cut...]).trimmed, String(line[..<cut]).trimmed)
    }

    /// What of `recipe` a meal object cannot hold (a second category, groups, times…), as the export report lists it.
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
        // An ingredient comes back as its line says (`split` keeps it word for word).
        if FlatText.hasAmountsBesideTheLine(recipe) { lost.append(FlatText.amountsBesideTheLineNote) }
        if recipe.instructionSections.contains(where: { $0.name != nil }) { lost.append("instruction section names (kept as lines of the instructions)") }
        if recipe.images.filter({ $0.url != nil }).count > 1 { lost.append("more than one picture") }
        if recipe.images.contains(where: { $0.url == nil }) { lost.append("pictures without a web address") }
        if WebLink.hasAddressThatIsNotALink(recipe) { lost.append(WebLink.unheldNote) }
        return lost
    }
}

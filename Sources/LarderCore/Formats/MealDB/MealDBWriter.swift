import Foundation

/// Recipe → TheMealDB meal object, for apps built on that API: `strMeal`, one category and
/// area, the steps as one text, and the ingredients split into `strMeasureN` (the line before
/// the name) and `strIngredientN` (the name and the rest of the line), padded to the API's 20
/// slots.
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

    /// What TheMealDB's meal object has no place for, or holds in part.
    public static let noPlaceFor: [RecipeField: String] = [
        .description: "a meal has no description",
        .yield: "a meal has no yield",
        .prepTime: "a meal has no times", .cookTime: "a meal has no times", .totalTime: "a meal has no times",
        .categories: "a meal has one category", .cuisines: "a meal has one area",
        .nutrition: "a meal has no nutrition", .rating: "a meal has no rating", .notes: "a meal has no notes",
        .author: "a meal has no author", .diets: "a meal has no diets", .sourceName: "only a web address names the source",
        .dateCreated: "a meal has only the date it was changed", .datePublished: "a meal has only the date it was changed",
        .datesCooked: "a meal has only the date it was changed",
        .ingredientGroups: "a meal's ingredients are twenty slots of measure and name",
        .ingredientAmounts: "an ingredient is its measure and name, whose amount is read again from their words",
        .ingredientNames: "an ingredient is its measure and name, read again as a line",
        .optionalMarks: "an ingredient is its measure and name, with no mark of its own",
        .instructionSections: "the instructions are one text; a section's name is a line of it",
        .steps: "the instructions are one text, split into steps again on reading",
        .stepTitles: "the instructions are one text", .stepPictures: "the instructions are one text",
        .pictures: "a meal has one picture, by its web address", .pictureAddresses: "a meal has one picture address",
        .sourceAppFields: "only a meal read from TheMealDB keeps its other keys",
    ]
}

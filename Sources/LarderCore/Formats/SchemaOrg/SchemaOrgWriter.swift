import Foundation

/// Recipe → schema.org Recipe in JSON-LD, the shape `SchemaOrgMapper` reads back: times as
/// ISO-8601, steps as `HowToStep`s (inside `HowToSection`s when sections are named), images as
/// addresses (`ImageObject`s when their size is known). A recipe read from schema.org (or
/// Nextcloud) gets the keys Larder did not understand back from `extras`.
public enum SchemaOrgWriter {
    public static func object(for recipe: Recipe) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        if [.schemaOrg, .nextcloud].contains(recipe.provenance.origin) {
            for (key, value) in recipe.extras { object[key] = value }
        }
        object["@context"] = .string("https://schema.org")
        object["@type"] = .string("Recipe")
        object["name"] = .string(recipe.title)
        if let description = recipe.description { object["description"] = .string(description) }
        if let url = WebLink.source(of: recipe) { object["url"] = .string(url) }
        if let author = recipe.provenance.author { object["author"] = .object(["@type": .string("Person"), "name": .string(author)]) }
        let images = recipe.images.compactMap(image)
        if !images.isEmpty { object["image"] = images.count == 1 ? images[0] : .array(images) }
        if let yield = recipe.yield.flatMap(yieldValue) { object["recipeYield"] = yield }
        for (key, duration) in [("prepTime", recipe.times.prep), ("cookTime", recipe.times.cook), ("totalTime", recipe.times.total)] {
            if let text = duration.flatMap(iso8601) { object[key] = .string(text) }
        }
        if let categories = list(recipe.categories) { object["recipeCategory"] = categories }
        if let cuisines = list(recipe.cuisines) { object["recipeCuisine"] = cuisines }
        if !recipe.tags.isEmpty { object["keywords"] = .string(recipe.tags.joined(separator: ", ")) }
        if !recipe.diets.isEmpty { object["suitableForDiet"] = .array(recipe.diets.map { .string(dietURL($0)) }) }
        if !recipe.nutrition.isEmpty {
            var nutrition: [String: JSONValue] = ["@type": .string("NutritionInformation")]
            for (key, value) in recipe.nutrition { nutrition[key] = .string(value) }
            object["nutrition"] = .object(nutrition)
        }
        if let rating = recipe.rating {
            var aggregate: [String: JSONValue] = ["@type": .string("AggregateRating"), "ratingValue": .number(rating.value)]
            if let count = rating.count { aggregate["ratingCount"] = .number(Double(count)) }
            if let best = rating.best { aggregate["bestRating"] = .number(best) }
            object["aggregateRating"] = .object(aggregate)
        }
        for (key, date) in [("dateCreated", recipe.dates.created), ("dateModified", recipe.dates.modified), ("datePublished", recipe.dates.published)] {
            if let date { object[key] = .string(CanonicalJSON.format(date)) }
        }
        let lines = recipe.ingredients.map(FlatText.ingredientLine)
        if !lines.isEmpty { object["recipeIngredient"] = .array(lines.map(JSONValue.string)) }
        if !recipe.instructionSections.isEmpty { object["recipeInstructions"] = .array(instructions(recipe.instructionSections)) }
        return object
    }

    /// What a schema.org Recipe has no place for, or holds in part (`FormatWriter.noPlaceFor`).
    public static let noPlaceFor: [RecipeField: String] = [
        .notes: "schema.org's Recipe has no notes",
        .datesCooked: "schema.org has no dates a recipe was cooked",
        .prepTime: "a time is one ISO 8601 length, so a range keeps its shorter end",
        .cookTime: "a time is one ISO 8601 length, so a range keeps its shorter end",
        .totalTime: "a time is one ISO 8601 length, so a range keeps its shorter end",
        .ingredientAmounts: "an ingredient is its line, whose amount is read again from its words",
        .ingredientNames: "an ingredient is its line, whose name is read again from its words",
        .optionalMarks: "an ingredient is its line, with no mark of its own",
        .sourceName: "only a web address names the source",
        .sourceAppFields: "only a recipe read from schema.org keeps the keys Larder did not read",
    ]

    static func image(_ image: RecipeImage) -> JSONValue? {
        guard let url = WebLink.http(image.url) else { return nil }
        guard image.width != nil || image.height != nil else { return .string(url) }
        var object: [String: JSONValue] = ["@type": .string("ImageObject"), "url": .string(url)]
        if let width = image.width { object["width"] = .number(Double(width)) }
        if let height = image.height { object["height"] = .number(Double(height)) }
        return .object(object)
    }

    /// The text as written; a number when the source gave a number (read back as servings).
    static func yieldValue(_ yield: Yield) -> JSONValue? {
        if let text = yield.text {
            if let number = Double(text), yield.unit == "servings", yield.quantity?.value == number { return .number(number) }
            return .string(text)
        }
        guard let quantity = yield.quantity else { return nil }
        // A range ("4–6") is text: a number would keep its lower end only.
        let plainNumber = quantity.upper == nil && (yield.unit == nil || yield.unit == "servings")
        return plainNumber ? .number(quantity.value) : .string(FlatText.yield(yield) ?? "")
    }

    /// The source's own ISO text when it was one, else ISO from the minutes; a duration known
    /// only as words (`overnight`) stays words, as RecipeSage writes it.
    static func iso8601(_ duration: RecipeDuration) -> String? {
        if let text = duration.text, DurationParser.iso8601Minutes(text) != nil { return text }
        return duration.minutes.map { DurationText.iso8601(minutes: $0) } ?? duration.text
    }

    static func list(_ items: [String]) -> JSONValue? {
        switch items.count {
        case 0: return nil
        case 1: return .string(items[0])
        default: return .array(items.map(JSONValue.string))
        }
    }

    /// `gluten-free` → `https://schema.org/GlutenFreeDiet`.
    static func dietURL(_ diet: String) -> String {
        "https://schema.org/" + diet.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Diet"
    }

    static func instructions(_ sections: [InstructionSection]) -> [JSONValue] {
        func step(_ step: Step) -> JSONValue {
            var object: [String: JSONValue] = ["@type": .string("HowToStep"), "text": .string(step.text)]
            if let name = step.name { object["name"] = .string(name) }
            if let image = step.image { object["image"] = .string(image) }
            return .object(object)
        }
        if sections.count == 1, sections[0].name == nil { return sections[0].steps.map(step) }
        return sections.flatMap { section -> [JSONValue] in
            guard let name = section.name else { return section.steps.map(step) }
            return [.object(["@type": .string("HowToSection"), "name": .string(name), "itemListElement": .array(section.steps.map(step))])]
        }
    }
}

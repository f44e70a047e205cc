import Foundation

/// Recipe → schema.org Recipe in JSON-LD, the shape `SchemaOrgMapper` reads back: times as
/// ISO-8601, steps as `HowToStep`s (inside `HowToSection`s when sections are named), group
/// names as heading lines among the ingredients (`For the crust:`, as sites write them),
/// images as addresses (`ImageObject`s when their size is known, or when the picture's bytes
/// go along as a `data:` address in `contentUrl`). A recipe read from schema.org (or
/// Nextcloud) gets the keys Larder did not understand back from `extras`.
public enum SchemaOrgWriter {
    /// `pictureBytes`: a picture whose bytes the recipe carries (`embeddedData`) goes along
    /// whole, so that a file of JSON-LD keeps it; false writes web addresses only.
    public static func object(for recipe: Recipe, pictureBytes: Bool = true) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        if [.schemaOrg, .nextcloud].contains(recipe.provenance.origin) {
            for (key, value) in recipe.extras { object[key] = value }
        }
        object["@context"] = .string("https://schema.org")
        object["@type"] = .string("Recipe")
        object["name"] = .string(recipe.title)
        if let description = recipe.description { object["description"] = .string(description) }
        if let url = WebLink.source(of: recipe) { object["url"] = .string(url) }
        // The id the schema.org source gave the recipe (RecipeSage's `identifier`).
        if recipe.provenance.origin == .schemaOrg, let id = recipe.provenance.originalID { object["identifier"] = .string(id) }
        if let author = recipe.provenance.author { object["author"] = .object(["@type": .string("Person"), "name": .string(author)]) }
        let images = pictures(recipe.images, withBytes: pictureBytes)
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
        if !recipe.notes.isEmpty {
            // The recipe's own notes as unsigned comments (RecipeSage writes its notes so), after
            // any readers' comments the source had; `SchemaOrgMapper` tells them apart by author.
            let notes = recipe.notes.map { JSONValue.object(["@type": .string("Comment"), "text": .string($0)]) }
            object["comment"] = .array((object["comment"]?.arrayValue ?? []) + notes)
        }
        let lines = FlatText.ingredientLines(recipe.ingredientGroups)
        if !lines.isEmpty { object["recipeIngredient"] = .array(lines.map(JSONValue.string)) }
        if !recipe.instructionSections.isEmpty { object["recipeInstructions"] = .array(instructions(recipe.instructionSections)) }
        return object
    }

    /// What a schema.org Recipe has no place for, or holds in part (`FormatWriter.noPlaceFor`).
    public static let noPlaceFor: [RecipeField: String] = [
        .datesCooked: "schema.org has no dates a recipe was cooked",
        .prepTime: "a time is one ISO 8601 length, so a range keeps its shorter end",
        .cookTime: "a time is one ISO 8601 length, so a range keeps its shorter end",
        .totalTime: "a time is one ISO 8601 length, so a range keeps its shorter end",
        .ingredientAmounts: "an ingredient is its line, whose amount is read again from its words",
        .ingredientNames: "an ingredient is its line, whose name is read again from its words",
        .optionalMarks: "an ingredient is its line, with no mark of its own",
        .ingredientGroups: "a group's name is a heading line among the ingredients, so a group without a name after one with a name joins it",
        .sourceName: "only a web address names the source",
        .sourceAppFields: "only a recipe read from schema.org keeps the keys Larder did not read",
    ]

    /// The pictures in their order. Sizes are written only when they keep that order: a
    /// reader puts the largest first when sizes are given (`SchemaOrgMapper.images`).
    static func pictures(_ images: [RecipeImage], withBytes: Bool) -> [JSONValue] {
        let kept = images.filter { WebLink.http($0.url) != nil || (withBytes && $0.embeddedData.flatMap(dataAddress) != nil) }
        let areas = kept.map { ($0.width ?? 0) * ($0.height ?? 1) }
        let largestFirst = zip(areas, areas.dropFirst()).allSatisfy { $0 >= $1 }
        return kept.compactMap { image($0, withBytes: withBytes, sized: largestFirst) }
    }

    static func image(_ image: RecipeImage, withBytes: Bool, sized: Bool) -> JSONValue? {
        let url = WebLink.http(image.url)
        let bytes = withBytes ? image.embeddedData.flatMap(dataAddress) : nil
        let hasSize = sized && (image.width != nil || image.height != nil)
        if let url, bytes == nil, !hasSize { return .string(url) }
        guard url != nil || bytes != nil else { return nil }
        var object: [String: JSONValue] = ["@type": .string("ImageObject")]
        if let url { object["url"] = .string(url) }
        if let bytes { object["contentUrl"] = .string(bytes) }
        if hasSize, let width = image.width { object["width"] = .number(Double(width)) }
        if hasSize, let height = image.height { object["height"] = .number(Double(height)) }
        return .object(object)
    }

    /// `data:image/jpeg;base64,…`: a picture's bytes as an address, for a picture that has none
    /// on the web or to keep with the one it has; nil for bytes that are no picture.
    static func dataAddress(_ bytes: [UInt8]) -> String? {
        guard let mediaType = ImageBytes.mediaType(of: bytes) else { return nil }
        return "data:\(mediaType);base64,\(Data(bytes).base64EncodedString())"
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

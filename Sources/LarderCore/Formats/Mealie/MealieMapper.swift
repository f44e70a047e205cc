import Foundation

/// Mealie's recipe JSON → Recipe: the 1.x/2.x API shape (camelCase, also the per-recipe JSON of
/// its export zip) and the pre-1.0 export (snake_case). Ingredients are structured
/// (`quantity`, `unit`, `food`, `note`); an item with a `title` starts a group, an instruction
/// with a `title` starts a section.
public enum MealieMapper {
    /// Mealie's own keys: a `slug` with structured ingredients, or the 1.x `orgURL` /
    /// pre-1.0 `recipe_ingredient`.
    public static func isMealie(_ object: [String: JSONValue]) -> Bool {
        guard object["name"] != nil else { return false }
        if object["recipe_ingredient"] != nil || object["org_url"] != nil || object["orgURL"] != nil { return true }
        guard object["slug"] != nil, let first = object["recipeIngredient"]?.arrayValue?.first else { return false }
        return first["referenceId"] != nil || first["food"] != nil || first["display"] != nil
    }

    /// The recipe of one Mealie JSON object (either generation). Throws when it has no name.
    public static func map(_ object: [String: JSONValue], context: MappingContext) throws -> Recipe {
        var reader = ObjectReader(object)
        guard let name = reader.takeString("name").map(FlatText.title), !name.isEmpty else {
            throw MappingError.missingField("name")
        }
        var recipe = Recipe(title: name)
        recipe.provenance = context.provenance(origin: .mealie, originalID: reader.take("id")?.stringValue)
        if let url = reader.takeString("orgURL", "org_url").flatMap(WebAddress.init(trimming:))?.text {
            recipe.provenance.sourceURL = url
            recipe.provenance.site = SourceURL.host(of: url)
        }
        recipe.description = reader.takeString("description").map(TextCleaner.block)
        let servings = reader.take("recipeServings", "recipe_servings")?.doubleValue
        if let text = reader.takeString("recipeYield", "recipe_yield") {
            recipe.yield = YieldParser.parse(text)
        } else if let servings, servings > 0 {
            recipe.yield = YieldParser.servings(servings)
        }
        reader.ignore("recipeYieldQuantity", "recipe_yield_quantity")
        recipe.times.prep = reader.takeString("prepTime", "prep_time").flatMap(DurationParser.parse)
        recipe.times.cook = reader.takeString("performTime", "perform_time", "cookTime", "cook_time").flatMap(DurationParser.parse)
        recipe.times.total = reader.takeString("totalTime", "total_time").flatMap(DurationParser.parse)
        recipe.categories = names(reader.take("recipeCategory", "recipe_category"))
        recipe.tags = names(reader.take("tags"))
        recipe.cuisines = names(reader.take("recipeCuisine", "recipe_cuisine"))
        if let stars = reader.take("rating")?.doubleValue, stars > 0 { recipe.rating = Rating(value: stars, best: 5) }
        recipe.notes = (reader.take("notes")?.listValue ?? []).compactMap { note in
            let title = note["title"]?.stringValue.flatMap(TextCleaner.nonEmptyLine)
            guard let text = note["text"]?.stringValue.map(TextCleaner.block), !text.isEmpty else { return title }
            return title.map { "\($0): \(text)" } ?? text
        }
        if let nutrition = reader.take("nutrition")?.objectValue {
            for (key, value) in nutrition {
                guard let text = value.stringValue.flatMap(TextCleaner.nonEmptyLine) else { continue }
                recipe.nutrition[schemaNutritionName(key)] = text
            }
        }
        recipe.dates.created = reader.take("dateAdded", "date_added", "createdAt").flatMap(DateReader.read)
        recipe.dates.modified = reader.take("dateUpdated", "date_updated", "updatedAt", "updateAt").flatMap(DateReader.read)
        if let lastMade = reader.take("lastMade", "last_made").flatMap(DateReader.read) { recipe.dates.cooked = [lastMade] }
        recipe.ingredientGroups = ingredientGroups(reader.take("recipeIngredient", "recipe_ingredient")?.listValue ?? [])
        recipe.instructionSections = sections(reader.take("recipeInstructions", "recipe_instructions")?.listValue ?? [])
        let tools = names(reader.take("tools"))
        // Mealie's bookkeeping: who owns the recipe, how it is shown, the key of its picture
        // (whose file comes beside the JSON). Its comments and attached files are the users'
        // and are kept (and named as not read) when there are any.
        reader.ignore("userId", "groupId", "householdId", "settings", "image", "slug", "id",
                      "user_id", "group_id", "household_id", "recipeCategory", "createdAt", "updatedAt", "updateAt")
        // A backup's rows (`MealieDatabase`) also carry the database's own columns: when the row
        // was written, and the lower-cased copies Mealie searches.
        reader.ignore("created_at", "update_at", "name_normalized", "description_normalized", "is_ocr_recipe")
        var extras = reader.filledLeftovers
        if !tools.isEmpty { extras["tools"] = .array(tools.map(JSONValue.string)) }
        if let own = extras["extras"]?.objectValue, own.isEmpty { extras["extras"] = nil }
        recipe.extras = extras
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// Tags, categories and tools come as objects with a `name` (or as plain strings).
    static func names(_ value: JSONValue?) -> [String] {
        (value?.listValue ?? []).compactMap { ($0.stringValue ?? $0["name"]?.stringValue).flatMap(TextCleaner.nonEmptyLine) }
    }

    /// `fat_content` (pre-1.0) → `fatContent`, the schema.org name the model uses.
    static func schemaNutritionName(_ key: String) -> String {
        let parts = key.split(separator: "_")
        guard parts.count > 1 else { return key }
        return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func ingredientGroups(_ items: [JSONValue]) -> [IngredientGroup] {
        var groups: [IngredientGroup] = []
        var current = IngredientGroup(ingredients: [])
        for item in items {
            if let title = item["title"]?.stringValue.flatMap(TextCleaner.nonEmptyLine) {
                if !current.ingredients.isEmpty || current.name != nil { groups.append(current) }
                current = IngredientGroup(name: title, ingredients: [])
            }
            if let ingredient = ingredient(item) { current.ingredients.append(ingredient) }
        }
        if !current.ingredients.isEmpty || current.name != nil { groups.append(current) }
        return groups.filter { !$0.ingredients.isEmpty }
    }

    /// The line as the user wrote it when Mealie kept it (`originalText`); else the parts. An
    /// item with neither food nor unit is a line Mealie did not parse: its text is the note
    /// (the quantity 1 Mealie puts on such lines means nothing).
    static func ingredient(_ item: JSONValue) -> Ingredient? {
        let note = item["note"]?.stringValue.flatMap(TextCleaner.nonEmptyLine)
        let food = (item["food"]?["name"] ?? item["food"])?.stringValue.flatMap(TextCleaner.nonEmptyLine)
        let unit = (item["unit"]?["name"] ?? item["unit"])?.stringValue.flatMap(TextCleaner.nonEmptyLine)
        let disabled = (item["disableAmount"] ?? item["disable_amount"])?.boolValue ?? false
        let quantity = item["quantity"]?.doubleValue.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        if let original = item["originalText"]?.stringValue.flatMap(TextCleaner.nonEmptyLine) {
            return Ingredient(line: original)
        }
        if food == nil && unit == nil {
            guard let note else { return nil }
            return Ingredient(line: note)
        }
        let amount = disabled ? nil : quantity.map { AmountText.format($0, style: .fraction) }
        let line = [amount, unit, food].compactMap { $0 }.joined(separator: " ") + (note.map { ", " + $0 } ?? "")
        return Ingredient(line: line, quantity: disabled ? nil : quantity.map { Amount($0) }, unit: unit, name: food, note: note)
    }

    static func sections(_ items: [JSONValue]) -> [InstructionSection] {
        var sections: [InstructionSection] = []
        var current = InstructionSection(steps: [])
        for item in items {
            if let title = item["title"]?.stringValue.flatMap(TextCleaner.nonEmptyLine) {
                if !current.steps.isEmpty { sections.append(current) }
                current = InstructionSection(name: title, steps: [])
            }
            let text = (item["text"] ?? item["summary"])?.stringValue.map(TextCleaner.block) ?? item.stringValue.map(TextCleaner.block)
            if let text, !text.isEmpty { current.steps.append(Step(text: text)) }
        }
        if !current.steps.isEmpty { sections.append(current) }
        return sections
    }
}

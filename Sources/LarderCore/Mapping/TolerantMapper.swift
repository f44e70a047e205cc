import Foundation

/// Any recipe-like JSON object → Recipe, by the key names apps commonly use. It covers the
/// shapes of the apps Larder grew from (see Tests/Fixtures/apps) and most hand-written files.
/// What it does not recognise goes to `extras`.
public enum TolerantMapper {
    static let titleKeys = ["title", "name", "recipeName", "recipe_name", "label"]
    static let ingredientKeys = ["ingredients", "ingredientLines", "ingredient_lines", "recipeIngredient", "recipeIngredients", "extendedIngredients"]
    static let instructionKeys = ["instructions", "directions", "steps", "method", "recipeInstructions", "preparation", "analyzedInstructions"]

    /// A title and something to cook: ingredients or instructions.
    public static func looksLikeRecipe(_ object: [String: JSONValue]) -> Bool {
        var reader = ObjectReader(object)
        guard reader.take(titleKeys)?.stringValue != nil else { return false }
        return reader.take(ingredientKeys) != nil || reader.take(instructionKeys) != nil
    }

    /// The recipe of any recipe-like object. Throws when no key gives it a title.
    public static func map(_ object: [String: JSONValue], context: MappingContext) throws -> Recipe {
        var reader = ObjectReader(object)
        guard let title = reader.take(titleKeys)?.stringValue.map(TextCleaner.line), !title.isEmpty else {
            throw MappingError.missingField("title or name")
        }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .json, originalID: reader.takeString("id", "uid", "uuid", "recipeId", "recipe_id"))
        recipe.description = reader.takeString("description", "summary", "intro", "subtitle").map(TextCleaner.block)
        if let url = reader.take("sourceURL", "sourceUrl", "source_url", "url", "link", "source", "originalURL", "org_url")?.stringValue
            .flatMap(WebAddress.init(trimming:))?.text {
            recipe.provenance.sourceURL = url
            recipe.provenance.site = SourceURL.host(of: url)
        }
        recipe.provenance.author = reader.take("author", "creator", "chef").flatMap { value in
            value.stringValue.flatMap(TextCleaner.nonEmptyLine) ?? value["name"]?.stringValue.flatMap(TextCleaner.nonEmptyLine)
        }
        recipe.yield = readYield(&reader)
        recipe.times = readTimes(&reader)
        recipe.categories = reader.take("categories", "category", "recipeCategory", "course", "courses").map(SchemaOrgMapper.stringList) ?? []
        recipe.cuisines = reader.take("cuisine", "cuisines", "recipeCuisine", "area").map(SchemaOrgMapper.stringList) ?? []
        recipe.tags = reader.take("tags", "keywords", "labels").map(SchemaOrgMapper.stringList) ?? []
        recipe.diets = TextCleaner.uniqued((reader.take("dietaryAttributes", "diets", "diet", "dietary", "dietLabels", "suitableForDiet").map(SchemaOrgMapper.stringList) ?? []).map(DietNames.normalize))
        if let rating = reader.take("rating", "stars", "aggregateRating") { recipe.rating = SchemaOrgMapper.rating(rating) }
        recipe.notes = readNotes(reader.take("notes", "note", "tips"))
        readNutrition(&reader, into: &recipe)
        recipe.dates.created = reader.take("dateCreated", "created", "createdAt", "created_at", "date_added", "dateAdded", "dateSaved").flatMap(DateReader.read)
        recipe.dates.modified = reader.take("dateModified", "modified", "updatedAt", "updated_at", "lastModified").flatMap(DateReader.read)
        recipe.dates.cooked = (reader.take("datesCooked", "cookedDates", "dates_cooked")?.listValue ?? []).compactMap(DateReader.read)
        recipe.images = readImages(&reader)
        if let ingredients = reader.take(ingredientKeys) {
            try context.limits.check(count: ingredients.listValue.count, of: "ingredient lines", limit: \.maxIngredientLines)
            recipe.ingredientGroups = ingredientGroups(ingredients)
        }
        if let instructions = reader.take(instructionKeys) {
            try context.limits.check(count: instructions.listValue.count, of: "steps", limit: \.maxSteps)
            recipe.instructionSections = instructionSections(instructions)
        }
        recipe.extras = reader.leftovers
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    // MARK: - Fields

    static func readYield(_ reader: inout ObjectReader) -> Yield? {
        guard let value = reader.take("servings", "yield", "yields", "serves", "recipeYield", "portions", "recipe_yield", "servingSize") else { return nil }
        if let number = value.doubleValue, case .number = value { return YieldParser.servings(number) }
        if let text = value.stringValue { return YieldParser.parse(text) }
        return SchemaOrgMapper.yieldValue(value)
    }

    static func readTimes(_ reader: inout ObjectReader) -> RecipeTimes {
        var times = RecipeTimes()
        // Minutes when a number (most apps), ISO-8601 or text when a string.
        func minutesOrText(_ value: JSONValue?) -> RecipeDuration? {
            guard let value else { return nil }
            if case .number(let number) = value { return DurationParser.minutes(number) }
            return value.stringValue.flatMap(DurationParser.parse)
        }
        // Swift apps store `TimeInterval`s: seconds.
        func seconds(_ value: JSONValue?) -> RecipeDuration? {
            guard let number = value?.doubleValue else { return nil }
            return DurationParser.minutes(number / 60)
        }
        times.prep = minutesOrText(reader.take("prepTime", "prep_time", "prepTimeMinutes", "preparationMinutes"))
            ?? seconds(reader.take("prepDuration", "prepTimeSeconds"))
        times.cook = minutesOrText(reader.take("cookTime", "cook_time", "cookTimeMinutes", "cookingMinutes", "cookingTime"))
            ?? seconds(reader.take("cookDuration", "cookTimeSeconds"))
        times.total = minutesOrText(reader.take("totalTime", "total_time", "totalTimeMinutes", "readyInMinutes", "time"))
            ?? seconds(reader.take("totalDuration", "totalTimeSeconds"))
        return times
    }

    static func readNotes(_ value: JSONValue?) -> [String] {
        guard let value else { return [] }
        return value.listValue.compactMap { item in
            (item.stringValue ?? item["text"]?.stringValue).map(TextCleaner.block)
        }.filter { !$0.isEmpty }
    }

    static func readNutrition(_ reader: inout ObjectReader, into recipe: inout Recipe) {
        if let nutrition = reader.take("nutrition", "nutrients", "nutritionalInfo")?.objectValue {
            for (key, value) in nutrition where !key.hasPrefix("@") {
                if let text = value.stringValue.flatMap(TextCleaner.nonEmptyLine) { recipe.nutrition[key] = text }
            }
        }
        if let calories = reader.take("calories", "kcal")?.stringValue.flatMap(TextCleaner.nonEmptyLine) {
            recipe.nutrition["calories"] = calories
        }
    }

    static func readImages(_ reader: inout ObjectReader) -> [RecipeImage] {
        var images: [RecipeImage] = []
        if let value = reader.take("image", "imageURL", "imageUrl", "image_url", "photo", "photoURL", "picture", "thumbnail", "thumbnailUrl") {
            images = SchemaOrgMapper.images(value, graph: SchemaOrgMapper.Graph([]))
                .filter { $0.url.map { $0.contains("/") || $0.contains(".") } ?? false }
        }
        // Photos embedded as base64 (Swift apps' `imageData`, Paprika's `photo_data`).
        if let encoded = reader.take("imageData", "photo_data", "photoData", "image_data")?.stringValue,
           let bytes = Base64Image.decode(encoded) {
            images.insert(RecipeImage(mediaType: ImageBytes.mediaType(of: bytes), embeddedData: bytes), at: 0)
        }
        return images
    }

    // MARK: - Ingredients

    /// Ingredients as one string (one per line), a list of strings, a list of objects
    /// (`{name, quantity, unit, note}`, `{text}`, `{name, quantityDescription}`, `{name, measure}`),
    /// or a list of groups (`{name/title, ingredients: [...]}`).
    static func ingredientGroups(_ value: JSONValue) -> [IngredientGroup] {
        var groups: [IngredientGroup] = []
        var loose: [Ingredient] = []
        for item in value.listValue {
            switch item {
            case .string(let text):
                loose += text.split(whereSeparator: \.isNewline).map { TextCleaner.line(String($0)) }.filter { !$0.isEmpty }.map { Ingredient(line: $0) }
            case .object(let object):
                if let inner = object["ingredients"] ?? object["items"], inner.arrayValue != nil {
                    if !loose.isEmpty { groups.append(IngredientGroup(ingredients: loose)); loose = [] }
                    let name = (object["name"] ?? object["title"] ?? object["heading"])?.stringValue.flatMap(TextCleaner.nonEmptyLine)
                    groups.append(IngredientGroup(name: name, ingredients: ingredientGroups(inner).flatMap(\.ingredients)))
                } else if let ingredient = ingredient(from: object) {
                    loose.append(ingredient)
                }
            default:
                continue
            }
        }
        if !loose.isEmpty { groups.append(IngredientGroup(ingredients: loose)) }
        return groups
    }

    static func ingredient(from object: [String: JSONValue]) -> Ingredient? {
        var reader = ObjectReader(object)
        let text = reader.takeString("text", "line", "original", "originalText", "raw", "display").map(TextCleaner.line)
        let name = reader.takeString("name", "ingredient", "food", "item").map(TextCleaner.line)
        let measure = reader.takeString("quantityDescription", "measure", "amountText").map(TextCleaner.line)
        let quantity = reader.take("quantity", "amount", "qty")
        let unit = reader.take("unit", "units")
        let note = reader.takeString("note", "notes", "comment").map(TextCleaner.line)
        let preparation = reader.takeString("preparation", "prep")?.trimmingCharacters(in: .whitespaces)
        let optional = reader.take("optional", "isOptional")?.boolValue ?? false

        let unitName = unit.flatMap { $0.stringValue ?? $0["name"]?.stringValue }.flatMap(TextCleaner.nonEmptyLine)
        let amount = quantity.flatMap { $0.doubleValue }.flatMap { $0.isFinite && $0 > 0 ? Amount($0) : nil }
        if let measure, let name {
            // The split form, as TheMealDB and the meal planner keep it.
            var ingredient = MealDBMapper.splitIngredient(measure: measure, name: name)
            ingredient.note = note
            ingredient.optional = optional
            return ingredient
        }
        guard let line = text ?? composeLine(amount: quantity?.stringValue, unit: unitName, name: name, note: note) else { return nil }
        return Ingredient(line: line, quantity: amount, unit: unitName, name: name, preparation: preparation, note: note, optional: optional)
    }

    /// A readable line from structured parts: `2 tbsp white miso`, `sesame seeds, to garnish`.
    static func composeLine(amount: String?, unit: String?, name: String?, note: String?) -> String? {
        guard let name else { return nil }
        var line = [amount, unit, name].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        if let note, !note.isEmpty { line += ", " + note }
        return line
    }

    // MARK: - Instructions

    /// Instructions as one string, a list of strings, a list of step objects (`{text, order}`,
    /// `{step, text}`), or a list of sections (`{name, steps: [...]}`).
    static func instructionSections(_ value: JSONValue) -> [InstructionSection] {
        if value.listValue.contains(where: { $0["@type"] != nil }) {
            return SchemaOrgMapper.sections(value, graph: SchemaOrgMapper.Graph([]))
        }
        var sections: [InstructionSection] = []
        var loose: [(order: Double, index: Int, step: Step)] = []
        func flushLoose() {
            if !loose.isEmpty { sections.append(InstructionSection(steps: loose.sorted { ($0.order, $0.index) < ($1.order, $1.index) }.map(\.step))) }
            loose = []
        }
        for (index, item) in value.listValue.enumerated() {
            switch item {
            case .string(let text):
                for step in StepSplitter.steps(from: text) { loose.append((Double(index), loose.count, step)) }
            case .object(let object):
                if let inner = object["steps"] ?? object["instructions"], inner.arrayValue != nil {
                    flushLoose()
                    let name = (object["name"] ?? object["title"])?.stringValue.flatMap(TextCleaner.nonEmptyLine)
                    sections.append(InstructionSection(name: name, steps: instructionSections(inner).flatMap(\.steps)))
                    continue
                }
                let text = (object["text"] ?? object["instruction"] ?? object["description"] ?? object["step"].flatMap { $0.doubleValue == nil ? $0 : nil })?.stringValue ?? ""
                let order = (object["order"] ?? object["position"] ?? object["number"] ?? object["step"])?.doubleValue ?? Double(index)
                for step in StepSplitter.steps(from: text) { loose.append((order, loose.count, step)) }
            default:
                continue
            }
        }
        flushLoose()
        return sections
    }
}

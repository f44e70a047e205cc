import Foundation

/// TheMealDB's meal object → Recipe. Ingredients live in numbered keys (`strIngredient1`,
/// `strMeasure1`, …) with no fixed upper bound; empty slots are spelled `""`, `" "` or null.
public enum MealDBMapper {
    /// True when `object` is a TheMealDB meal (it has `idMeal` or `strMeal`).
    public static func isMeal(_ object: [String: JSONValue]) -> Bool {
        object["idMeal"] != nil || object["strMeal"] != nil
    }

    /// The recipe of one meal object. Throws when it has no `strMeal`.
    public static func map(_ object: [String: JSONValue], context: MappingContext) throws -> Recipe {
        var reader = ObjectReader(object)
        guard let title = reader.takeString("strMeal").map(TextCleaner.line), !title.isEmpty else {
            throw MappingError.missingField("strMeal (the meal's name)")
        }
        let mealID = reader.takeString("idMeal")
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .mealDB, originalID: mealID)
        recipe.provenance.site = "TheMealDB"
        if let source = reader.takeString("strSource") {
            recipe.provenance.sourceURL = source
        }
        recipe.categories = reader.takeString("strCategory").map { [TextCleaner.line($0)] } ?? []
        recipe.cuisines = reader.takeString("strArea").map { [TextCleaner.line($0)] } ?? []
        recipe.tags = reader.takeString("strTags").map { TextCleaner.list($0) } ?? []
        if let instructions = reader.takeString("strInstructions") {
            let steps = StepSplitter.steps(from: instructions)
            if !steps.isEmpty { recipe.instructionSections = [InstructionSection(steps: steps)] }
        }
        if let thumb = reader.takeString("strMealThumb") {
            recipe.images = [RecipeImage(url: thumb)]
        }
        if let modified = reader.take("dateModified") {
            recipe.dates.modified = DateReader.read(modified)
        }
        if let saved = reader.take("dateSaved") {
            recipe.dates.created = DateReader.read(saved)
        }
        let (groups, orphanMeasures) = ingredientGroups(&reader)
        recipe.ingredientGroups = groups

        // Keys whose values are empty carry nothing; the rest that the model has no place for
        // (strYoutube, strMealAlternate, strCountry, strImageSource, …) go to extras.
        recipe.extras = reader.leftovers.filter { !isEmptySlot($0.value) }.merging(orphanMeasures) { first, _ in first }
        recipe.id = mealID.map { "mealdb-" + RecipeIdentity.sanitize($0) } ?? RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// Reads the numbered slots in numeric order (1, 2, …, 20, 21, …), and also the array form
    /// some apps store (`ingredients: [{name, measure}]`).
    static func ingredientGroups(_ reader: inout ObjectReader) -> (groups: [IngredientGroup], orphanMeasures: [String: JSONValue]) {
        var slots: [Int: (ingredient: String?, measure: String?)] = [:]
        for key in reader.object.keys {
            if let number = slotNumber(key, prefix: "strIngredient") {
                reader.ignore(key)
                slots[number, default: (nil, nil)].ingredient = reader.object[key]?.stringValue
            } else if let number = slotNumber(key, prefix: "strMeasure") {
                reader.ignore(key)
                slots[number, default: (nil, nil)].measure = reader.object[key]?.stringValue
            }
        }
        var ingredients: [Ingredient] = []
        var orphans: [String: JSONValue] = [:]
        for number in slots.keys.sorted() {
            let slot = slots[number]!
            let measure = slot.measure.map(TextCleaner.line) ?? ""
            let name = slot.ingredient.map(TextCleaner.line) ?? ""
            if name.isEmpty {
                // A measure with no ingredient: nothing to cook with, but not ours to drop.
                if !measure.isEmpty { orphans["strMeasure\(number)"] = .string(slot.measure!) }
                continue
            }
            ingredients.append(splitIngredient(measure: measure, name: name))
        }
        if let list = reader.take("ingredients")?.arrayValue {
            for item in list {
                guard let object = item.objectValue else { continue }
                let name = object["name"]?.stringValue.map(TextCleaner.line) ?? object["strIngredient"]?.stringValue.map(TextCleaner.line) ?? ""
                let measure = object["measure"]?.stringValue.map(TextCleaner.line) ?? object["strMeasure"]?.stringValue.map(TextCleaner.line) ?? ""
                if !name.isEmpty { ingredients.append(splitIngredient(measure: measure, name: name)) }
            }
        }
        return (ingredients.isEmpty ? [] : [IngredientGroup(ingredients: ingredients)], orphans)
    }

    /// The split form: a measure (`"1 tblsp "`) and a name (`"Olive Oil"`) become one line.
    /// The name is the source's own, without the words after it that set themselves apart
    /// (`Free-range Egg, Beaten`; and as Larder's export writes a line, `flour, sifted` or
    /// `shrimp (about 700g)`): those, like the measure's parts, are left to the ingredient
    /// parser, which reads them from the line.
    public static func splitIngredient(measure: String, name: String) -> Ingredient {
        let line = measure.isEmpty ? name : measure + " " + name
        return Ingredient(line: line, name: nameBeforeComment(name, line: line) ?? nameBeforeComma(name) ?? name)
    }

    /// `shrimp` of `shrimp (about 700g)` in `1 pound shrimp (about 700g)`: the name the parser
    /// reads in the line, when the source's name starts with it and the rest of it is part of
    /// the comment the parser read. A name the parser would cut otherwise (`Garlic` of `3` +
    /// `Garlic Clove`, where it reads a unit) is not cut here.
    static func nameBeforeComment(_ name: String, line: String) -> String? {
        guard name.contains(where: { $0 == "," || $0 == "(" || $0 == " " }) else { return nil }
        let parsed = IngredientParser.parse(line)
        guard let start = parsed.name, !start.isEmpty, name.hasPrefix(start), let comment = parsed.comment,
              let next = name.dropFirst(start.count).first, next.isWhitespace || next == "," || next == "(" else { return nil }
        let rest = name.dropFirst(start.count).trimmingCharacters(in: CharacterSet(charactersIn: " ,-–"))
        return !rest.isEmpty && comment.contains(rest) ? start : nil
    }

    /// `garlic cloves` of `garlic cloves, minced`: the text before the first comma outside
    /// brackets (`ground beef (lean, 90%)` has none).
    static func nameBeforeComma(_ name: String) -> String? {
        var depth = 0
        for index in name.indices {
            switch name[index] {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            case "," where depth == 0:
                let before = name[..<index].trimmed
                return before.isEmpty ? nil : before
            default: break
            }
        }
        return nil
    }

    static func slotNumber(_ key: String, prefix: String) -> Int? {
        guard key.hasPrefix(prefix) else { return nil }
        let digits = key.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let number = Int(digits), number > 0 else { return nil }
        return number
    }

    static func isEmptySlot(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        default: return false
        }
    }
}

import Foundation

/// Tandoor's `recipe.json` (inside each per-recipe zip of its export) → Recipe. Ingredients
/// belong to steps; a row with `is_header` names a group. Times are whole minutes
/// (`working_time` is preparation, `waiting_time` cooking). Keywords are objects with a name;
/// Tandoor writes categories as keywords like `Course: Main`.
public enum TandoorMapper {
    /// True when `object` has Tandoor's keys (a `name` and `steps`, with its times or steps holding `instruction`), so that the JSON reader sends it here.
    public static func isTandoor(_ object: [String: JSONValue]) -> Bool {
        guard object["name"] != nil, let steps = object["steps"]?.arrayValue else { return false }
        return object["working_time"] != nil || object["waiting_time"] != nil || steps.first?["instruction"] != nil
    }

    /// The recipe of one Tandoor `recipe.json`. Throws when it has no name.
    public static func map(_ object: [String: JSONValue], context: MappingContext) throws -> Recipe {
        var reader = ObjectReader(object)
        guard let name = reader.takeString("name").map(FlatText.title), !name.isEmpty else {
            throw MappingError.missingField("name")
        }
        var recipe = Recipe(title: name)
        recipe.provenance = context.provenance(origin: .tandoor)
        recipe.description = reader.takeString("description").map(TextCleaner.block)
        let servingsText = reader.takeString("servings_text")
        if let servings = reader.take("servings")?.doubleValue, servings > 0 {
            recipe.yield = servingsText.flatMap { YieldParser.parse("\(YAMLText.number(servings)) \($0)") } ?? YieldParser.servings(servings)
        }
        recipe.times.prep = reader.take("working_time")?.doubleValue.flatMap(DurationParser.minutes)
        recipe.times.cook = reader.take("waiting_time")?.doubleValue.flatMap(DurationParser.minutes)
        for keyword in MealieMapper.names(reader.take("keywords")) {
            // `Course: Main` and `Cuisine: Thai` are how Tandoor users file categories.
            let parts = keyword.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, ["course", "category"].contains(parts[0].lowercased()) {
                recipe.categories.append(parts[1])
            } else if parts.count == 2, parts[0].lowercased() == "cuisine" {
                recipe.cuisines.append(parts[1])
            } else {
                recipe.tags.append(keyword)
            }
        }
        if let nutrition = reader.take("nutrition")?.objectValue {
            for (key, value) in nutrition where key != "id" {
                guard let number = value.doubleValue, number > 0 else { continue }
                let unit = key == "calories" ? " kcal" : " g"
                recipe.nutrition[key.hasSuffix("Content") || key == "calories" ? key : key + "Content"] = YAMLText.number(number) + unit
            }
        }
        let steps = (reader.take("steps")?.listValue ?? []).sorted { ($0["order"]?.doubleValue ?? 0) < ($1["order"]?.doubleValue ?? 0) }
        var groups: [IngredientGroup] = []
        for step in steps {
            for item in (step["ingredients"]?.listValue ?? []).sorted(by: { ($0["order"]?.doubleValue ?? 0) < ($1["order"]?.doubleValue ?? 0) }) {
                if item["is_header"]?.boolValue == true {
                    let title = (item["note"] ?? item["food"]?["name"])?.stringValue.flatMap(TextCleaner.nonEmptyLine)
                    groups.append(IngredientGroup(name: title, ingredients: []))
                    continue
                }
                guard let ingredient = ingredient(item) else { continue }
                if groups.isEmpty { groups.append(IngredientGroup(ingredients: [])) }
                groups[groups.count - 1].ingredients.append(ingredient)
            }
        }
        recipe.ingredientGroups = groups.filter { !$0.ingredients.isEmpty }
        var sections: [InstructionSection] = []
        for step in steps {
            let (text, source) = splitSource(step["instruction"]?.stringValue ?? "")
            if let source, recipe.provenance.sourceURL == nil {
                recipe.provenance.sourceURL = source
                recipe.provenance.site = SourceURL.host(of: source)
            }
            let paragraphs = text.components(separatedBy: "\n\n").map(TextCleaner.block).filter { !$0.isEmpty }.map { Step(text: $0) }
            let title = step["name"]?.stringValue.flatMap(TextCleaner.nonEmptyLine)
            guard !paragraphs.isEmpty else { continue }
            if title == nil, let last = sections.indices.last, sections[last].name == nil {
                sections[last].steps += paragraphs
            } else {
                sections.append(InstructionSection(name: title, steps: paragraphs))
            }
        }
        recipe.instructionSections = sections
        reader.ignore("internal", "source_url")
        recipe.extras = reader.filledLeftovers
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    static func ingredient(_ item: JSONValue) -> Ingredient? {
        let food = item["food"]?["name"]?.stringValue.flatMap(TextCleaner.nonEmptyLine)
        let unit = item["unit"]?["name"]?.stringValue.flatMap(TextCleaner.nonEmptyLine)
        let note = item["note"]?.stringValue.flatMap(TextCleaner.nonEmptyLine)
        let noAmount = item["no_amount"]?.boolValue ?? false
        let amount = noAmount ? nil : item["amount"]?.doubleValue.flatMap { $0 > 0 ? $0 : nil }
        guard food != nil || note != nil else { return nil }
        let line = [amount.map { AmountText.format($0, style: .fraction) }, unit, food].compactMap { $0 }.joined(separator: " ")
            + (note.map { food == nil ? $0 : " (\($0))" } ?? "")
        return Ingredient(line: line.trimmed, quantity: amount.map { Amount($0) }, unit: unit, name: food, note: note)
    }

    /// Tandoor's importers leave the source under a `### Source` heading at the end of the
    /// instructions; it becomes the source URL and leaves the steps.
    static func splitSource(_ text: String) -> (text: String, url: String?) {
        guard let range = text.range(of: "### Source", options: [.backwards, .caseInsensitive]) else { return (text, nil) }
        let tail = text[range.upperBound...]
        let url = tail.split(whereSeparator: { $0.isWhitespace }).first { WebAddress.isWebAddress(String($0)) }.map { TextCleaner.line(String($0)) }
        return (String(text[..<range.lowerBound]), url)
    }
}

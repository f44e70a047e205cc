import Foundation

/// A Cooklang document → Recipe. Ingredients are gathered from the steps in the order they
/// are first used (the same ingredient and unit used twice is added up); steps keep their text
/// with the names in place; cookware is kept in `extras["cookware"]`; metadata keys the model
/// has no place for go to `extras`.
public enum CooklangMapper {
    /// Parses Cooklang `source` and maps it; `fileName` gives the title when the metadata has none. Throws when the text is not valid Cooklang, exceeds a limit, or gives no title.
    public static func recipe(from source: String, fileName: String, context: MappingContext) throws -> Recipe {
        let document: CooklangDocument
        do { document = try CooklangParser.parse(source, limits: context.limits) } catch let error as CooklangParser.SyntaxError {
            throw MappingError.invalid("not valid Cooklang: \(error.description)")
        } catch let exceeded as InputLimits.Exceeded {
            throw MappingError.invalid(exceeded.description)
        }
        return try map(document, fileName: fileName, context: context)
    }

    /// The recipe of a parsed document; `fileName` gives the title when the metadata has none.
    public static func map(_ document: CooklangDocument, fileName: String, context: MappingContext) throws -> Recipe {
        let fallbackTitle = fileName.replacingOccurrences(of: "_", with: " ")
        let title = FlatText.title(document.value("title")?.text ?? fallbackTitle)
        guard !title.isEmpty else { throw MappingError.missingField("title") }
        guard !document.sections.isEmpty || !document.metadata.isEmpty else { throw MappingError.noRecipe("the file has no steps and no metadata") }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .cooklang)
        var metadata = FrontMatter.Reader(document.metadata, ignoring: ["title"])
        recipe.description = metadata.take("description", "introduction").map { TextCleaner.block($0.text) }
        if let servings = metadata.take("servings", "serves", "yield") {
            // `2|4|6` offers several scalings; the first is the recipe as written.
            let first = servings.text.split(separator: "|").first.map(String.init) ?? servings.text
            recipe.yield = YieldParser.parse(first)
        }
        recipe.times.total = metadata.take("time", "duration", "total time", "time.total").flatMap { DurationParser.parse($0.text) }
        recipe.times.prep = metadata.take("prep time", "time.prep", "prep_time").flatMap { DurationParser.parse($0.text) }
        recipe.times.cook = metadata.take("cook time", "time.cook", "cook_time").flatMap { DurationParser.parse($0.text) }
        // A web address, or the name of where the recipe came from (a book, a site); nested
        // front matter writes them as `source: {url, name}`.
        for source in [metadata.take("source.url"), metadata.take("source")].compactMap({ $0?.text.trimmed }) where !source.isEmpty {
            if WebAddress.isWebAddress(source) {
                if recipe.provenance.sourceURL == nil {
                    recipe.provenance.sourceURL = source
                    recipe.provenance.site = SourceURL.host(of: source)
                }
            } else {
                recipe.provenance.site = source
            }
        }
        if let name = metadata.take("source.name").flatMap({ TextCleaner.nonEmptyLine($0.text) }) { recipe.provenance.site = name }
        recipe.provenance.author = metadata.take("author", "source.author").flatMap { TextCleaner.nonEmptyLine($0.text) }
        recipe.nutrition = NutritionText.values(metadata.takeAll(under: "nutrition"))
        // Nutrients as metadata of their own (`>> calories: 230%kkal`, `>> total fat: 6.4%g`),
        // in Cooklang's amount%unit: only an amount is a nutrient (`protein: chicken` is not).
        let nutrients = metadata.takeAll { key, value in NutritionNames.key(forLabel: key) != nil && value.text.contains(where: \.isNumber) }
        for (key, value) in NutritionText.values(nutrients.map { ($0.key, .text($0.value.text.replacingOccurrences(of: "%", with: " "))) }) {
            if recipe.nutrition[key] == nil { recipe.nutrition[key] = value }
        }
        recipe.categories = metadata.take("course", "category")?.items ?? []
        recipe.cuisines = metadata.take("cuisine")?.items ?? []
        recipe.diets = (metadata.take("diet")?.items ?? []).map(DietNames.normalize)
        recipe.tags = metadata.take("tags")?.items ?? []
        recipe.images = pictureAddresses(metadata.take("image", "images", "picture", "pictures"))
            .filter(WebAddress.isWebAddress).map { RecipeImage(url: $0) }
        recipe.rating = rating(&metadata)
        if let nutrition = metadata.take("nutrition") { recipe.nutrition = Self.nutrition(nutrition) }
        for (key, value) in metadata.leftovers(keepingEmptyText: true) { recipe.extras[key] = value }
        recipe.notes = document.notes.filter { !$0.isEmpty }
        var ingredients: [Ingredient] = []
        var cookware: [String] = []
        var sections = document.sections
        // A first paragraph that only lists ingredients is the recipe's ingredient list, not a
        // step: each item is a line of its own (not added up), as written.
        if let first = sections.first, first.name == nil, let list = first.steps.first, let listed = ingredientList(list) {
            ingredients = listed
            sections[0].steps.removeFirst()
            if sections[0].steps.isEmpty { sections.removeFirst() }
        }
        let listedCount = ingredients.count
        recipe.instructionSections = sections.compactMap { section in
            let steps = section.steps.map { items -> Step in
                for item in items {
                    switch item {
                    case .ingredient(let name, let quantity, let units, let preparation):
                        add(ingredient(name: name, quantity: quantity, units: units, preparation: preparation), to: &ingredients, after: listedCount)
                    case .cookware(let name, _):
                        if !cookware.contains(name) { cookware.append(name) }
                    default:
                        break
                    }
                }
                return Step(text: TextCleaner.line(items.map(stepText).joined()))
            }.filter { !$0.text.isEmpty }
            return steps.isEmpty && section.name == nil ? nil : InstructionSection(name: section.name, steps: steps)
        }
        if !ingredients.isEmpty { recipe.ingredientGroups = [IngredientGroup(ingredients: ingredients)] }
        if !cookware.isEmpty { recipe.extras["cookware"] = .array(cookware.map(JSONValue.string)) }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// A picture's address is text, commas and all (`…/upload/ar_1:1,c_fill/…`); several are a list.
    static func pictureAddresses(_ value: CooklangDocument.MetadataValue?) -> [String] {
        switch value {
        case .text(let address): return [address.trimmed].filter { !$0.isEmpty }
        case .list(let addresses): return addresses.map(\.trimmed).filter { !$0.isEmpty }
        case nil: return []
        }
    }

    /// `rating: 4.5`, with `rating count` and `rating best` when the file gives them.
    static func rating(_ metadata: inout FrontMatter.Reader) -> Rating? {
        let value = metadata.take("rating").flatMap { Double($0.text.trimmed) }
        let count = metadata.take("rating count").flatMap { Int($0.text.trimmed) }
        let best = metadata.take("rating best").flatMap { Double($0.text.trimmed) }
        guard let value, value.isFinite, value > 0 else { return nil }
        return Rating(value: value, count: count.flatMap { $0 >= 0 ? $0 : nil }, best: best.flatMap { $0.isFinite && $0 > 0 ? $0 : nil })
    }

    /// A `nutrition` mapping as cook CLI's import writes it (`calories: 330 calories`, `fat:
    /// 18 g`): known nutrients by their schema.org names, others under their own label.
    static func nutrition(_ value: CooklangDocument.MetadataValue) -> [String: String] {
        var nutrition: [String: String] = [:]
        for item in value.items {
            guard let colon = item.range(of: ": ") ?? item.range(of: ":") else { continue }
            let label = String(item[..<colon.lowerBound]).trimmed
            let amount = String(item[colon.upperBound...]).trimmed
            guard !label.isEmpty, !amount.isEmpty else { continue }
            nutrition[NutritionNames.key(forLabel: label) ?? label] = amount
        }
        return nutrition
    }

    /// The label cook CLI's import gives a schema.org nutrient (`fatContent` → `fat`), or the
    /// key itself for any other.
    static func nutritionLabel(for key: String) -> String {
        let labels = ["calories": "calories", "fatContent": "fat", "saturatedFatContent": "saturated fat", "transFatContent": "trans fat",
                      "unsaturatedFatContent": "unsaturated fat", "carbohydrateContent": "carbohydrates", "sugarContent": "sugar",
                      "proteinContent": "protein", "fiberContent": "fiber", "sodiumContent": "sodium", "cholesterolContent": "cholesterol",
                      "servingSize": "serving size"]
        return labels[key] ?? key
    }

    static func stepText(_ item: CooklangDocument.Item) -> String {
        switch item {
        case .text(let text): return text
        case .ingredient(let name, _, _, _): return name
        case .cookware(let name, _): return name
        case .timer(let name, let quantity, let units):
            let amount = [quantityText(quantity), units].filter { !$0.isEmpty }.joined(separator: " ")
            return amount.isEmpty ? name : amount
        }
    }

    static func quantityText(_ quantity: CooklangDocument.Quantity) -> String {
        switch quantity {
        case .none: return ""
        case .number(_, let written): return written
        case .text(let text): return text
        }
    }

    static func ingredient(name: String, quantity: CooklangDocument.Quantity, units: String, preparation: String?) -> Ingredient {
        let amount = quantityText(quantity)
        var line = [amount, units, name].filter { !$0.isEmpty }.joined(separator: " ")
        if let preparation, !preparation.isEmpty { line += ", " + preparation }
        // The spec keeps a range (`2-3`, `1 to 2`) as text; it is still an amount, so it scales.
        let number = quantity.value.map { Amount($0) } ?? PlainAmount.amount(amount) ?? PlainAmount.wordedRange(amount)
        let unit = unitWithoutSize(units)
        return Ingredient(line: line, quantity: number, unit: unit.isEmpty ? nil : unit, name: name,
                          preparation: preparation.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The unit of units that carry a package's size (`(15 oz) can`, `cups (230g)`, as
    /// `CooklangWriter` writes them so the line keeps its size): the words outside brackets.
    static func unitWithoutSize(_ units: String) -> String {
        var depth = 0
        var outside = ""
        for character in units {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) } else if depth == 0 { outside.append(character) }
        }
        return outside.split(separator: " ").joined(separator: " ")
    }

    /// The ingredients of a paragraph made of nothing but ingredients and the commas (or
    /// `and`) between them, such as `CooklangWriter` writes for ingredients no step names;
    /// nil for any other paragraph.
    static func ingredientList(_ items: [CooklangDocument.Item]) -> [Ingredient]? {
        var listed: [Ingredient] = []
        for item in items {
            switch item {
            case .ingredient(let name, let quantity, let units, let preparation):
                listed.append(ingredient(name: name, quantity: quantity, units: units, preparation: preparation))
            case .text(let text):
                let words = text.split(whereSeparator: { $0.isWhitespace || ",;&".contains($0) })
                guard words.allSatisfy({ $0.lowercased() == "and" }) else { return nil }
            default:
                return nil
            }
        }
        return listed.isEmpty ? nil : listed
    }

    /// The same ingredient in the same unit, used again in the steps, adds up; used again
    /// without an amount, it is already listed. Lines before `start` (the ingredient list) are
    /// lines of their own and never added to.
    static func add(_ ingredient: Ingredient, to list: inout [Ingredient], after start: Int = 0) {
        guard let index = list.indices.dropFirst(start).first(where: { list[$0].name == ingredient.name && list[$0].unit == ingredient.unit }) else {
            list.append(ingredient)
            return
        }
        var existing = list[index]
        if ingredient.quantity == nil && ingredient.line == ingredient.name { return }
        guard let extra = ingredient.quantity, let have = existing.quantity, !extra.isRange, !have.isRange,
              existing.preparation == ingredient.preparation else {
            list.append(ingredient)
            return
        }
        let sum = have.value + extra.value
        existing = self.ingredient(name: existing.name ?? "", quantity: .number(sum, written: PlainAmount.text(sum)), units: existing.unit ?? "",
                                   preparation: existing.preparation)
        list[index] = existing
    }
}

extension InputLimits {
    /// Throws `Exceeded` for the first limit a recipe goes over: its counts (ingredient lines,
    /// steps, other lists, pictures), the size of each text field (also inside `extras`) and of
    /// each embedded picture. Linear in the recipe's size; run on every recipe of every source
    /// before any stage works on it.
    public func check(_ recipe: Recipe) throws {
        let ingredientLines = recipe.ingredientGroups.reduce(0) { $0 + $1.ingredients.count }
        try count(ingredientLines, "ingredient lines", maxIngredientLines)
        let steps = recipe.instructionSections.reduce(0) { $0 + $1.steps.count }
        try count(steps, "steps", maxSteps)
        try count(recipe.images.count, "pictures", maxImagesPerRecipe)
        for (list, plural, one) in [(recipe.notes, "notes", "a note"), (recipe.categories, "categories", "a category"),
                                    (recipe.cuisines, "cuisines", "a cuisine"), (recipe.tags, "tags", "a tag"),
                                    (recipe.diets, "diets", "a diet")] {
            try count(list.count, plural, maxListItems)
            for item in list { try field(item, one) }
        }
        try count(recipe.nutrition.count, "nutrition facts", maxListItems)
        for (key, value) in recipe.nutrition {
            try field(key, "a nutrition fact")
            try field(value, "a nutrition fact")
        }
        try field(recipe.id, "an id")
        try field(recipe.title, "a title")
        try field(recipe.description, "a description")
        try field(recipe.yield?.text, "a yield")
        for time in [recipe.times.prep, recipe.times.cook, recipe.times.total] { try field(time?.text, "a time") }
        let provenance = recipe.provenance
        for text in [provenance.sourceURL, provenance.site, provenance.author, provenance.originalID] {
            try field(text, "a source field")
        }
        for group in recipe.ingredientGroups {
            try field(group.name, "an ingredient heading")
            for ingredient in group.ingredients {
                for text in [ingredient.line, ingredient.unit, ingredient.name, ingredient.preparation, ingredient.note] {
                    try field(text, "an ingredient line")
                }
            }
        }
        for section in recipe.instructionSections {
            try field(section.name, "a section heading")
            for step in section.steps {
                for text in [step.text, step.name, step.image] { try field(text, "a step") }
            }
        }
        for image in recipe.images {
            try field(image.url, "a picture's address")
            try field(image.path, "a picture's path")
            if let bytes = image.embeddedData, bytes.count > maxImageBytes {
                throw Exceeded("a picture", found: bytes.count, limit: maxImageBytes, per: "picture", unit: .bytes)
            }
        }
        for (key, value) in recipe.extras {
            try field(key, "a field kept as read")
            try extra(value)
        }
    }

    /// For a reader that knows how many items a list will give before it builds them (the
    /// 2.8 million ingredient lines of one JSON-LD list took gigabytes as `Ingredient`s).
    public func check(count found: Int, of what: String, limit: KeyPath<InputLimits, Int>) throws {
        try count(found, what, self[keyPath: limit])
    }

    private func count(_ found: Int, _ what: String, _ limit: Int) throws {
        if found > limit { throw Exceeded(what, found: found, limit: limit, per: "recipe") }
    }

    private func field(_ text: String?, _ what: String) throws {
        guard let text, text.utf8.count > maxFieldBytes else { return }
        throw Exceeded(what, found: text.utf8.count, limit: maxFieldBytes, per: "field", unit: .bytes)
    }

    /// The strings of a kept value; its lists count as lists do (nesting is bounded by the
    /// JSON parser).
    private func extra(_ value: JSONValue) throws {
        switch value {
        case .string(let text):
            try field(text, "a field kept as read")
        case .array(let items):
            try count(items.count, "items in a field kept as read", maxListItems)
            for item in items { try extra(item) }
        case .object(let object):
            try count(object.count, "items in a field kept as read", maxListItems)
            for (key, item) in object {
                try field(key, "a field kept as read")
                try extra(item)
            }
        default:
            break
        }
    }
}

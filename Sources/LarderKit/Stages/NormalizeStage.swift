import LarderCore

/// Parses ingredient lines into quantity, unit, name and preparation, and cleans every text field: HTML references decoded, tags stripped, Unicode NFC, white space
/// collapsed, names and tags trimmed, empty and duplicate list items dropped. Ingredient lines
/// keep their words but lose stray markup and spacing.
public struct NormalizeStage: RecipeStage {
    /// The stage's name in the report (`normalize`).
    public let name = "normalize"
    /// The stage.
    public init() {}

    /// JSON cannot hold an infinite number (`1e309` reads as one): it is dropped, with a note.
    static func keepingFiniteNumbers(_ recipe: Recipe) -> StageDecision {
        var kept = recipe
        let dropped = kept.dropNonFiniteNumbers()
        guard !dropped.isEmpty else { return .keep(recipe) }
        return .keepNoting(kept, notes: ["dropped numbers that are not finite (too large for JSON, such as 1e309) from: " + dropped.joined(separator: ", ")])
    }

    /// The stage applied to one recipe (`RecipeStage.apply(_:)`; the type says what it does).
    public func apply(_ recipe: Recipe) throws -> StageDecision {
        var r = recipe
        r.title = TextCleaner.line(r.title)
        guard !r.title.isEmpty else { return .skip(reason: "the recipe has no title") }
        r.description = r.description.map(TextCleaner.block).flatMap { $0.isEmpty ? nil : $0 }
        r.categories = TextCleaner.uniqued(r.categories.map(TextCleaner.line))
        r.cuisines = TextCleaner.uniqued(r.cuisines.map(TextCleaner.line))
        r.tags = TextCleaner.uniqued(r.tags.map(TextCleaner.line))
        r.diets = TextCleaner.uniqued(r.diets.map(DietNames.normalize))
        r.notes = r.notes.map(TextCleaner.block).filter { !$0.isEmpty }
        r.provenance.author = TextCleaner.nonEmptyLine(r.provenance.author)
        r.ingredientGroups = IngredientHeading.splitGroups(r.ingredientGroups).compactMap { group in
            let ingredients = group.ingredients.compactMap { ingredient -> Ingredient? in
                var cleaned = ingredient
                cleaned.line = TextCleaner.line(ingredient.line)
                cleaned.name = TextCleaner.nonEmptyLine(ingredient.name)
                guard !cleaned.line.isEmpty else { return nil }
                // Lines the source did not structure are parsed; what the source gave is kept.
                if cleaned.quantity == nil && cleaned.unit == nil {
                    let parsed = IngredientParser.parse(cleaned.line)
                    cleaned.quantity = parsed.quantity
                    cleaned.unit = parsed.unit
                    // A name the source gave wins; then the parse's comment is kept only when it
                    // is not already part of that name ("minced garlic" from TheMealDB).
                    let sourceName = cleaned.name
                    cleaned.name = sourceName ?? parsed.name
                    // The size goes with it (`large` of `2 large eggs`): the model has no
                    // field of its own for it, and a word of the line must not vanish.
                    if let comment = parsed.preparation, sourceName.map({ !$0.lowercased().contains(comment.lowercased()) }) ?? true {
                        cleaned.preparation = cleaned.preparation ?? comment
                    }
                }
                // A unit the source wrote its own way ("g", "tbsps") becomes the canonical name,
                // so scaling, conversion and shopping lists recognise it.
                cleaned.unit = cleaned.unit.map { UnitVocabulary.canonical($0) ?? $0 }
                return cleaned
            }
            guard !ingredients.isEmpty else { return nil }
            return IngredientGroup(name: TextCleaner.nonEmptyLine(group.name), ingredients: ingredients)
        }
        r.instructionSections = r.instructionSections.compactMap { section in
            let steps = section.steps.compactMap { step -> Step? in
                var cleaned = step
                cleaned.text = TextCleaner.block(step.text)
                cleaned.name = TextCleaner.nonEmptyLine(step.name)
                return cleaned.text.isEmpty ? nil : cleaned
            }
            guard !steps.isEmpty || section.name != nil else { return nil }
            return InstructionSection(name: TextCleaner.nonEmptyLine(section.name), steps: steps)
        }
        if r.id.isEmpty { r.id = RecipeIdentity.makeID(for: r) }
        r.id = RecipeIdentity.sanitize(r.id)
        return Self.keepingFiniteNumbers(r)
    }
}

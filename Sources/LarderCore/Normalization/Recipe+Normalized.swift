/// A recipe as `larder import` stores it, and what normalising it left out that the user
/// should know.
public struct NormalizedRecipe: Hashable, Sendable {
    /// The recipe, cleaned and with its ingredient lines parsed.
    public var recipe: Recipe
    /// What normalising dropped, one sentence each (a number JSON cannot hold); empty when
    /// nothing was lost.
    public var notes: [String]

    /// A normalised recipe and its notes.
    public init(recipe: Recipe, notes: [String] = []) {
        self.recipe = recipe
        self.notes = notes
    }
}

/// Why a recipe cannot be normalised into one a library keeps (it has no title once its title
/// is cleaned).
public struct UnusableRecipe: DescribedError, Hashable {
    /// Why, in a phrase the report shows ("the recipe has no title").
    public var reason: String
    /// The reason.
    public var description: String { reason }

    /// A refusal, and why.
    public init(reason: String) {
        self.reason = reason
    }
}

extension Recipe {
    /// The recipe as an import keeps it: every text field cleaned (HTML references decoded,
    /// tags stripped, Unicode NFC, white space collapsed, empty and duplicate list items
    /// dropped), ingredient lines the source did not structure parsed into quantity, unit,
    /// name and preparation, units given their canonical names, an id made when it has none,
    /// and numbers JSON cannot hold dropped with a note. Ingredient lines keep their words but
    /// lose stray markup and spacing.
    ///
    /// Throws ``UnusableRecipe`` when nothing of the title is left: such a recipe cannot be
    /// stored or found.
    public func normalized() throws(UnusableRecipe) -> NormalizedRecipe {
        var r = self
        r.title = TextCleaner.line(r.title)
        guard !r.title.isEmpty else { throw UnusableRecipe(reason: "the recipe has no title") }
        r.description = r.description.map(TextCleaner.block).flatMap { $0.isEmpty ? nil : $0 }
        r.categories = TextCleaner.uniqued(r.categories.map(TextCleaner.line))
        r.cuisines = TextCleaner.uniqued(r.cuisines.map(TextCleaner.line))
        r.tags = TextCleaner.uniqued(r.tags.map(TextCleaner.line))
        r.diets = TextCleaner.uniqued(r.diets.map(DietNames.normalize))
        r.notes = r.notes.map(TextCleaner.block).filter { !$0.isEmpty }
        r.provenance.author = TextCleaner.nonEmptyLine(r.provenance.author)
        r.ingredientGroups = IngredientHeading.splitGroups(r.ingredientGroups).compactMap(Self.normalized)
        r.instructionSections = r.instructionSections.compactMap(Self.normalized)
        if r.id.isEmpty { r.id = RecipeIdentity.makeID(for: r) }
        r.id = RecipeIdentity.sanitize(r.id)
        // JSON cannot hold an infinite number (`1e309` reads as one): it is dropped, with a note.
        let dropped = r.dropNonFiniteNumbers()
        guard !dropped.isEmpty else { return NormalizedRecipe(recipe: r) }
        return NormalizedRecipe(recipe: r, notes: [
            "dropped numbers that are not finite (too large for JSON, such as 1e309) from: " + dropped.joined(separator: ", "),
        ])
    }

    /// A group with its lines cleaned and parsed; nil when no line is left.
    private static func normalized(_ group: IngredientGroup) -> IngredientGroup? {
        let ingredients = group.ingredients.compactMap(normalized)
        guard !ingredients.isEmpty else { return nil }
        return IngredientGroup(name: TextCleaner.nonEmptyLine(group.name), ingredients: ingredients)
    }

    private static func normalized(_ ingredient: Ingredient) -> Ingredient? {
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
        splitPreparationFromUnit(&cleaned)
        // A unit the source wrote its own way ("g", "tbsps") becomes the canonical name,
        // so scaling, conversion and shopping lists recognise it.
        cleaned.unit = cleaned.unit.map { UnitVocabulary.canonical($0) ?? $0 }
        return cleaned
    }

    /// A unit holding a comma is a unit and a preparation that a source put in one field
    /// (`oz, peeled and minced`, `cup, rinsed and sorted`): the words after the comma go before
    /// the preparation, and the unit is what comes before it (none when nothing does).
    private static func splitPreparationFromUnit(_ ingredient: inout Ingredient) {
        guard let unit = ingredient.unit, let comma = unit.firstIndex(of: ",") else { return }
        let note = unit[unit.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        ingredient.unit = ingredient.measuringUnit
        let preparation = [note, ingredient.preparation ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
        ingredient.preparation = preparation.isEmpty ? nil : preparation
    }

    /// A section with its steps cleaned; nil when neither a step nor a name is left.
    private static func normalized(_ section: InstructionSection) -> InstructionSection? {
        let steps = section.steps.compactMap { step -> Step? in
            var cleaned = step
            cleaned.text = TextCleaner.block(step.text)
            cleaned.name = TextCleaner.nonEmptyLine(step.name)
            return cleaned.text.isEmpty ? nil : cleaned
        }
        guard !steps.isEmpty || section.name != nil else { return nil }
        return InstructionSection(name: TextCleaner.nonEmptyLine(section.name), steps: steps)
    }
}

extension Ingredient {
    /// The unit without the preparation a source may have put in its field after a comma
    /// (`oz, peeled and minced` → `oz`); nil when nothing comes before the comma. Libraries
    /// imported before normalising split such units hold them still.
    public var measuringUnit: String? {
        guard let unit, let comma = unit.firstIndex(of: ",") else { return unit }
        let measure = unit[..<comma].trimmingCharacters(in: .whitespaces)
        return measure.isEmpty ? nil : measure
    }
}

import Foundation

/// One recipe, as Larder keeps it: what was read (original lines, original texts) and what was
/// understood (parsed quantities, minutes, numbers). Every source produces it, every sink takes it.
public struct Recipe: Hashable, Sendable {
    /// Bumped when the canonical JSON changes shape; older files must keep decoding.
    public static let currentSchemaVersion = 1

    /// The canonical JSON's version this recipe was read from or will be written as.
    public var schemaVersion: Int = Recipe.currentSchemaVersion
    /// Stable identity: from the source when it has one (`mealdb-52768`), else a slug of the
    /// title plus a short hash of the normalized source URL or of the content.
    public var id: String
    /// The recipe's name, cleaned of the site's suffix (`Pancakes`, not `Pancakes | Example Kitchen`).
    public var title: String
    /// The source's summary of the dish.
    public var description: String?
    /// Where the recipe came from and when Larder read it.
    public var provenance: Provenance
    /// How much it makes (`4 servings`, `12 cookies`).
    public var yield: Yield?
    /// Preparation, cooking and total time.
    public var times: RecipeTimes
    /// Courses and kinds of dish (`Dessert`, `Soup`), as the source names them.
    public var categories: [String]
    /// Cuisines (`Italian`, `Thai`).
    public var cuisines: [String]
    /// The source's keywords.
    public var tags: [String]
    /// Diets the recipe suits, in schema.org's names where one fits (`VeganDiet`, `GlutenFreeDiet`).
    public var diets: [String]
    /// schema.org NutritionInformation names (`calories`, `fatContent`, …) to their text.
    public var nutrition: [String: String]
    /// How people rated it, when the source says.
    public var rating: Rating?
    /// Notes and tips, each as the source wrote it.
    public var notes: [String]
    /// When it was made, changed, published and cooked.
    public var dates: RecipeDates
    /// The ingredients, in groups (one group without a name when the source has none).
    public var ingredientGroups: [IngredientGroup]
    /// The method, in sections of steps.
    public var instructionSections: [InstructionSection]
    /// The recipe's pictures, the first being the one to show.
    public var images: [RecipeImage]
    /// Fields of the source that the model has no place for, kept so nothing is lost.
    public var extras: [String: JSONValue]

    /// A recipe with the fields given. An empty `id` is given one when the recipe is normalised
    /// (`RecipeIdentity.makeID(for:)`).
    public init(
        id: String = "",
        title: String,
        description: String? = nil,
        provenance: Provenance = Provenance(),
        yield: Yield? = nil,
        times: RecipeTimes = RecipeTimes(),
        categories: [String] = [],
        cuisines: [String] = [],
        tags: [String] = [],
        diets: [String] = [],
        nutrition: [String: String] = [:],
        rating: Rating? = nil,
        notes: [String] = [],
        dates: RecipeDates = RecipeDates(),
        ingredientGroups: [IngredientGroup] = [],
        instructionSections: [InstructionSection] = [],
        images: [RecipeImage] = [],
        extras: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.provenance = provenance
        self.yield = yield
        self.times = times
        self.categories = categories
        self.cuisines = cuisines
        self.tags = tags
        self.diets = diets
        self.nutrition = nutrition
        self.rating = rating
        self.notes = notes
        self.dates = dates
        self.ingredientGroups = ingredientGroups
        self.instructionSections = instructionSections
        self.images = images
        self.extras = extras
    }

    /// All ingredients, in order, across groups.
    public var ingredients: [Ingredient] { ingredientGroups.flatMap(\.ingredients) }
    /// All steps, in order, across sections.
    public var steps: [Step] { instructionSections.flatMap(\.steps) }
}

extension Recipe: Codable {
    enum CodingKeys: String, CodingKey {
        case schemaVersion, id, title, description, provenance, yield, times, categories, cuisines,
             tags, diets, nutrition, rating, notes, dates, ingredientGroups, instructionSections,
             images, extras
    }

    /// Empty collections are left out, so files stay short; they decode back as empty.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encode(provenance, forKey: .provenance)
        try c.encodeIfPresent(yield, forKey: .yield)
        if !times.isEmpty { try c.encode(times, forKey: .times) }
        if !categories.isEmpty { try c.encode(categories, forKey: .categories) }
        if !cuisines.isEmpty { try c.encode(cuisines, forKey: .cuisines) }
        if !tags.isEmpty { try c.encode(tags, forKey: .tags) }
        if !diets.isEmpty { try c.encode(diets, forKey: .diets) }
        if !nutrition.isEmpty { try c.encode(nutrition, forKey: .nutrition) }
        try c.encodeIfPresent(rating, forKey: .rating)
        if !notes.isEmpty { try c.encode(notes, forKey: .notes) }
        if dates != RecipeDates() { try c.encode(dates, forKey: .dates) }
        try c.encode(ingredientGroups, forKey: .ingredientGroups)
        try c.encode(instructionSections, forKey: .instructionSections)
        if !images.isEmpty { try c.encode(images, forKey: .images) }
        if !extras.isEmpty { try c.encode(extras, forKey: .extras) }
    }

    /// Missing collections decode as empty, so files written by older versions (or by hand) still
    /// read.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
        id = try c.decode(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        provenance = try c.decodeIfPresent(Provenance.self, forKey: .provenance) ?? Provenance()
        yield = try c.decodeIfPresent(Yield.self, forKey: .yield)
        times = try c.decodeIfPresent(RecipeTimes.self, forKey: .times) ?? RecipeTimes()
        categories = try c.decodeIfPresent([String].self, forKey: .categories) ?? []
        cuisines = try c.decodeIfPresent([String].self, forKey: .cuisines) ?? []
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        diets = try c.decodeIfPresent([String].self, forKey: .diets) ?? []
        nutrition = try c.decodeIfPresent([String: String].self, forKey: .nutrition) ?? [:]
        rating = try c.decodeIfPresent(Rating.self, forKey: .rating)
        notes = try c.decodeIfPresent([String].self, forKey: .notes) ?? []
        dates = try c.decodeIfPresent(RecipeDates.self, forKey: .dates) ?? RecipeDates()
        ingredientGroups = try c.decodeIfPresent([IngredientGroup].self, forKey: .ingredientGroups) ?? []
        instructionSections = try c.decodeIfPresent([InstructionSection].self, forKey: .instructionSections) ?? []
        images = try c.decodeIfPresent([RecipeImage].self, forKey: .images) ?? []
        extras = try c.decodeIfPresent([String: JSONValue].self, forKey: .extras) ?? [:]
    }
}

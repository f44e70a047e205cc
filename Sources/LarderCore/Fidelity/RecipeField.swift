/// A part of a recipe that an export keeps, changes or drops: what the fidelity report and a
/// run's notes name. The raw value is the name they use (`ingredient lines`), in the order the
/// report lists them.
///
/// What is compared is what a person would miss: the words and numbers of the recipe. Not
/// compared: the id (made again from the title), where the recipe was read from and when
/// (`provenance.origin`, `input`, `importedAt`, the other app's `originalID`) and what a
/// picture's bytes say of themselves (media type, pixel size).
public enum RecipeField: String, CaseIterable, Codable, Sendable {
    /// The recipe as a whole: it did not read back as one recipe.
    case recipe
    /// The recipe's title.
    case title
    /// The introduction under the title.
    case description
    /// The source's web address (`provenance.sourceURL`).
    case source
    /// The site or book named as the source, for a recipe without a web address (with one,
    /// the site is the address's host and goes with it).
    case sourceName = "source name"
    /// The person who wrote the recipe.
    case author
    /// Its text when the recipe had one, its number and unit.
    case yield
    /// Preparation time: its minutes (both ends of a range), or its text when it has no minutes.
    case prepTime = "prep time"
    /// Cooking time, compared as preparation time.
    case cookTime = "cook time"
    /// Total time, compared as preparation time.
    case totalTime = "total time"
    /// Each category, in order.
    case categories
    /// Each cuisine, in order.
    case cuisines
    /// Each tag (keyword).
    case tags
    /// Each diet (`vegan`, `gluten-free`).
    case diets
    /// Each nutrient and its amount as written.
    case nutrition
    /// The rating, the best it could be and how many ratings it sums up.
    case rating
    /// Each note, its paragraphs kept.
    case notes
    /// When the recipe was first saved.
    case dateCreated = "date created"
    /// When it was last changed.
    case dateModified = "date modified"
    /// When its source published it.
    case datePublished = "date published"
    /// The days it was cooked.
    case datesCooked = "dates cooked"
    /// The names of the ingredient groups and how many lines each holds.
    case ingredientGroups = "ingredient groups"
    /// Each ingredient line's words, and the lines' order.
    case ingredientLines = "ingredient lines"
    /// The amount and unit understood of each line (what scaling and converting use).
    case ingredientAmounts = "ingredient amounts"
    /// The ingredient each line names (what shopping lists add up).
    case ingredientNames = "ingredient names"
    /// Which ingredients are marked optional.
    case optionalMarks = "optional marks"
    /// The names of the instruction sections and how many steps each holds.
    case instructionSections = "instruction sections"
    /// Each step's words, and the steps' order.
    case steps
    /// The titles some apps give steps (`Make the sauce`).
    case stepTitles = "step titles"
    /// The pictures of single steps.
    case stepPictures = "step pictures"
    /// The pictures' bytes (the stored copies), by their sha256.
    case pictures
    /// The pictures' web addresses.
    case pictureAddresses = "picture addresses"
    /// Fields of the app the recipe came from that the model has no place for (`extras`).
    case sourceAppFields = "fields from the source app"

    /// The name notes and the fidelity report use (`ingredient lines`).
    public var name: String { rawValue }
}

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
    case title
    case description
    /// The source's web address (`provenance.sourceURL`).
    case source
    /// The site or book named as the source, for a recipe without a web address (with one,
    /// the site is the address's host and goes with it).
    case sourceName = "source name"
    case author
    /// Its text when the recipe had one, its number and unit.
    case yield
    case prepTime = "prep time"
    case cookTime = "cook time"
    case totalTime = "total time"
    case categories
    case cuisines
    case tags
    case diets
    case nutrition
    case rating
    /// Each note, its paragraphs kept.
    case notes
    case dateCreated = "date created"
    case dateModified = "date modified"
    case datePublished = "date published"
    case datesCooked = "dates cooked"
    /// The names of the ingredient groups and how many lines each holds.
    case ingredientGroups = "ingredient groups"
    /// Each ingredient line's words, and the lines' order.
    case ingredientLines = "ingredient lines"
    /// The amount and unit understood of each line (what scaling and converting use).
    case ingredientAmounts = "ingredient amounts"
    /// The ingredient each line names (what shopping lists add up).
    case ingredientNames = "ingredient names"
    case optionalMarks = "optional marks"
    /// The names of the instruction sections and how many steps each holds.
    case instructionSections = "instruction sections"
    case steps
    case stepTitles = "step titles"
    case stepPictures = "step pictures"
    /// The pictures' bytes (the stored copies), by their sha256.
    case pictures
    /// The pictures' web addresses.
    case pictureAddresses = "picture addresses"
    /// Fields of the app the recipe came from that the model has no place for (`extras`).
    case sourceAppFields = "fields from the source app"

    public var name: String { rawValue }
}

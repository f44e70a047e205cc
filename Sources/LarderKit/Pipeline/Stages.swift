import LarderCore

/// Something that produces recipes: files, a library, web pages, TheMealDB, recipes an app
/// holds. It reports what it could not read as events too, so nothing is lost silently.
/// Sources are `Sendable`: a value an app builds may be handed to the task that runs it.
public protocol RecipeSource: Sendable {
    /// What the report calls the source when it fails as a whole.
    var name: String { get }
    /// Emits every recipe, failure and skip of the source, in order, then returns. A stopped
    /// run (task cancellation) ends between two inputs.
    func read(_ emit: (SourceEvent) async throws -> Void) async throws
    /// What the run should say once after the source was read, not per input ("robots.txt of
    /// example.org asks for 5 s between requests").
    var runNotes: [String] { get }
}

extension RecipeSource {
    public var runNotes: [String] { [] }
}

/// What a source says, one input or recipe at a time.
public enum SourceEvent: Sendable {
    /// A recipe read from `input` (and `item`, its place in an input that holds several).
    case recipe(Recipe, input: String, item: String?)
    /// A recipe read with something the user should know: `notRead`, the fields of another
    /// app's file that no field of the recipe holds (`Recipe.unreadFieldNames`); `notes`, what
    /// else the source left out. Both go into the input's report entry.
    case recipeNoting(Recipe, input: String, item: String?, notes: [String], notRead: [String])
    /// An input, or a recipe of it, that could not be read, and why.
    case failed(input: String, item: String?, reason: String)
    /// `kind` is nil for a skip with a problem behind it (no recipe in a folder, no meal in a
    /// category), which is shown with its reason; routine skips are only counted.
    case skipped(input: String, item: String?, reason: String, kind: SkipKind? = nil)
    /// How fetching an input went; the report adds it to that input's entries that follow.
    case fetched(input: String, details: FetchDetails)
}

extension SourceEvent {
    /// The recipe the event carries, if any.
    var recipe: Recipe? {
        switch self {
        case .recipe(let recipe, _, _), .recipeNoting(let recipe, _, _, _, _): return recipe
        case .failed, .skipped, .fetched: return nil
        }
    }

    var input: String {
        switch self {
        case .recipe(_, let input, _), .recipeNoting(_, let input, _, _, _), .failed(let input, _, _),
             .skipped(let input, _, _, _), .fetched(let input, _):
            return input
        }
    }

    var item: String? {
        switch self {
        case .recipe(_, _, let item), .recipeNoting(_, _, let item, _, _), .failed(_, let item, _), .skipped(_, let item, _, _):
            return item
        case .fetched:
            return nil
        }
    }
}

/// What the report keeps about fetching one input.
public struct FetchDetails: Codable, Sendable, Equatable {
    /// The last HTTP status seen (nil when no answer came).
    public var httpStatus: Int?
    /// How long fetching took, in seconds (to the millisecond).
    public var seconds: Double
    /// Whether the cache answered.
    public var fromCache: Bool

    /// Fetch details; `seconds` is kept to the millisecond.
    public init(httpStatus: Int?, seconds: Double, fromCache: Bool) {
        self.httpStatus = httpStatus
        self.seconds = (seconds * 1000).rounded() / 1000
        self.fromCache = fromCache
    }
}

/// One transformation or check of a recipe, with a name that appears in the report. Stages
/// are `Sendable`; one that remembers what it saw (`DedupeStage`) keeps that memory behind a
/// lock.
public protocol RecipeStage: Sendable {
    /// The stage's name in the report (`"stage": "dedupe"`).
    var name: String { get }
    /// Async so that a stage may fetch (images); most stages answer at once.
    func apply(_ recipe: Recipe) async throws -> StageDecision
}

/// What a stage decided about a recipe.
public enum StageDecision: Sendable {
    /// Go on with the recipe as it is now.
    case keep(Recipe)
    /// Kept, with something the user should know (an image that could not be downloaded);
    /// the notes go into the input's report entry.
    case keepNoting(Recipe, notes: [String])
    /// Leave the recipe out, and why (`kind` for a routine skip, which is only counted).
    case skip(reason: String, kind: SkipKind? = nil)
    /// Skipped as the same recipe as one the sink holds, or will hold, under `existingID`: the
    /// report names that one, as the skipped recipe is stored under no id of its own.
    case skipAsDuplicate(of: String, reason: String)
}

/// A skip that needs nobody's attention, so a run counts it rather than showing it: a
/// duplicate, a recipe the filters left out, an input a stopped run did not reach. Every other
/// skip has a problem behind it and is shown with its reason.
public enum SkipKind: String, Codable, Sendable {
    /// Already in the library, or met earlier in the same run.
    case duplicate
    /// Left out by the filters.
    case filtered
    /// Not reached before the run was stopped; the next run picks it up.
    case interrupted
    /// A library's own manifest or report, met when a library folder is imported, or the list
    /// of files an export of any format leaves in its folder (`.larder-export`).
    case bookkeeping
    /// A hidden file or folder (its name starts with a dot: `.DS_Store`, `.git`) in a folder
    /// being walked: listed in the report, counted on the terminal, never read.
    case hidden
}

/// Somewhere recipes go: a library, a Markdown folder, an archive. A sink holds the output it
/// is writing (an open archive, a staging folder) and is written by one task, the pipeline's,
/// one recipe after the other: it is not `Sendable`, and needs no lock.
public protocol RecipeSink: AnyObject {
    /// The sink's name in the report, for a recipe it could not write.
    var name: String { get }
    /// Writes one recipe; throws when it cannot (the recipe fails alone, the run goes on).
    func write(_ recipe: Recipe) throws -> SinkOutcome
    /// Called once after the last recipe, with the run's report (a sink may store it).
    func finish(report: RunReport) throws
    /// What the run should tell once, not per recipe: what the output format had no place
    /// for ("Paprika has no place for: cuisine (2 recipes)"). Asked before `finish`.
    var runNotes: [String] { get }
    /// What `finish` learned that the run should tell (a picture the PDF engine could not read).
    /// Asked after `finish`.
    var finishNotes: [String] { get }
    /// True for an export's sink, whose output replaces an earlier one whole: a run that brings
    /// it no recipe (every input failed, the filters matched nothing) or that was stopped does
    /// not call `finish`, so nothing is written and the earlier output stays as it was; what
    /// the sink had begun (a hidden staging folder or archive) goes with it. The library's
    /// sink is not one: its report is written whatever the run brought.
    var replacesOutputWhole: Bool { get }
    /// Why the sink will not write its output although recipes reached it (`--strict`, and a
    /// recipe that would not read back as it was given); asked after `runNotes`, before
    /// `finish`, which is then not called: nothing is written, as for a run without recipes.
    var withholdsOutput: String? { get }
}

extension RecipeSink {
    public var runNotes: [String] { [] }
    public var finishNotes: [String] { [] }
    public var replacesOutputWhole: Bool { true }
    public var withholdsOutput: String? { nil }
}

/// What a sink did with a recipe.
public enum SinkOutcome: Sendable {
    /// Written as a new recipe.
    case written
    /// Written over a recipe the sink already held under the same id (`--on-duplicate update`).
    case replaced
    /// The sink left the recipe out, and why.
    case skipped(reason: String, kind: SkipKind? = nil)
}

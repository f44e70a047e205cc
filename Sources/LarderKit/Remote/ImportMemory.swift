import Foundation
import LarderCore

/// What a library already holds, so a re-run of an interrupted import skips what is done and
/// retries only what failed or never ran: the inputs recipes were read from, and their ids.
public struct ImportMemory: Sendable {
    /// Normalized input (a URL normalized like source URLs, else as written) → recipe id.
    private var inputs: [String: String] = [:]
    /// Ids of the recipes the library holds, unreadable ones too: a TheMealDB meal with one of them is not fetched again.
    public private(set) var ids: Set<String> = []
    /// Recipes with a picture known only by its web address (imported without `--images`, or
    /// its download failed): a run with `--images` fetches it.
    public private(set) var lackingPictures: Set<String> = []
    /// The library's recipes that could not be read (see `Library.forEachRecipe`).
    public private(set) var unreadable: [String] = []

    /// An empty memory: every input is read (a new library, or `--refetch`).
    public init() {}

    /// Reads the library. An import that also deduplicates gets the same from
    /// `DedupeStage(library:).libraryMemory` without reading the library twice.
    public init(library: Library) throws {
        unreadable = try library.forEachRecipe { remember($0) } unreadable: { ids.insert($0) }
    }

    mutating func remember(_ recipe: Recipe) {
        ids.insert(recipe.id)
        if recipe.images.contains(where: { ImageStage.downloadableAddress(of: $0) != nil }) { lackingPictures.insert(recipe.id) }
        if let input = recipe.provenance.input { inputs[Self.key(input)] = recipe.id }
    }

    /// The id of the recipe already imported from this input, if any.
    public func recipeID(forInput input: String) -> String? {
        inputs[Self.key(input)]
    }

    static func key(_ input: String) -> String {
        SourceURL.normalize(input) ?? input
    }
}

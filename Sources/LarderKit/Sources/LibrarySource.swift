import Foundation
import LarderCore

/// The recipes of a library, one at a time, in id order: all of them, or those a filter chose
/// through the library's index (`Library.recipeIDs(matching:)`).
public struct LibrarySource: RecipeSource {
    public let library: Library
    public let ids: [String]?
    public var name: String { library.root.path }

    public init(library: Library, ids: [String]? = nil) {
        self.library = library
        self.ids = ids
    }

    public func read(_ emit: (SourceEvent) async throws -> Void) async throws {
        for id in try ids ?? library.recipeIDs() {
            // A stopped export ends here, between recipes (the sink then writes nothing).
            try Task.checkCancellation()
            let input = "recipes/\(id).json"
            // An id the user named (`--id`) that no recipe has.
            guard library.hasRecipe(id: id) else {
                try await emit(.failed(input: id, item: nil, reason: "the library has no recipe with this id (larder list shows the ids)"))
                continue
            }
            do {
                try await emit(.recipe(try library.load(id: id), input: input, item: nil))
            } catch {
                try await emit(.failed(input: input, item: nil, reason: "not a readable Larder recipe: \(Library.describe(error))"))
            }
        }
    }
}

extension Library {
    /// Whether a recipe of this id is stored: something is at its file's place, readable or not
    /// (a symbolic link that leads nowhere is there, to be named for what it is).
    public func hasRecipe(id: String) -> Bool {
        FileStatus(path: filePath("recipes/\(RecipeIdentity.sanitize(id)).json")) != nil
    }

    /// Every stored recipe in id order; one that cannot be read is handed to `unreadable` by id
    /// and described in the returned notes, never passed over in silence.
    public func forEachRecipe(_ body: (Recipe) throws -> Void, unreadable: (String) -> Void = { _ in }) throws -> [String] {
        var notes: [String] = []
        for id in try recipeIDs() {
            let recipe: Recipe
            do {
                recipe = try load(id: id)
            } catch {
                unreadable(id)
                notes.append("recipes/\(id).json in the library at \(root.path) cannot be read (\(Self.describe(error))): fix or remove it; until then it is left out")
                continue
            }
            try body(recipe)
        }
        return notes
    }

    /// Why a recipe file could not be read, in a person's words rather than Codable's or
    /// Foundation's (`CanonicalJSON` says what was wrong in the JSON, and where). Said after the
    /// file's name, so a file that cannot be read is told by its reason alone.
    public static func describe(_ error: Error) -> String {
        if let unreadable = error as? UnreadableFile { return unreadable.reason }
        if (error as? CocoaError)?.code == .fileReadNoSuchFile { return "no such file" }
        if let decoding = error as? DecodingError { return JSONProblem.describe(decoding) }
        return ErrorText.describe(error)
    }
}

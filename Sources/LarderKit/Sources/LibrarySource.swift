import Foundation
import LarderCore

/// The recipes of a library, one at a time, in id order.
public struct LibrarySource: RecipeSource {
    public let library: Library
    public var name: String { library.root.path }

    public init(library: Library) {
        self.library = library
    }

    public func read(_ emit: (SourceEvent) async throws -> Void) async throws {
        for id in try library.recipeIDs() {
            let input = "recipes/\(id).json"
            do {
                try await emit(.recipe(try library.load(id: id), input: input, item: nil))
            } catch {
                try await emit(.failed(input: input, item: nil, reason: "not a readable Larder recipe: \(ErrorText.describe(error))"))
            }
        }
    }
}

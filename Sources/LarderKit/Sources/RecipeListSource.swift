import LarderCore

/// Recipes an app already holds, handed to a pipeline as they are: to write them in a format
/// (an export from the app's own store) or to store them in a library. Each is reported under
/// its id.
public struct RecipeListSource: RecipeSource {
    /// What the report calls the source when it fails as a whole.
    public let name: String
    /// The recipes handed over, in the order the pipeline takes them.
    public let recipes: [Recipe]

    /// `name` is what the run's report calls the source.
    public init(_ recipes: [Recipe], name: String = "recipes") {
        self.recipes = recipes
        self.name = name
    }

    /// Emits the source's recipes, failures and skips, in order (`RecipeSource.read(_:)`).
    public func read(_ emit: (SourceEvent) async throws -> Void) async throws {
        for recipe in recipes {
            // A stopped run ends here, between recipes.
            try Task.checkCancellation()
            try await emit(.recipe(recipe, input: recipe.id, item: nil))
        }
    }
}

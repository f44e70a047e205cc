import ArgumentParser
import Foundation
import LarderCore
import LarderKit

extension Larder {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one recipe of the library: as Markdown on the terminal, or the stored JSON with --json.",
            discussion: "The id is the one `larder list` prints (the name of the recipe's file in recipes/, without .json)."
        )

        @OptionGroup var libraryOptions: LibraryOptions

        @Argument(help: ArgumentHelp("The recipe's id.", valueName: "id"))
        var id: String

        @Flag(name: .long, help: "Print the recipe's JSON file as it is stored.")
        var json = false

        func run() throws {
            let library = try libraryOptions.existing()
            guard library.contains(id: id) else {
                throw LibraryLookupError("There is no recipe with id \(id) in the library at \(library.root.path). `larder list` shows the ids.")
            }
            if json {
                do {
                    FileHandle.standardOutput.write(TerminalText.json(try library.storedRecipeData(id: id)))
                } catch {
                    throw LibraryLookupError("recipes/\(RecipeIdentity.sanitize(id)).json in the library at \(library.root.path) cannot be read: \(Library.describe(error)).")
                }
                return
            }
            let recipe: Recipe
            do {
                recipe = try library.load(id: id)
            } catch {
                throw LibraryLookupError("recipes/\(RecipeIdentity.sanitize(id)).json in the library at \(library.root.path) cannot be read: \(Library.describe(error)).")
            }
            print(TerminalText.lines(MarkdownWriter().render(recipe, frontMatter: false)), terminator: "")
        }
    }
}

/// A recipe asked for by id that the library cannot give: exit code 1, the message alone.
struct LibraryLookupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

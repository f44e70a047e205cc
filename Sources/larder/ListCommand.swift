import ArgumentParser
import Foundation
import LarderCore
import LarderKit

extension Larder {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the recipes in the library that match the filters.",
            discussion: "One recipe per line: id, title, category, cuisine and servings, separated by tabs."
        )

        @OptionGroup var libraryOptions: LibraryOptions
        @OptionGroup var filters: FilterOptions

        func run() throws {
            let library = try libraryOptions.existing()
            let filter = filters.filter
            var shown = 0
            for id in try library.recipeIDs() {
                let recipe: Recipe
                do {
                    recipe = try library.load(id: id)
                } catch {
                    FileHandle.standardError.write(Data("unreadable: recipes/\(id).json: \(ErrorText.describe(error))\n".utf8))
                    continue
                }
                guard filter.matches(recipe) else { continue }
                let servings = recipe.yield?.servings.map { YAMLText.number($0.value) } ?? ""
                print([recipe.id, recipe.title, recipe.categories.first ?? "", recipe.cuisines.first ?? "", servings].joined(separator: "\t"))
                shown += 1
            }
            FileHandle.standardError.write(Data("\(shown) recipe\(shown == 1 ? "" : "s")\n".utf8))
        }
    }
}

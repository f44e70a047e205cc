import ArgumentParser
import Foundation
import LarderCore
import LarderKit

extension Larder {
    struct MealDB: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mealdb",
            abstract: "List TheMealDB's categories, areas or ingredients, one per line.",
            discussion: """
            The names are the values mealdb:category=, mealdb:area= and mealdb:ingredient= take in \
            `larder import`. Example: larder mealdb areas
            """
        )

        enum ListKind: String, ExpressibleByArgument, CaseIterable {
            case categories, areas, ingredients
        }

        @Argument(help: ArgumentHelp("What to list: categories, areas or ingredients.", valueName: "list"))
        var list: ListKind

        @OptionGroup(title: "TheMealDB") var mealdbOptions: MealDBOptions

        @OptionGroup(title: "Fetching") var fetchOptions: FetchOptions

        func run() async throws {
            let client = MealDBClient(baseURL: try mealdbOptions.baseURL(), fetcher: try fetchOptions.web().makeFetcher())
            let endpoint: MealDBClient.Endpoint = switch list {
            case .categories: .listCategories
            case .areas: .listAreas
            case .ingredients: .listIngredients
            }
            do {
                for name in try await client.names(endpoint) { print(name) }
            } catch {
                FileHandle.standardError.write(Data("Error: \(client.url(endpoint).absoluteString): \(ErrorText.describe(error))\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}

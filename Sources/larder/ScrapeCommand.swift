import ArgumentParser
import Foundation
import LarderCore
import LarderKit

extension Larder {
    struct Scrape: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read the recipe in a web page (an address or a saved file) and print it.",
            discussion: """
            Reads schema.org JSON-LD, then microdata, then the markup of common recipe-card \
            plugins, then headings and lists. The recipe is normalized as `larder import` would \
            (ingredient lines parsed into amount, unit and name; text cleaned) and printed as \
            Larder's canonical JSON, schema.org JSON-LD or Markdown. A page that holds several \
            recipes (a round-up) prints each in turn, and says how many on standard error. Nothing \
            is written to the library; to keep the recipe, `larder import` the page.
            """
        )

        @Argument(help: ArgumentHelp("A web address (http/https) or a saved page (.html).", valueName: "page"))
        var page: String

        @OptionGroup var pageURL: PageURLOptions

        @Option(name: .customLong("format"), help: ArgumentHelp(
            "What to print: \(PrintFormat.listed { $0.title }) (default: json).",
            valueName: "format"))
        var givenFormat: PrintFormat?

        /// The default is written into the help, for the man pages (which show no defaults).
        var format: RecipeFormat { givenFormat?.format ?? .json }

        @OptionGroup(title: "Fetching") var fetchOptions: FetchOptions

        var webAddress: URL? {
            WebAddress(page)?.url
        }

        func run() async throws {
            let recipes: [Recipe]
            do {
                if let address = webAddress {
                    recipes = try await RecipePage.recipes(at: address, fetcher: try fetchOptions.web().makeFetcher(), input: page)
                } else {
                    let data: Data
                    do {
                        data = try Data(contentsOf: URL(fileURLWithPath: page))
                    } catch {
                        throw ValidationError(ErrorText.describe(FileProblem.retold(error, .read, path: page)))
                    }
                    recipes = try RecipePage.recipes(html: data, url: pageURL.resolved, input: page)
                }
            } catch let error as ValidationError {
                throw error
            } catch {
                FileHandle.standardError.write(Data("Error: \(page): \(ErrorText.describe(error))\n".utf8))
                throw ExitCode(1)
            }
            if recipes.count > 1 {
                let titles = recipes.map { TerminalText.oneLine($0.title) }.joined(separator: ", ")
                FileHandle.standardError.write(Data("\(page) holds \(recipes.count) recipes: \(titles)\n".utf8))
            }
            var printed = 0
            for recipe in recipes {
                // As `import` would keep it: lines parsed, text cleaned; what that left out is
                // said on standard error, as import's report would.
                let normalized: NormalizedRecipe
                do {
                    normalized = try recipe.normalized()
                } catch {
                    FileHandle.standardError.write(Data("\(page): a recipe is left out, as import would: \(error.reason)\n".utf8))
                    continue
                }
                for note in normalized.notes {
                    FileHandle.standardError.write(Data("\(page): \(TerminalText.oneLine(normalized.recipe.title)): \(note)\n".utf8))
                }
                if let text = format.writer?.text {
                    // Escaped for the terminal, JSON so that it still reads as the same JSON.
                    let written = try text(normalized.recipe)
                    print(format == .json ? TerminalText.jsonText(written) : TerminalText.lines(written), terminator: "")
                }
                printed += 1
            }
            if printed == 0 { throw ExitCode(1) }
        }
    }
}

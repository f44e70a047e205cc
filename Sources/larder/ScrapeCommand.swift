import ArgumentParser
import Foundation
import LarderCore
import LarderHTML

extension Larder {
    struct Scrape: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read the recipe in a saved web page and print it.",
            discussion: """
            Reads schema.org JSON-LD, then microdata, then the markup of common recipe-card \
            plugins, then headings and lists. Prints Larder's canonical JSON or Markdown. Nothing \
            is written to the library; to keep the recipe, `larder import` the page.
            """
        )

        @Argument(help: ArgumentHelp("The saved page (.html).", valueName: "file"))
        var file: String

        @OptionGroup var pageURL: PageURLOptions

        @Option(name: .long, help: ArgumentHelp("What to print: json or markdown.", valueName: "format"))
        var format: OutputFormat = .json

        func run() throws {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw ValidationError("Cannot read \(file): \((error as NSError).localizedDescription)")
            }
            let recipe: Recipe
            do {
                recipe = try RecipeScraper.scrape(html: data, url: pageURL.resolved, input: file)
            } catch {
                FileHandle.standardError.write(Data("larder: \(file): \(error)\n".utf8))
                throw ExitCode(1)
            }
            switch format {
            case .json:
                print(String(decoding: try CanonicalJSON.encode(recipe), as: UTF8.self))
            case .markdown:
                print(MarkdownWriter().render(recipe))
            }
        }
    }
}

import ArgumentParser
import Foundation
import LarderArchive
import LarderKit

extension Larder {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the library's recipes out as a JSON library folder, a Markdown cookbook or a shopping list.",
            discussion: """
            json writes the library layout (manifest.json, recipes/<id>.json, images/) into the \
            output folder, or into an archive when the output's name ends in .tar.gz, .tgz, .tar.zst, \
            .tar.xz or .zip (or --archive says so): a backup that `larder import` restores. The same \
            library always gives the same archive bytes. markdown writes one file per recipe with YAML front matter, images, and \
            an index.md. shopping-list writes one list for the chosen recipes into the output file: \
            the same ingredient merged across recipes, amounts in convertible units added, grouped by \
            aisle, as a Markdown checklist (or JSON when the name ends in .json). Filters choose which recipes are exported. Exporting the same library \
            twice gives identical files. --scale, --servings and --units rewrite quantities for \
            the export only; the library is not changed.
            """
        )

        @OptionGroup var libraryOptions: LibraryOptions

        @Option(name: .long, help: ArgumentHelp("The output format.", valueName: "format"))
        var format: OutputFormat

        @Option(name: .shortAndLong, help: ArgumentHelp(
            "The output folder, for json an archive (backup.tar.gz, .tgz, .tar.zst, .tar.xz, .zip), for shopping-list a file (list.md, list.json).", valueName: "path"))
        var output: String

        @OptionGroup var archiveOptions: ArchiveOptions

        @OptionGroup var filters: FilterOptions
        @OptionGroup var amounts: AmountOptions

        func run() async throws {
            let library = libraryOptions.resolved
            guard library.exists else {
                throw ValidationError("There is no library at \(library.root.path). Import some recipes first, or name one with --library.")
            }
            let runOutput = RunOutput(doneWord: "written")
            let archive = try archiveOptions.format(for: output, format: format)
            if let archive, filters.filter.isEmpty, amounts.stage == nil {
                // A whole-library backup: the stored files as they are.
                let report = try LibraryArchiver.archive(library, to: URL(fileURLWithPath: output), format: archive, progress: runOutput.progress)
                try runOutput.finish(report, verb: "Export", destination: output)
                return
            }
            let pipeline = Pipeline(
                sources: [LibrarySource(library: library)],
                stages: (filters.filter.isEmpty ? [] : [FilterStage(filters.filter)]) + (amounts.stage.map { [$0] } ?? []),
                sink: try makeSink(format: format, output: output, archive: archive, imageSource: library, created: library.created),
                progress: runOutput.progress
            )
            let report = try await pipeline.run()
            try runOutput.finish(report, verb: "Export", destination: output)
        }
    }
}

/// The sink for an output format; shared by `export` and `convert`.
func makeSink(format: OutputFormat, output: String, archive: ArchiveFormat?, imageSource: Library?, created: Date) throws -> RecipeSink {
    let url = URL(fileURLWithPath: output)
    if let archive {
        return try BundleSink(output: url, format: archive, imageSource: imageSource, created: created)
    }
    switch format {
    case .json:
        return try LibrarySink(library: Library(root: url), imageSource: imageSource, writesReport: false)
    case .markdown:
        return try MarkdownSink(output: url, imageSource: imageSource)
    case .shoppingList:
        return ShoppingListSink(output: url)
    }
}

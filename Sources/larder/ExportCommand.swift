import ArgumentParser
import Foundation
import LarderArchive
import LarderKit

extension Larder {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the library's recipes out as a JSON library, a Markdown or printable cookbook, or a shopping list.",
            discussion: """
            json writes the library layout (manifest.jsonl, recipes/<id>.json, images/) into the \
            output folder, or into an archive when the output's name ends in .tar.gz, .tgz, .tar.zst, \
            .tar.xz or .zip (or --archive says so): a backup that `larder import` restores. The same \
            library always gives the same archive bytes. markdown writes one file per recipe with \
            YAML front matter, its images, and an index.md by category, into a folder or an archive. \
            cookbook writes one HTML file laid out for paper (title page, contents, one recipe per \
            page, an index) from Mustache templates that --template replaces; print it from a browser. \
            pdf writes the same book as a PDF with WeasyPrint (found on PATH, or --pdf-engine), with \
            page numbers in the contents and the index. \
            shopping-list writes one list for the chosen recipes into the output file: the same \
            ingredient merged across recipes, amounts in convertible units added, grouped by aisle, \
            as a Markdown checklist (or JSON when the name ends in .json). Filters choose which \
            recipes are exported. --scale, --servings and --units rewrite quantities for the export \
            only, and --images downloads the pictures recipes have only as web addresses; the library \
            is not changed.
            """
        )

        @OptionGroup var libraryOptions: LibraryOptions

        @OptionGroup var outputOptions: OutputOptions

        @OptionGroup var filters: FilterOptions
        @OptionGroup var amounts: AmountOptions
        @OptionGroup var imageDownloads: ImageDownloadOptions

        func run() async throws {
            let library = try libraryOptions.existing()
            let runOutput = RunOutput(doneWord: "written")
            let output = outputOptions.output
            if let archive = try outputOptions.archiveFormat(), outputOptions.format == .json, filters.filter.isEmpty, amounts.stage == nil,
               !imageDownloads.images {
                // A whole-library backup: the stored files as they are.
                try outputOptions.checkOutputFile()
                let report = try LibraryArchiver.archive(library, to: URL(fileURLWithPath: output), format: archive, progress: runOutput.progress)
                try runOutput.finish(report, verb: "Export", destination: output)
                return
            }
            // The filters are answered by the library's index: only the chosen recipes are read.
            let chosen = filters.filter.isEmpty ? nil : try library.recipeIDs(matching: filters.filter)
            library.printIndexNotes()
            let pipeline = Pipeline(
                sources: [LibrarySource(library: library, ids: chosen)],
                stages: [StoredImageStage(library: library)]
                    + (amounts.stage.map { [$0] } ?? []) + (imageDownloads.stage.map { [$0] } ?? []),
                sink: try outputOptions.makeSink(imageSource: library, created: library.created),
                progress: runOutput.progress
            )
            let report = try await pipeline.run()
            try runOutput.finish(report, verb: "Export", destination: output)
        }
    }
}


import ArgumentParser
import Foundation
import LarderKit

extension Larder {
    struct Export: AsyncParsableCommand, StopsCleanly {
        static let configuration = CommandConfiguration(
            abstract: "Write the library's recipes out as a JSON library, a Markdown or printable cookbook, or a shopping list.",
            discussion: OutputFormat.choices.compactMap { $0.writer?.details }.joined(separator: " ") + """
             Filters choose which recipes are exported. --scale, --servings and --units rewrite \
            quantities for the export only, and --images downloads the pictures recipes have only as \
            web addresses; the library is not changed.
            """
        )

        @OptionGroup var libraryOptions: LibraryOptions

        @OptionGroup var outputOptions: OutputOptions

        @OptionGroup var filters: FilterOptions
        @OptionGroup var amounts: AmountOptions
        @OptionGroup var imageDownloads: ImageDownloadOptions

        func run() async throws {
            let library = try libraryOptions.existing()
            // An export neither waits for nor refuses a run writing the library: it changes
            // nothing there, so it cannot spoil that run, and a person exporting while a long
            // import goes on mostly wants what is stored so far. Every recipe file is put in
            // place whole, so the export holds complete recipes, but not those that run adds
            // after; a note says so, so that the export is not taken for the whole library.
            let root = library.root
            let writerAtStart = Library.runWriting(libraryAt: root)
            let noteWriter: @Sendable (RunReport) -> RunReport = { report in
                guard let writer = writerAtStart ?? Library.runWriting(libraryAt: root) else { return report }
                var report = report
                let process = writer.isEmpty ? "" : " (process \(writer))"
                report.notes.append("""
                    the library was being written by another larder run\(process) during this export: it holds \
                    the recipes stored when each was read; export again when that run has finished to have them all
                    """)
                return report
            }
            let runOutput = RunOutput(doneWord: "written")
            let output = outputOptions.output
            let run = ExportRun(verb: "Export", output: output, runOutput: runOutput, filtered: !filters.filter.isEmpty,
                                whenNone: "the library holds no recipes")
            if let archive = try outputOptions.destination().archive, outputOptions.format == .json, filters.filter.isEmpty, amounts.stage == nil,
               !imageDownloads.images {
                // A whole-library backup: the stored files as they are.
                try outputOptions.checkOutputFile()
                try await run.run {
                    noteWriter(try LibraryArchiver.archive(library, to: URL(fileURLWithPath: output), format: archive, progress: runOutput.progress))
                }
                return
            }
            // The filters are answered by the library's index: only the chosen recipes are read.
            let chosen = filters.filter.isEmpty ? nil : try library.recipeIDs(matching: filters.filter)
            library.printIndexNotes()
            let pipeline = Pipeline(
                sources: [LibrarySource(library: library, ids: chosen)],
                stages: [StoredImageStage(library: library)]
                    + (amounts.stage.map { [$0] } ?? []) + (imageDownloads.stage.map { [$0] } ?? []),
                sink: try outputOptions.makeSink(imageSource: library, created: library.created, units: amounts.units, runOutput: runOutput),
                progress: runOutput.progress
            )
            try await run.run { noteWriter(try await pipeline.run()) }
        }
    }
}


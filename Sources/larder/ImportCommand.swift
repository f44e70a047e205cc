import ArgumentParser
import Foundation
import LarderKit

extension Larder {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import recipes from files and folders into the library.",
            discussion: """
            Inputs are JSON files, saved web pages (.html) or folders (walked recursively). Recipes already in the library \
            (same source URL or same content) are skipped, so importing twice changes nothing. \
            Every input is listed in the library's report.json as imported, skipped or failed.
            """
        )

        @Argument(help: ArgumentHelp("Files or folders to import.", valueName: "input"))
        var inputs: [String]

        @OptionGroup var libraryOptions: LibraryOptions

        @OptionGroup var pageURL: PageURLOptions

        func validate() throws {
            if inputs.isEmpty { throw ValidationError("Name at least one file or folder to import.") }
        }

        func run() async throws {
            let library = libraryOptions.resolved
            let output = RunOutput()
            let pipeline = Pipeline(
                sources: inputs.map { FileSource(path: $0, pageURL: pageURL.resolved) },
                stages: [NormalizeStage(), try DedupeStage(library: library)],
                sink: try LibrarySink(library: library),
                progress: output.progress
            )
            let report = try await pipeline.run()
            try output.finish(report, verb: "Import", destination: library.root.path)
        }
    }
}

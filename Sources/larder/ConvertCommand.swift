import ArgumentParser
import Foundation
import LarderCore
import LarderKit

extension Larder {
    struct Convert: AsyncParsableCommand, StopsCleanly {
        static let configuration = CommandConfiguration(
            abstract: "Convert recipe files straight to another format, without keeping a library.",
            discussion: "Reads the inputs as import does, drops duplicates, applies the filters, and writes the output as export does. "
                + OutputOptions.readBackDiscussion
        )

        @Argument(help: ArgumentHelp("Files or folders to convert.", valueName: "input"))
        var inputs: [String]

        @OptionGroup var outputOptions: OutputOptions

        @OptionGroup var inputFormat: InputFormatOptions

        @OptionGroup var filters: FilterOptions
        @OptionGroup var amounts: AmountOptions
        @OptionGroup var imageDownloads: ImageDownloadOptions
        @OptionGroup(title: "Shopping list options (--format shopping-list)") var shopping: ShoppingOptions

        func validate() throws {
            if inputs.isEmpty { throw ValidationError("Name at least one file or folder to convert.") }
            try shopping.check(for: outputOptions.format)
        }

        func run() async throws {
            let runOutput = RunOutput(doneWord: "written")
            let filter = FilterStage(filters.filter)
            let pipeline = Pipeline(
                sources: inputs.map { inputFormat.source(for: $0, pageURL: nil) },
                stages: StagePreset.convert(filter: filters.filter.isEmpty ? nil : filter, amounts: amounts.stage, images: imageDownloads.stage),
                sink: try outputOptions.makeSink(imageSource: nil, created: MappingContext.now(), units: amounts.units, shopping: try shopping.options(), runOutput: runOutput),
                progress: runOutput.progress
            )
            // No library keeps a report.json of a convert: every skip is named here, with why.
            let run = ExportRun(verb: "Convert", output: outputOptions.output, runOutput: runOutput, filtered: !filters.filter.isEmpty,
                                whenNone: "the inputs hold no recipes", listsEverySkip: true)
            let ids = filters.ids
            try await run.run {
                var report = try await pipeline.run()
                // An id no input recipe has is said, not passed over: the filter only keeps.
                for id in ids where !filter.seenIDs.contains(id) {
                    report.record(.init(input: "--id \(id)", status: .failed, stage: "filter", reason: "no recipe of the inputs has this id"))
                }
                return report
            }
        }
    }
}

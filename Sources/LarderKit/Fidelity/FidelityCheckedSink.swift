import Foundation
import LarderCore

/// Where the fidelity check of an export reports, and whether a difference stops the export.
public struct FidelityOptions: Sendable {
    /// Where the fidelity report goes (`OUTPUT.fidelity.json`, beside the output); nil writes none.
    public var report: URL?
    /// `--strict`: an export in which any recipe would not read back as it was given writes
    /// nothing (the earlier output stays as it was).
    public var strict: Bool

    public init(report: URL? = nil, strict: Bool = false) {
        self.report = report
        self.strict = strict
    }

    /// The report's place for an output: beside it, its name with `.fidelity.json` added
    /// (`book` → `book.fidelity.json`, `all.paprikarecipes` → `all.paprikarecipes.fidelity.json`),
    /// so it never lands inside the folder or archive the export writes.
    public static func reportURL(for output: URL) -> URL {
        let target = output.standardizedFileURL
        return target.deletingLastPathComponent().appendingPathComponent(target.lastPathComponent + ".fidelity.json")
    }
}

/// Every export into a format Larder reads back goes through this: each recipe is written by
/// the format's sink, the files it became are read back through the format's own reader
/// (`ReadBack`), and `RecipeComparison` says what did not come back as it was given. The run's
/// notes about what the format kept are made from that alone (`FidelityLog`), a fidelity report
/// is written beside the output, and with `strict` any difference withholds the output.
final class FidelityCheckedSink: RecipeSink {
    private let sink: ReadBackSink
    private let readBack: ReadBack
    private let options: FidelityOptions
    private let output: URL
    private let log: FidelityLog

    init(_ sink: ReadBackSink, format: (name: String, title: String), readBack: ReadBack, noPlaceFor: [RecipeField: String], output: URL, options: FidelityOptions) {
        self.sink = sink
        self.readBack = readBack
        self.options = options
        self.output = output
        log = FidelityLog(format: format, noPlaceFor: noPlaceFor)
    }

    var name: String { sink.name }
    var replacesOutputWhole: Bool { sink.replacesOutputWhole }

    var runNotes: [String] {
        sink.runNotes + log.notes(report: options.strict && log.differing > 0 ? nil : options.report)
    }

    var withholdsOutput: String? {
        options.strict ? log.strictRefusal : nil
    }

    func write(_ recipe: Recipe) throws -> SinkOutcome {
        let outcome = try sink.write(recipe)
        let files = sink.takeWrittenFiles()
        switch outcome {
        case .written, .replaced:
            let differences: [FieldDifference]
            switch readBack.recipe(from: files) {
            case .success(let back): differences = RecipeComparison.differences(recipe, back)
            case .failure(let failure): differences = RecipeComparison.notReadBack(recipe, reason: failure.description)
            }
            // The recipe's own file, not a picture written before it (Cooklang's).
            let file = files.first { RecipeFileKind.container(byName: $0.path) != .image } ?? files.first
            log.record(recipe, file: file?.path, differences: differences)
        case .skipped:
            break
        }
        return outcome
    }

    func finish(report: RunReport) throws {
        try sink.finish(report: report)
        if let place = options.report { try log.writeReport(to: place, output: output) }
    }
}

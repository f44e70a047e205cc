import ArgumentParser
import Foundation
import LarderCore
import LarderKit

/// How `export` and `convert` run: their output is written whole or not at all. Ctrl-C or
/// SIGTERM stops the run with nothing written (the unfinished output, hidden beside the
/// target, is removed) and exit code 130 or 143; a run that has no recipe to write (every
/// input failed, the filters matched none) writes nothing either, says why, and exits 1. In
/// both cases an earlier output at the same place is left as it was.
struct ExportRun {
    let verb: String
    /// The output as the user named it.
    let output: String
    let runOutput: RunOutput
    /// Whether filters chose the recipes, for saying why none was written.
    let filtered: Bool
    /// Why nothing was written when no input was there at all, filters aside ("the library holds no recipes").
    let whenNone: String
    var listsEverySkip = false

    func run(_ work: sending @escaping () async throws -> RunReport) async throws {
        try Interruption.shared.stopIfSignalled("The \(verb.lowercased())")
        let task = Task { try await work() }
        let interruption = Interruption.shared.cancelling(task, stopping: "removing the unfinished output")
        let report: RunReport
        do {
            report = try await task.value
        } catch {
            // A writer that noticed the signal (a backup, the PDF engine) ends with an error.
            guard let code = interruption.exitCode else { throw error }
            throw stopped(code: code)
        }
        if let code = interruption.exitCode, report.outputNotWritten != nil {
            throw stopped(code: code)
        }
        do {
            try runOutput.finish(report, verb: verb, destination: output, listsEverySkip: listsEverySkip, nothingWritten: reason(report))
        } catch let exit as ExitCode where interruption.happened {
            _ = exit
        }
        // The signal came as the output was being put in place: it is complete, and said so above.
        if let code = interruption.exitCode { throw ExitCode(code) }
    }

    private func stopped(code: Int32) -> ExitCode {
        let signal = code == 128 + SIGTERM ? "SIGTERM" : "Ctrl-C"
        print("\(verb) stopped (\(signal)): nothing was written; \(keptPhrase).")
        return ExitCode(code)
    }

    /// What the run says of the earlier output it did not replace.
    var keptPhrase: String {
        FileManager.default.fileExists(atPath: output) ? "\(output) is as it was" : "\(output) was not made"
    }

    /// Why no recipe reached the output, when none did.
    private func reason(_ report: RunReport) -> String? {
        if case .withheld(let why) = report.outputNotWritten { return "nothing was written: \(why); \(keptPhrase)" }
        guard report.outputNotWritten == .noRecipe else { return nil }
        let why: String
        if report.failed > 0 && report.skipped == 0 {
            why = Self.everyRecipeFailed(report)
        } else if filtered && report.failed == 0 {
            why = "no recipe matched the filters"
        } else if report.count == 0 {
            why = whenNone
        } else {
            why = "every recipe was skipped or failed"
        }
        return "nothing was written: \(why); \(keptPhrase)"
    }

    /// Why every recipe failed, in the words of the step they failed at: reading them, or a
    /// later one (writing each file, on a full disk; scaling it) whose first failure is quoted,
    /// so that a write that failed is not said to be a recipe that could not be read.
    static func everyRecipeFailed(_ report: RunReport) -> String {
        var first: RunReport.Entry?
        var stages: Set<String> = []
        try? report.forEachEntry(onlyNoteworthy: true) { entry in
            guard entry.status == .failed else { return }
            let stage = entry.stage ?? "read"
            stages.insert(stage)
            if first == nil, stage != "read" { first = entry }
        }
        guard let first, let stage = first.stage else { return "no recipe could be read (every input failed)" }
        let reason = TerminalText.oneLine(first.reason ?? "failed")
        if stages.count == 1 { return "every recipe failed at [\(stage)]: \(reason)" }
        return "every recipe failed (each is listed above), the first after reading at [\(stage)]: \(reason)"
    }
}

import ArgumentParser
import Foundation
import LarderKit

/// What a run shows a person: a live progress line on a terminal (nothing when piped), the
/// failures with their reasons, and a summary.
struct RunOutput {
    let isTerminal = isatty(STDERR_FILENO) == 1

    let doneWord: String

    init(doneWord: String = "imported") {
        self.doneWord = doneWord
    }

    func progress(_ report: RunReport) {
        guard isTerminal else { return }
        let line = "\r\u{1B}[2K\(report.entries.count) done: \(report.summary(done: doneWord))"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Prints failures and the summary, and turns failures into exit code 1.
    func finish(_ report: RunReport, verb: String, destination: String) throws {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        for entry in report.entries where entry.status == .failed {
            let item = entry.item.map { " (\($0))" } ?? ""
            let stage = entry.stage.map { "[\($0)] " } ?? ""
            FileHandle.standardError.write(Data("failed: \(entry.input)\(item): \(stage)\(entry.reason ?? "unknown reason")\n".utf8))
        }
        print("\(verb): \(report.summary(done: doneWord)). Result: \(destination)")
        if report.failed > 0 { throw ExitCode(1) }
    }
}

import ArgumentParser
import Foundation
import LarderCore
import LarderKit

/// What a run shows a person: a live progress line on a terminal (nothing when piped), the
/// failures with their reasons, and a summary.
final class RunOutput: @unchecked Sendable {
    let isTerminal = isatty(STDERR_FILENO) == 1
    let doneWord: String
    /// Running transfers, waiting requests and expected inputs, when the run fetches.
    let fetchProgress: FetchProgress?
    private let started = Date()
    private var lastDrawn = Date.distantPast
    /// The rate and time left, steadied across bursts of inputs finishing together.
    private var estimate = ProgressEstimate()

    init(doneWord: String = "imported", fetchProgress: FetchProgress? = nil) {
        self.doneWord = doneWord
        self.fetchProgress = fetchProgress
    }

    func progress(_ report: RunReport) {
        guard isTerminal else { return }
        let now = Date()
        guard now.timeIntervalSince(lastDrawn) >= 0.1 else { return }  // at most ten redraws a second
        lastDrawn = now
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line(report, now: now)).utf8))
    }

    /// `[#######.......] 412/1000 · 3 failed · 8 in flight · 580 waiting · 21.4/s · ETA 0:27`: in flight are
    /// transfers running, waiting are requests the politeness limits hold back.
    func line(_ report: RunReport, now: Date) -> String {
        let done = report.count
        guard let fetchProgress, fetchProgress.expected > 0 else {
            return "\(done) done: \(report.summary(done: doneWord))"
        }
        let expected = max(fetchProgress.expected, done)
        let width = 24
        let filled = min(width, done * width / expected)
        let secondsLeft = estimate.update(done: done, expected: expected, at: now.timeIntervalSince(started))
        let rate = estimate.rate ?? 0
        var text = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
        let transfers = fetchProgress.transfers
        text += "\(done)/\(expected) · \(report.failed) failed · \(transfers.running) in flight · "
        if transfers.waiting > 0 { text += "\(transfers.waiting) waiting · " }
        text += String(format: "%.1f/s", rate)
        if let secondsLeft, done < expected {
            let seconds = Int(secondsLeft.rounded())
            text += String(format: " · ETA %d:%02d", seconds / 60, seconds % 60)
        }
        return text
    }

    /// How the PDF comes along once its recipes are read: the recipes and pictures prepared, the
    /// recipes Typst has laid out, the binding of a large book's parts, the pages. On a terminal
    /// one line redrawn (the seconds ticking); otherwise plain lines, one for each step and one
    /// every ten seconds a step goes on.
    func pdfProgress(_ step: PDFProgress) {
        switch step {
        case .prepared(let recipes, let pictures):
            layoutStarted = Date()
            lastPlainLine = Date()
            let picturesText = pictures == 0 ? "" : " and \(pictures) picture\(pictures == 1 ? "" : "s")"
            pdfLine("PDF: \(recipes) recipe\(recipes == 1 ? "" : "s")\(picturesText) prepared", always: true)
        case .engine(.recipes(let done, let total)):
            pdfStep = "PDF: \(done) of \(total) recipes laid out"
            pdfLine(pdfStep, always: true)
        case .engine(.binding):
            pdfStep = "PDF: binding the parts into one book"
            pdfLine(pdfStep, always: true)
        case .engine(.working(let seconds)):
            guard !pdfStep.isEmpty else { return }
            if isTerminal {
                pdfLine(pdfStep + " · \(Int(seconds)) s", always: false)
            } else if Date().timeIntervalSince(lastPlainLine) >= 10 {
                pdfLine(pdfStep + " (\(Int(seconds)) s)", always: true)
            }
        case .engine(.pages(let pages)):
            let line = "PDF: \(pages) page\(pages == 1 ? "" : "s") laid out in " + String(format: "%.1f s", Date().timeIntervalSince(layoutStarted))
            FileHandle.standardError.write(Data(((isTerminal ? "\r\u{1B}[2K" : "") + line + "\n").utf8))
        }
    }

    /// On a terminal the line is redrawn (at most ten times a second unless `always`); else printed.
    private func pdfLine(_ line: String, always: Bool) {
        if isTerminal {
            let now = Date()
            guard always || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
            lastDrawn = now
            FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
        } else {
            lastPlainLine = Date()
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    private var pdfStep = ""
    private var layoutStarted = Date()
    private var lastPlainLine = Date()

    /// The report of a run that ended, also of one whose end could not be written (the
    /// library's report or manifest on a disk that filled up): then with the error that stopped it.
    static func settled(_ task: Task<RunReport, Error>) async throws -> (RunReport, UnfinishedRun?) {
        do {
            return (try await task.value, nil)
        } catch let unfinished as UnfinishedRun {
            return (unfinished.report, unfinished)
        }
    }

    /// After the summary of a run whose end could not be written: the error, and how much of
    /// the run is kept. Exit code 1, or the signal's when one stopped the run.
    func stopIfUnfinished(_ unfinished: UnfinishedRun?, exitCode: Int32?) throws {
        guard let unfinished else { return }
        let stored = unfinished.report.imported
        let kept = stored == 0 ? "" : "; the \(stored) recipe\(stored == 1 ? "" : "s") \(doneWord) \(stored == 1 ? "is" : "are") in the library, and running it again goes on with the rest"
        FileHandle.standardError.write(Data("Error: \(unfinished.description)\(kept)\n".utf8))
        throw ExitCode(exitCode ?? 1)
    }

    /// Prints failures and skips with a problem behind them (routine skips, such as
    /// duplicates, are only counted, since the library's report.json lists them), then the
    /// summary, and turns failures into exit code 1. A run that keeps no report (convert)
    /// passes `listsEverySkip`, so that every skipped input is named with its reason (but for
    /// Larder's own bookkeeping files, which are no input of the user's).
    /// `nothingWritten` says why an export wrote nothing (and the exit code is then 1).
    func finish(_ report: RunReport, verb: String, destination: String, listsEverySkip: Bool = false, nothingWritten: String? = nil) throws {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        // Read back from the report's log one at a time: a restore may have 50,000 entries.
        var notes: [String] = []
        try report.forEachEntry(onlyNoteworthy: !listsEverySkip) { entry in
            if entry.status == .failed || (entry.status == .skipped && (entry.kind == nil || listsEverySkip && entry.kind != .bookkeeping)) {
                // One line per input, whatever its name holds (`new⏎line.json`).
                let item = entry.item.map { " (\(TerminalText.oneLine($0)))" } ?? ""
                let stage = entry.stage.map { "[\($0)] " } ?? ""
                let reason = TerminalText.oneLine(entry.reason ?? "unknown reason")
                FileHandle.standardError.write(Data("\(entry.status.rawValue): \(TerminalText.oneLine(entry.input))\(item): \(stage)\(reason)\n".utf8))
            }
            notes += (entry.notes ?? []).map { "note: \(TerminalText.oneLine(entry.input)): \(TerminalText.oneLine($0))\n" }
        }
        for note in notes { FileHandle.standardError.write(Data(note.utf8)) }
        for note in report.notes {
            FileHandle.standardError.write(Data("note: \(note)\n".utf8))
        }
        if let unread = report.unreadFieldsSummary {
            // A run that keeps a report names the fields per recipe there.
            let where_ = listsEverySkip ? "" : " (each recipe's notRead in report.json)"
            FileHandle.standardError.write(Data("note: \(TerminalText.oneLine(unread))\(where_)\n".utf8))
        }
        if let nothingWritten {
            print("\(verb): \(report.summary(done: doneWord)); \(nothingWritten).")
            throw ExitCode(1)
        }
        print("\(verb): \(report.summary(done: doneWord)). Result: \(destination)")
        if report.failed > 0 { throw ExitCode(1) }
    }
}

import LarderCore

/// A run whose inputs were all settled but whose end could not be written: the sink's `finish`
/// failed (a library's report or manifest on a disk that filled up, an export's output). It
/// carries the report, so that a command can still say what went in and what did not; it reads
/// as the error that stopped it.
public struct UnfinishedRun: DescribedError {
    /// What the run did before its end failed: every input settled.
    public let report: RunReport
    /// Why the end could not be written (the sink's `finish` error).
    public let error: Error

    /// Wraps the error that stopped `finish` with the report of the run it stopped.
    public init(report: RunReport, error: Error) {
        self.report = report
        self.error = error
    }

    public var description: String { ErrorText.describe(error) }
}

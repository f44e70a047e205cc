import Foundation

/// Turns Ctrl-C (SIGINT) and SIGTERM into cancellation of one task, so a run stops cleanly and
/// within a second, also in the middle of a large file: transfers cancelled, parsing abandoned,
/// what was done kept, the report written. The run then exits with 128 + the signal's number
/// (130 for Ctrl-C, 143 for SIGTERM), as shells report a process the signal ended. A second
/// signal quits at once, with the same code.
final class Interruption: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var count = 0
    private var firstSignal: Int32?

    init(cancelling task: Task<some Sendable, some Error>) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let times = self.lock.withLock {
                    self.count += 1
                    if self.firstSignal == nil { self.firstSignal = signalNumber }
                    return self.count
                }
                if times > 1 { exit(128 + signalNumber) }
                FileHandle.standardError.write(Data("\nStopping: finishing the report (Ctrl-C again to quit at once)…\n".utf8))
                task.cancel()
            }
            source.resume()
            sources.append(source)
        }
    }

    var happened: Bool { lock.withLock { firstSignal != nil } }

    /// 130 after Ctrl-C, 143 after SIGTERM; nil when no signal came.
    var exitCode: Int32? { lock.withLock { firstSignal.map { 128 + $0 } } }

    deinit {
        for source in sources { source.cancel() }
    }
}

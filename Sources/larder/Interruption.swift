import Dispatch
import Foundation

/// Turns Ctrl-C (SIGINT) and SIGTERM into cancellation of one task, so a run stops cleanly:
/// transfers cancelled, what was done kept, the report written. A second Ctrl-C quits at once.
final class Interruption: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var count = 0
    private(set) var happened = false

    init(cancelling task: Task<some Sendable, some Error>) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let times = self.lock.withLock { self.count += 1; self.happened = true; return self.count }
                if times > 1 { exit(130) }
                FileHandle.standardError.write(Data("\nStopping: finishing the report (Ctrl-C again to quit at once)…\n".utf8))
                task.cancel()
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}

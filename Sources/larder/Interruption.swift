import ArgumentParser
import Foundation

/// Turns Ctrl-C (SIGINT) and SIGTERM into cancellation of one task, so a run stops cleanly and
/// within a second, also in the middle of a large file: transfers cancelled, parsing abandoned,
/// what was done kept, the report written. The run then exits with 128 + the signal's number
/// (130 for Ctrl-C, 143 for SIGTERM), as shells report a process the signal ended. A second
/// signal quits at once, with the same code.
///
/// Installed first thing in `main` (`install()`), before the arguments are parsed and the
/// library is opened: a signal that comes before the command has a task to cancel is held,
/// never lost and never fatal. A command that stops cleanly takes the held signal when it
/// starts its work (`stopIfSignalled()`, `cancelling(_:)`); any other command hands signals
/// back to the system (`passOn()`), and dies of them as before.
///
/// The handler only writes the signal's number to a pipe; a thread of its own reads the pipe
/// and does the rest. (A `DispatchSourceSignal` set up after `SIG_IGN` left a window in which a
/// Ctrl-C was discarded and the import ran to its end with exit code 0, and one before it in
/// which the signal killed the run before anything was written.)
final class Interruption: @unchecked Sendable {
    static let shared = Interruption()
    static let signals = [SIGINT, SIGTERM]

    private enum Mode {
        /// The command has not said what to do with a signal yet: it is kept.
        case holding
        /// `stopping` is what the run does before it ends, for the line a signal prints.
        case cancelling(@Sendable () -> Void, stopping: String)
        case passedOn
    }

    private let lock = NSLock()
    private var mode = Mode.holding
    private var count = 0
    private var firstSignal: Int32?
    /// Read end and write end; the handler reaches the write end through this global, which
    /// `install()` sets before any handler can run.
    private static nonisolated(unsafe) var pipeEnds: [Int32] = [-1, -1]

    private init() {}

    /// Sets the handlers. Call before any other work of the process.
    func install() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        Self.pipeEnds = ends
        let reader = ends[0]
        Thread.detachNewThread { [self] in
            var byte: UInt8 = 0
            while true {
                let got = read(reader, &byte, 1)
                if got == 1 {
                    received(Int32(byte))
                } else if got < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        for signalNumber in Self.signals {
            // Async-signal-safe: one write(2) to the pipe.
            signal(signalNumber) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(Interruption.pipeEnds[1], &byte, 1)
            }
        }
    }

    private func received(_ signalNumber: Int32) {
        let (times, mode) = lock.withLock {
            count += 1
            if firstSignal == nil { firstSignal = signalNumber }
            return (count, self.mode)
        }
        if times > 1 { exit(128 + signalNumber) }
        switch mode {
        case .holding:
            FileHandle.standardError.write(Data("\nStopping (Ctrl-C again to quit at once)…\n".utf8))
        case .cancelling(let cancel, let stopping):
            FileHandle.standardError.write(Data("\nStopping: \(stopping) (Ctrl-C again to quit at once)…\n".utf8))
            cancel()
        case .passedOn:
            Self.endBySignal(signalNumber)
        }
    }

    /// For commands with nothing to finish: signals do what they do by default (end the
    /// process), one held since the start included.
    func passOn() {
        let held = lock.withLock {
            mode = .passedOn
            return firstSignal
        }
        for signalNumber in Self.signals { signal(signalNumber, SIG_DFL) }
        if let held { Self.endBySignal(held) }
    }

    /// Cancels `task` on a signal, at once for one already held; `stopping` says what the run
    /// does before it ends.
    @discardableResult
    func cancelling(_ task: Task<some Sendable, some Error>, stopping: String = "finishing the report") -> Interruption {
        let held = lock.withLock {
            mode = .cancelling({ task.cancel() }, stopping: stopping)
            return firstSignal != nil
        }
        if held { task.cancel() }
        return self
    }

    /// Before a command changes anything: a signal held since the start ends it here, with
    /// nothing changed, and its exit code.
    func stopIfSignalled(_ what: String) throws {
        guard let code = exitCode else { return }
        FileHandle.standardError.write(Data("\(what) stopped before it began: nothing was changed.\n".utf8))
        throw ExitCode(code)
    }

    var happened: Bool { lock.withLock { firstSignal != nil } }

    /// 130 after Ctrl-C, 143 after SIGTERM; nil when no signal came.
    var exitCode: Int32? { lock.withLock { firstSignal.map { 128 + $0 } } }

    private static func endBySignal(_ signalNumber: Int32) -> Never {
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
        exit(128 + signalNumber)
    }
}

import Dispatch
import Foundation

/// Runs synchronous work (parsing one file: libxml2, a long JSON list, a large Cooklang file)
/// on a worker thread and waits for it, unless the task is cancelled first: then the wait ends
/// at once with `CancellationError`, and the work's result, when it comes, is dropped. This is
/// how Ctrl-C stops a run within a second even in the middle of a large file, where no parser
/// checks for cancellation. The abandoned work holds only its own copies, and the process ends
/// soon after (the report is all that is left to write).
enum AbandonableWork {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async throws -> Value {
        try Task.checkCancellation()
        let waiter = Waiter<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard waiter.wait(continuation) else { return }
                DispatchQueue.global().async { waiter.finish(.success(work())) }
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }

    /// Resumes the waiting task exactly once: with the work's result or with cancellation,
    /// whichever comes first.
    private final class Waiter<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, Error>?
        private var outcome: Result<Value, Error>?

        /// Keeps the continuation; false when it was resumed at once (cancelled already).
        func wait(_ continuation: CheckedContinuation<Value, Error>) -> Bool {
            let early: Result<Value, Error>? = lock.withLock {
                if let outcome { return outcome }
                self.continuation = continuation
                return nil
            }
            guard let early else { return true }
            continuation.resume(with: early)
            return false
        }

        func finish(_ result: Result<Value, Error>) {
            let waiting: CheckedContinuation<Value, Error>? = lock.withLock {
                guard outcome == nil else { return nil }
                outcome = result
                defer { continuation = nil }
                return continuation
            }
            waiting?.resume(with: result)
        }
    }
}

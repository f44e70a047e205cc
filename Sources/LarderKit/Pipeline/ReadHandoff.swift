import Dispatch
import Foundation

/// Hands what a synchronous reader produces on a worker thread (the recipes of one file, as a
/// parser finds them) to an async consumer, a few at a time: the reader waits while `capacity`
/// values wait for the consumer, so a file of 300,000 recipes is never held whole. When the
/// consumer's task is cancelled (Ctrl-C, SIGTERM), its wait ends at once with
/// `CancellationError`, and the reader learns it at its next `put` or `keepGoing`, so it stops
/// within one recipe, or within one SAX callback for a reader that asks.
final class ReadHandoff<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [Value] = []
    private var first = 0
    private var finished = false
    private var cancelled = false
    private var waiting: CheckedContinuation<Value?, Error>?
    let capacity: Int

    init(capacity: Int = 16) {
        self.capacity = capacity
    }

    /// Starts `produce` on a worker thread; it gives each value to `put`, which returns false
    /// once the consumer is gone, and may ask `isOpen` between values.
    static func start(capacity: Int = 16, _ produce: @escaping @Sendable (ReadHandoff<Value>) -> Void) -> ReadHandoff<Value> {
        let handoff = ReadHandoff(capacity: capacity)
        DispatchQueue.global().async {
            produce(handoff)
            handoff.finish()
        }
        return handoff
    }

    // MARK: - The reader's side

    /// Waits while the consumer has `capacity` values to take; false when it is gone.
    func put(_ value: Value) -> Bool {
        condition.lock()
        while values.count - first >= capacity, !cancelled { condition.wait() }
        if cancelled {
            condition.unlock()
            return false
        }
        if let waiting {
            self.waiting = nil
            condition.unlock()
            waiting.resume(returning: value)
            return true
        }
        values.append(value)
        condition.unlock()
        return true
    }

    var isOpen: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !cancelled
    }

    func finish() {
        condition.lock()
        finished = true
        let waiting = self.waiting
        self.waiting = nil
        condition.unlock()
        waiting?.resume(returning: nil)
    }

    // MARK: - The consumer's side

    /// The next value, nil after the last; throws `CancellationError` as soon as the task is
    /// cancelled.
    func next() async throws -> Value? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                condition.lock()
                if cancelled {
                    condition.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if first < values.count {
                    let value = values[first]
                    first += 1
                    if first == values.count {
                        values.removeAll(keepingCapacity: true)
                        first = 0
                    } else if first >= capacity {
                        // A reader that stays ahead never lets the list run empty: the values
                        // taken are dropped here, or the list keeps every one (a file of 300,000
                        // recipes held whole, 1 KB a recipe). At most `capacity` are moved, once
                        // per `capacity` taken.
                        values.removeFirst(first)
                        first = 0
                    }
                    condition.signal()
                    condition.unlock()
                    continuation.resume(returning: value)
                } else if finished {
                    condition.unlock()
                    continuation.resume(returning: nil)
                } else {
                    waiting = continuation
                    condition.unlock()
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The consumer is gone: the reader's next `put` returns false, and a wait ends.
    func cancel() {
        condition.lock()
        cancelled = true
        let waiting = self.waiting
        self.waiting = nil
        condition.broadcast()
        condition.unlock()
        waiting?.resume(throwing: CancellationError())
    }
}

import Foundation

/// Items made on one thread and used on another, with a bound on what waits in between: a
/// library export reads and checksums files on a second core while libarchive compresses on
/// the first, and memory stays flat however large the library or its images are.
final class ReadAheadQueue<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [(item: Item, bytes: Int)] = []
    private var waitingBytes = 0
    private var finished = false
    private var cancelled = false
    private let maxItems: Int
    private let maxBytes: Int

    /// An item larger than `maxBytes` still passes, alone.
    init(maxItems: Int = 256, maxBytes: Int = 32 << 20) {
        self.maxItems = maxItems
        self.maxBytes = maxBytes
    }

    /// Waits for room, then queues the item. False when the consumer has stopped: the
    /// producer should stop too. A producer that had to wait sleeps until the queue is half
    /// empty, so the two threads do not wake each other for every item.
    func put(_ item: Item, bytes: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if isFull(adding: bytes) {
            producerWaits = true
            while !cancelled && !waiting.isEmpty && !hasRoomAfterWait(adding: bytes) { condition.wait() }
            producerWaits = false
        }
        guard !cancelled else { return false }
        waiting.append((item, bytes))
        waitingBytes += bytes
        if consumerWaits { condition.broadcast() }
        return true
    }

    /// The producer is done; `take` returns nil once the queue is empty.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer is done (or failed): a waiting or later `put` returns false.
    func cancel() {
        condition.lock()
        cancelled = true
        waiting.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The next item, waiting for one; nil when the producer has finished and all were taken.
    func take() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !finished && !cancelled {
            consumerWaits = true
            condition.wait()
            consumerWaits = false
        }
        guard !waiting.isEmpty else { return nil }
        let (item, bytes) = waiting.removeFirst()
        waitingBytes -= bytes
        if producerWaits && hasRoomAfterWait(adding: 0) { condition.broadcast() }
        return item
    }

    private var producerWaits = false
    private var consumerWaits = false

    private func isFull(adding bytes: Int) -> Bool {
        !waiting.isEmpty && (waiting.count >= maxItems || waitingBytes + bytes > maxBytes)
    }

    private func hasRoomAfterWait(adding bytes: Int) -> Bool {
        waiting.count <= maxItems / 2 && waitingBytes + bytes <= maxBytes / 2
    }
}

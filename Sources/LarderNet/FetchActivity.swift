import Foundation

/// What a fetcher is doing right now, for a progress line: transfers on the wire, and requests
/// waiting for their turn (a politeness slot, a host's interval, a retry's backoff). A thousand
/// addresses handed over at once with `--per-host 2` are 2 running and 998 waiting, not 1000
/// in flight. Answers from the cache never count: they are not transfers.
public final class FetchActivity: @unchecked Sendable {
    /// Transfers running and requests waiting, at one moment.
    public struct Counts: Equatable, Sendable {
        /// Transfers on the wire.
        public var running: Int
        /// Requests waiting for their turn.
        public var waiting: Int

        /// Counts of `running` and `waiting`.
        public init(running: Int, waiting: Int) {
            self.running = running
            self.waiting = waiting
        }
    }

    private let lock = NSLock()
    /// Requests that need the network and have not finished, running or not.
    private var requests = 0
    private var transfers = 0

    /// No request yet.
    public init() {}

    /// What is running and waiting now.
    public var counts: Counts {
        lock.withLock { Counts(running: transfers, waiting: requests - transfers) }
    }

    func requestStarted() { lock.withLock { requests += 1 } }
    func requestFinished() { lock.withLock { requests -= 1 } }
    func transferStarted() { lock.withLock { transfers += 1 } }
    func transferFinished() { lock.withLock { transfers -= 1 } }
}

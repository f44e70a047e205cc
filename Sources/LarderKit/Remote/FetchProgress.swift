import Foundation
import LarderNet

/// What a progress line reads while sources fetch: how many inputs are expected (sources add
/// to it as they learn, a category's meals say), and from the fetcher how many transfers are
/// running and how many requests wait for their turn. Updated from many tasks, read from the
/// output's.
public final class FetchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var expectedCount = 0
    /// Addresses a source holds back before asking the fetcher (see `FetchFrontier`): waiting too.
    private var notStartedCount = 0
    private let activity: FetchActivity?

    /// `fetcher`: the one the sources fetch through; without it nothing is counted as running.
    public init(fetcher: Fetcher? = nil) {
        activity = fetcher?.activity
    }

    /// Inputs the sources expect to read in all, so far (grows as a category's list arrives).
    public var expected: Int { lock.withLock { expectedCount } }

    /// Transfers running and requests waiting (for a politeness slot, a host's interval, a
    /// retry), read together.
    public var transfers: FetchActivity.Counts {
        var counts = activity?.counts ?? .init(running: 0, waiting: 0)
        counts.waiting += lock.withLock { notStartedCount }
        return counts
    }

    /// Transfers on the wire now; requests still waiting for a slot are not in flight.
    public var inFlight: Int { transfers.running }

    func expect(_ count: Int) { lock.withLock { expectedCount += count } }

    func notStarted(_ count: Int) { lock.withLock { notStartedCount = count } }
}

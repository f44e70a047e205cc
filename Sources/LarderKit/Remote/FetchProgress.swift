import Foundation

/// Counters a progress line reads while sources fetch: how many inputs are expected and how
/// many transfers are in flight. Updated from many tasks, read from the output's.
public final class FetchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var expectedCount = 0
    private var inFlightCount = 0

    public init() {}

    public var expected: Int { lock.withLock { expectedCount } }
    public var inFlight: Int { lock.withLock { inFlightCount } }

    func expect(_ count: Int) { lock.withLock { expectedCount += count } }
    func started() { lock.withLock { inFlightCount += 1 } }
    func finished() { lock.withLock { inFlightCount -= 1 } }
}

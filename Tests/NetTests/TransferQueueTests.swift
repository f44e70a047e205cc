import Foundation
@testable import LarderNet
import Testing

/// The politeness limits as the multi loop's thread applies them: which request starts next,
/// given what is on the wire, what each host last started and what readers have not taken yet.
/// Time is given, not read, so each case is exact.
struct TransferQueueTests {
    static let second: UInt64 = 1_000_000_000

    func request(_ host: String, _ n: Int) -> TransferRequest {
        TransferRequest(url: URL(string: "http://\(host)/page-\(n)")!, headers: [:])
    }

    /// Everything `next` hands out at `now`, as "host/page-n".
    func drain(_ queue: TransferQueue, now: UInt64 = 0) -> [String] {
        var started: [String] = []
        while let next = queue.next(now: now) {
            started.append(next.url.host! + next.url.path)
        }
        return started
    }

    @Test func perHostAndTotalLimitsHoldAndABusyHostLetsTheNextThrough() {
        let queue = TransferQueue(total: 4, perHost: 2, interval: 0, unreadLimit: 100)
        let a = (1...5).map { request("a", $0) }, b = (1...3).map { request("b", $0) }, c = (1...2).map { request("c", $0) }
        for r in a + b + c { queue.enqueue(r, now: 0) }
        // a's third request waits for a slot of a's; b's go ahead of it; the total stops c.
        #expect(drain(queue) == ["a/page-1", "a/page-2", "b/page-1", "b/page-2"])
        #expect(queue.onWire == 4)
        queue.finished(a[0], now: 0)
        // The oldest request whose host has room: a's third (c's came later).
        #expect(drain(queue) == ["a/page-3"])
        queue.finished(b[0], now: 0)
        queue.finished(b[1], now: 0)
        #expect(drain(queue) == ["b/page-3", "c/page-1"])
        #expect(queue.onWire == 4)
    }

    @Test func aHostIsAskedNoSoonerThanItsInterval() {
        let queue = TransferQueue(total: 8, perHost: 2, interval: 1, unreadLimit: 100)
        let a = (1...3).map { request("a", $0) }
        for r in a { queue.enqueue(r, now: 0) }
        queue.enqueue(request("b", 1), now: 0)
        // One start per host per second, though a has a second slot; b is not held up by a.
        #expect(drain(queue, now: 0) == ["a/page-1", "b/page-1"])
        #expect(queue.nextWake == Self.second)
        #expect(drain(queue, now: Self.second - 1).isEmpty)
        #expect(drain(queue, now: Self.second) == ["a/page-2"])
        // Both of a's slots are taken: its third waits for one, then for its interval.
        #expect(drain(queue, now: 3 * Self.second).isEmpty)
        queue.finished(a[0], now: 3 * Self.second)
        #expect(drain(queue, now: 3 * Self.second) == ["a/page-3"])
    }

    @Test func noTransferStartsWhileTooManyAnswersWaitForTheirReaders() {
        let queue = TransferQueue(total: 2, perHost: 2, interval: 0, unreadLimit: 1)
        let a = (1...4).map { request("a", $0) }
        for r in a { queue.enqueue(r, now: 0) }
        #expect(drain(queue) == ["a/page-1", "a/page-2"])
        queue.finished(a[0], now: 0)
        queue.finished(a[1], now: 0)
        // Both slots are free, but two answers are not read yet.
        #expect(drain(queue).isEmpty)
        queue.read(a[0])
        #expect(drain(queue).isEmpty)
        // Reading twice, or reading a request that never ran, frees nothing.
        queue.read(a[0])
        queue.read(a[3])
        #expect(drain(queue).isEmpty)
        queue.read(a[1])
        #expect(drain(queue) == ["a/page-3", "a/page-4"])
    }

    @Test func aCancelledRequestIsPassedOver() {
        let queue = TransferQueue(total: 4, perHost: 1, interval: 0, unreadLimit: 100)
        let a = (1...3).map { request("a", $0) }
        for r in a { queue.enqueue(r, now: 0) }
        #expect(drain(queue) == ["a/page-1"])
        a[1].complete(.failure(CancellationError()))  // what the loop does on a cancel
        queue.finished(a[0], now: 0)
        #expect(drain(queue) == ["a/page-3"])
        #expect(!queue.hasWaiting)
    }

    @Test func aHostNoLongerAskedIsForgottenButItsIntervalIsNot() {
        let queue = TransferQueue(total: 4, perHost: 1, interval: 2, unreadLimit: 100)
        let first = request("a", 1)
        queue.enqueue(first, now: 0)
        #expect(drain(queue) == ["a/page-1"])
        queue.finished(first, now: Self.second)
        // A request that comes after the host went quiet still waits out the interval.
        queue.enqueue(request("a", 2), now: Self.second)
        #expect(drain(queue, now: Self.second).isEmpty)
        #expect(drain(queue, now: 2 * Self.second) == ["a/page-2"])
    }
}

import Foundation

/// Politeness: at most `total` requests in flight, at most `perHost` to one host, and at least
/// `interval` between the starts of two requests to one host. Waiters are served in arrival
/// order, except that a waiter whose host is busy lets the next one through.
actor HostGate {
    private let total: Int
    private let perHost: Int
    private let interval: TimeInterval
    private var inFlight = 0
    private var inFlightByHost: [String: Int] = [:]
    private var nextStartByHost: [String: Date] = [:]
    private var waiters: [(id: UInt64, host: String, continuation: CheckedContinuation<Void, Error>)] = []
    private var nextWaiterID: UInt64 = 0

    init(total: Int, perHost: Int, interval: TimeInterval) {
        self.total = max(1, total)
        self.perHost = max(1, perHost)
        self.interval = max(0, interval)
    }

    /// Waits for a slot for `host`, then for the host's interval; `release` must follow.
    func acquire(host: String) async throws {
        if waiters.isEmpty && hasRoom(for: host) {
            take(host)
        } else {
            nextWaiterID += 1
            let id = nextWaiterID
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    waiters.append((id, host, continuation))
                    admitWaiters()
                }
            } onCancel: {
                Task { await self.cancelWaiter(id) }
            }
        }
        let start = max(Date(), nextStartByHost[host] ?? .distantPast)
        nextStartByHost[host] = start.addingTimeInterval(interval)
        let wait = start.timeIntervalSinceNow
        if wait > 0 {
            do {
                try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
            } catch {
                release(host: host)
                throw error
            }
        }
    }

    func release(host: String) {
        inFlight -= 1
        inFlightByHost[host, default: 1] -= 1
        if inFlightByHost[host] == 0 { inFlightByHost[host] = nil }
        admitWaiters()
    }

    private func hasRoom(for host: String) -> Bool {
        inFlight < total && inFlightByHost[host, default: 0] < perHost
    }

    private func take(_ host: String) {
        inFlight += 1
        inFlightByHost[host, default: 0] += 1
    }

    private func admitWaiters() {
        var index = 0
        while index < waiters.count && inFlight < total {
            if hasRoom(for: waiters[index].host) {
                let waiter = waiters.remove(at: index)
                take(waiter.host)
                waiter.continuation.resume()
            } else {
                index += 1
            }
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}

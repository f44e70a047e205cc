import Foundation

/// Politeness, decided where transfers run: on the multi loop's thread, the moment a transfer
/// ends. At most `total` transfers on the wire, at most `perHost` to one host, at least
/// `interval` between the starts of two requests to one host; requests start in arrival order,
/// except that one whose host is busy (or resting) lets the next one through. A slot freed by a
/// finished transfer goes to the next request in the same pass of the loop: no task has to be
/// scheduled first, so a machine busy parsing pages does not leave slots empty.
///
/// Answers are held in memory until their reader takes them. When `unreadLimit` answers wait for
/// readers (the machine reads pages slower than it downloads them), no new transfer starts, so
/// a long list costs a few pages of memory, not all of them.
///
/// Not thread-safe: only the loop's thread touches it. Times are monotonic nanoseconds.
final class TransferQueue: @unchecked Sendable {
    let total: Int
    let perHost: Int
    let interval: UInt64
    let unreadLimit: Int

    /// Transfers on the wire, and answers not yet taken by their readers.
    private(set) var onWire = 0
    private(set) var unread = 0

    /// The requests of one host, oldest first, and what the host is doing.
    private final class HostLine {
        let host: String
        var waiting = RequestFIFO()
        var onWire = 0
        /// Between two starts: the queue's interval, or the host's own (a `Crawl-delay`).
        var interval: UInt64
        /// The host may not be asked before this time (its interval).
        var nextStart: UInt64 = 0
        var lastStart: UInt64?
        /// Filed in `ready` or `resting` (a line is filed once at most).
        var filed = false

        init(host: String, interval: UInt64) {
            self.host = host
            self.interval = interval
        }
    }

    /// A line that may start its oldest request now, ordered by that request's arrival.
    private struct ReadyLine: Comparable {
        var sequence: UInt64
        var line: HostLine
        static func < (a: Self, b: Self) -> Bool { a.sequence < b.sequence }
        static func == (a: Self, b: Self) -> Bool { a.sequence == b.sequence }
    }

    /// A line whose host must rest until `time` (its interval since the last start).
    private struct RestingLine: Comparable {
        var time: UInt64
        var sequence: UInt64
        var line: HostLine
        static func < (a: Self, b: Self) -> Bool { (a.time, a.sequence) < (b.time, b.sequence) }
        static func == (a: Self, b: Self) -> Bool { (a.time, a.sequence) == (b.time, b.sequence) }
    }

    private var lines: [String: HostLine] = [:]
    /// Hosts with an interval of their own, longer than `interval`.
    private var hostIntervals: [String: UInt64] = [:]
    private var ready = MinHeap<ReadyLine>()
    private var resting = MinHeap<RestingLine>()
    private var nextSequence: UInt64 = 0
    /// Requests waiting (cancelled ones included until they are passed over).
    private var waitingCount = 0

    init(total: Int, perHost: Int, interval: TimeInterval, unreadLimit: Int) {
        self.total = max(1, total)
        self.perHost = max(1, perHost)
        self.interval = UInt64(max(0, interval) * 1e9)
        self.unreadLimit = max(1, unreadLimit)
    }

    var hasWaiting: Bool { waitingCount > 0 }

    func enqueue(_ request: TransferRequest, now: UInt64) {
        nextSequence += 1
        request.sequence = nextSequence
        request.state = .waiting
        let line = line(for: request.host)
        line.waiting.append(request)
        waitingCount += 1
        if !line.filed { file(line, now: now) }
    }

    /// The next request allowed to start now, counted as on the wire; nil when none is.
    func next(now: UInt64) -> TransferRequest? {
        guard onWire < total, unread < unreadLimit else { return nil }
        while let first = resting.first, first.time <= now {
            _ = resting.pop()
            first.line.filed = false
            file(first.line, now: now)
        }
        while let top = ready.pop() {
            let line = top.line
            line.filed = false
            dropCancelled(from: line)
            guard let head = line.waiting.first else {
                forgetIfIdle(line, now: now)
                continue
            }
            // Its oldest request was cancelled since it was filed, or the host was given a longer
            // interval (a Crawl-delay) since: file it again, by the new request or to rest.
            guard head.sequence == top.sequence, line.nextStart <= now else {
                file(line, now: now)
                continue
            }
            _ = line.waiting.removeFirst()
            waitingCount -= 1
            line.onWire += 1
            onWire += 1
            line.nextStart = now + line.interval
            line.lastStart = now
            file(line, now: now)
            return head
        }
        return nil
    }

    /// A transfer `next` handed out has ended; its answer waits for its reader.
    func finished(_ request: TransferRequest, now: UInt64) {
        guard let line = lines[request.host] else { return }
        line.onWire -= 1
        onWire -= 1
        unread += 1
        request.awaitingReader = true
        if !line.filed { file(line, now: now) }
        forgetIfIdle(line, now: now)
    }

    /// The reader of a finished transfer has its answer.
    func read(_ request: TransferRequest) {
        guard request.awaitingReader else { return }
        request.awaitingReader = false
        unread -= 1
    }

    /// From now on `host` rests `seconds` between two starts; its next start waits that long
    /// after its last (or after now, when the queue no longer remembers it).
    func setInterval(_ seconds: TimeInterval, forHost host: String, now: UInt64) {
        let nanoseconds = UInt64(min(max(0, seconds), 86_400) * 1e9)
        guard nanoseconds > interval else { return }
        hostIntervals[host] = nanoseconds
        let line = line(for: host)
        line.interval = nanoseconds
        line.nextStart = max(line.nextStart, (line.lastStart ?? now) + nanoseconds)
        if line.filed {
            // Filed as ready or resting by the old interval: filed again when it comes up, by `next`.
            return
        }
        file(line, now: now)
    }

    private func line(for host: String) -> HostLine {
        if let line = lines[host] { return line }
        let line = HostLine(host: host, interval: hostIntervals[host] ?? interval)
        lines[host] = line
        return line
    }

    /// When a host that rests now may be asked again, if one does.
    var nextWake: UInt64? { resting.first?.time }

    /// Files a line in `ready` or `resting` if it has a request and room for it.
    private func file(_ line: HostLine, now: UInt64) {
        dropCancelled(from: line)
        guard !line.filed, let head = line.waiting.first, line.onWire < perHost else { return }
        line.filed = true
        if line.nextStart > now {
            resting.push(RestingLine(time: line.nextStart, sequence: head.sequence, line: line))
        } else {
            ready.push(ReadyLine(sequence: head.sequence, line: line))
        }
    }

    /// Cancelled requests were answered when they were cancelled; they leave when they reach
    /// the front of their line.
    private func dropCancelled(from line: HostLine) {
        while let head = line.waiting.first, !head.isWaiting {
            _ = line.waiting.removeFirst()
            waitingCount -= 1
        }
    }

    /// A host with nothing waiting, nothing on the wire and no interval left to rest is forgotten,
    /// so a list of many sites does not keep a line per site to its end.
    private func forgetIfIdle(_ line: HostLine, now: UInt64) {
        if !line.filed && line.waiting.isEmpty && line.onWire == 0 && line.nextStart <= now {
            lines[line.host] = nil
        }
    }
}

/// A first-in first-out list of requests: appends at the end, removals at the front, both
/// O(1) amortized (the front is an index; the storage is compacted when half of it is spent).
struct RequestFIFO {
    private var storage: [TransferRequest] = []
    private var front = 0

    var isEmpty: Bool { front == storage.count }
    var first: TransferRequest? { isEmpty ? nil : storage[front] }

    mutating func append(_ request: TransferRequest) {
        storage.append(request)
    }

    mutating func removeFirst() -> TransferRequest? {
        guard !isEmpty else { return nil }
        let request = storage[front]
        front += 1
        if front == storage.count {
            storage.removeAll(keepingCapacity: true)
            front = 0
        } else if front > 32 && front * 2 > storage.count {
            storage.removeFirst(front)
            front = 0
        }
        return request
    }
}

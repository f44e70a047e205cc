import Foundation
@testable import LarderKit
import Testing

/// The handoff between a file's parsing thread and the run holds a few recipes, never the whole
/// file's: issue 31's Gourmet export of 300,000 recipes kept every recipe taken (704 MB) because
/// the parser stayed ahead of the run, which writes each recipe, and the list never ran empty.
struct ReadHandoffTests {
    /// A counter shared by the reader's thread and the test.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add(_ amount: Int) { lock.withLock { value += amount } }
        var count: Int { lock.withLock { value } }
    }

    /// A value that counts itself while it is alive.
    final class Token: Sendable {
        let alive: Counter
        init(_ alive: Counter) {
            self.alive = alive
            alive.add(1)
        }
        deinit { alive.add(-1) }
    }

    @Test func valuesTakenFromAReaderThatStaysAheadAreLetGo() async throws {
        let capacity = 4
        let total = 300
        let alive = Counter()
        let put = Counter()
        let handoff = ReadHandoff<Token>.start(capacity: capacity) { handoff in
            for _ in 0..<total {
                guard handoff.put(Token(alive)) else { return }
                put.add(1)
            }
        }
        var taken = 0
        var mostAlive = 0
        while true {
            // The reader fills the handoff before each take, as a parser does for a run that
            // writes every recipe to disk.
            while put.count < min(taken + capacity, total) { try await Task.sleep(nanoseconds: 100_000) }
            guard try await handoff.next() != nil else { break }
            taken += 1
            mostAlive = max(mostAlive, alive.count)
        }
        #expect(taken == total)
        // Waiting values, the one the reader is putting, the one just taken and those taken
        // since the list was last cut (fewer than `capacity`); never the 300.
        #expect(mostAlive <= 2 * capacity + 2, "\(mostAlive) values alive at once")
    }
}

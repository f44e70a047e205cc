import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import LarderKit
import Testing

/// Fetched pages are read on threads that yield to the fetch loop's thread: reading a burst of
/// large pages must not hold the cores a transfer needs to start or to take in its answer.
struct PageReadingExecutorTests {
    #if os(Linux)
    /// The nice value of the calling thread (higher is lower priority).
    static func threadNiceness() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    @Test func pagesAreReadAtALowerPriorityThanTheRestOfTheProcess() async {
        let outside = Self.threadNiceness()
        let reading = await withTaskExecutorPreference(PageReadingExecutor.shared) { Self.threadNiceness() }
        #expect(reading > outside)
        #expect(Self.threadNiceness() == outside)
    }
    #endif

    @Test func everyJobRunsAndAnswersItsOwnCaller() async {
        let executor = PageReadingExecutor(threads: 2, niceness: 5)
        let answers = await withTaskGroup(of: (Int, Int).self) { group in
            for n in 0..<500 {
                group.addTask {
                    await withTaskExecutorPreference(executor) { (n, n * n) }
                }
            }
            var answers: [Int: Int] = [:]
            for await (n, square) in group { answers[n] = square }
            return answers
        }
        #expect(answers.count == 500)
        #expect(answers.allSatisfy { $0.value == $0.key * $0.key })
    }
}

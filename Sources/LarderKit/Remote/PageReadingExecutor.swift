import Foundation

/// Threads that read fetched pages (parse the HTML, find the recipe) at a lower scheduling
/// priority than the rest of the process, so transfers come first.
///
/// Why: reading a page of a few hundred kilobytes costs milliseconds of CPU, and pages arrive in
/// bursts (transfers started together end together). On the task pool, a burst of reading holds
/// the cores while the fetch loop's thread waits for one to hand the next request to a freed
/// slot or to take in an answer's bytes: a machine with one core free (or none) then leaves
/// transfer slots empty and an import runs well past its politeness limit. Here the reading
/// threads are "nicer" than the fetch loop's thread, so the scheduler gives that thread a core
/// the moment it wakes; reading still gets every cycle the transfers leave. Raising a priority
/// needs privileges, lowering one does not, so it is the reading that yields.
///
///     let events = await withTaskExecutorPreference(PageReadingExecutor.shared) { read(page) }
final class PageReadingExecutor: TaskExecutor, @unchecked Sendable {
    /// One thread per core, five nice levels below the process: a third of the weight (Linux's
    /// table gives 335 to 1024) while the fetch loop wants a core. Measured with
    /// Benchmarks/bulk-import.sh on a loaded 2-core machine, five levels took the import from 1.9
    /// to 1.6 times its politeness limit. Ten starved the reading when a busy program shared the
    /// import's session (Linux schedules a session as one group, and the group's share on a core
    /// shrinks with its threads' weight): slots then wait for reading instead. Five cost about a
    /// tenth there (`--hog-same-session`), within that benchmark's spread.
    static let shared = PageReadingExecutor(threads: ProcessInfo.processInfo.activeProcessorCount, niceness: 5)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// Where the oldest job not yet taken is in `jobs` (the array is cleared when all are taken).
    private var nextJob = 0

    init(threads: Int, niceness: Int32) {
        for _ in 0..<max(1, threads) {
            let thread = Thread { [self] in
                Self.lowerPriority(by: niceness)
                runJobs()
            }
            // As the task pool's threads: deep pages recurse in the HTML parser.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func runJobs() {
        while true {
            let job = condition.withLock {
                while nextJob == jobs.count { condition.wait() }
                let job = jobs[nextJob]
                nextJob += 1
                if nextJob == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    nextJob = 0
                }
                return job
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Only this executor's threads yield (`Platform.lowerThreadPriority`); where that fails,
    /// the thread reads at the normal priority.
    private static func lowerPriority(by niceness: Int32) {
        Platform.lowerThreadPriority(by: niceness)
    }
}

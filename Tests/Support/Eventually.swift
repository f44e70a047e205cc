import Foundation

/// Waits, without blocking a thread of the test pool, until `condition` holds: what a program
/// that has ended leaves to the system (a child it killed leaving `/proc`). Throws
/// `ProgramProblem.notReady` when `timeout` passes first; the timeout bounds how long a broken
/// test hangs, it measures nothing.
public func eventually(_ description: String, timeout: Duration = .seconds(60), _ condition: @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else {
            throw ProgramProblem.notReady(command: "the test", waitingFor: description, ended: false, printed: "")
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}

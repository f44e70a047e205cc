import Foundation
import Testing
import TestSupport

/// TestSupport's `Program`, the one way tests run a program: both streams read as the program
/// writes them, a program that does not end killed and reported, readiness waited for on a
/// thread of its own.
struct ProgramTests {
    /// A program that fills the standard error pipe (64 KB) before it writes its standard output:
    /// a reader that waited for the output to end before it read the errors never saw either,
    /// and the program never ended (`LarderCommand` did so until issue 32).
    @Test func aProgramWritingMoreThanAPipeHoldsToStandardErrorIsReadWhole() async throws {
        let run = try await Program("sh", ["-c", "head -c 1000000 /dev/zero | tr '\\0' e >&2; echo done"]).run(timeout: .seconds(300))
        #expect(run.status == 0)
        #expect(run.errorData.count == 1_000_000)
        #expect(run.output == "done\n")
    }

    /// The same through the binary: an import of 2,000 missing files names each on standard
    /// error (about 200 KB) and prints its summary on standard output at the end.
    @Test func aLarderRunThatNamesThousandsOfFailuresOnStandardErrorEnds() async throws {
        let scratch = try ScratchFolder()
        let missing = (1...2000).map { scratch.path("missing/recipe-\($0).json").path }
        try Data(missing.joined(separator: "\n").utf8).write(to: scratch.path("list.txt"))
        let run = try await LarderCommand.run(["import", "--from-file", scratch.path("list.txt").path, "--library", scratch.path("library").path],
                                              timeout: .seconds(600))
        #expect(run.status == 1, "\(run.output)")
        #expect(run.errorData.count > 65_536)
        #expect(missing.allSatisfy { run.errors.contains($0) })
        #expect(run.output.contains("0 imported, 0 skipped, 2000 failed"), "\(run.output)")
    }

    /// Standard input written while both outputs are read: a megabyte through `cat`.
    @Test func aMegabyteOfInputComesBackWhole() async throws {
        let input = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let run = try await Program("cat", [], input: input).run(timeout: .seconds(300))
        #expect(run.outputData == input)
    }

    /// A program past its timeout is killed with the children it started, and the test gets an
    /// error that names it and what it printed, instead of waiting for ever.
    @Test func aProgramThatDoesNotEndIsKilledWithItsChildrenAndReported() async throws {
        let running = try Program("sh", ["-c", "sleep 600 & echo $!; wait"]).start()
        try await running.waitForOutput(containing: "\n")
        let child = try #require(Int32(running.outputSoFar.trimmingCharacters(in: .whitespacesAndNewlines)))
        do {
            _ = try await running.finish(timeout: .seconds(1))
            Issue.record("a program that sleeps for ten minutes ended within its timeout of a second")
        } catch let problem as ProgramProblem {
            #expect(problem.description.hasPrefix("sh -c 'sleep 600 & echo $!; wait' did not end within 1.0 seconds and was killed"),
                    "\(problem)")
            #expect(problem.description.contains("\(child)"), "\(problem)")
        }
        // Its child, orphaned by the kill, is killed too: gone, or a zombie until init reaps it.
        try await Program("sh", ["-c", "while [ -d /proc/\(child) ] && ! grep -q '^State:.*Z' /proc/\(child)/status 2>/dev/null; do sleep 0.05; done"])
            .run(timeout: .seconds(60))
    }

    /// A readiness wait on a program that ends first says so at once.
    @Test func aWaitForWhatNeverComesEndsWithTheProgram() async throws {
        let running = try Program("sh", ["-c", "echo not yet"]).start()
        do {
            try await running.waitForOutput(containing: "ready")
            Issue.record("waited for a line the program never printed")
        } catch ProgramProblem.notReady(_, _, let ended, let printed) {
            #expect(ended)
            #expect(printed == "not yet\n")
        }
    }

    /// Programs started with `start` are killed with their children when the test lets go of
    /// them, so a test that fails half-way leaves nothing running into the next tests.
    @Test func aStartedProgramTheTestLetsGoOfIsKilled() async throws {
        var running: RunningProgram? = try Program("sh", ["-c", "echo $$; sleep 600"]).start()
        try await running?.waitForOutput(containing: "\n")
        let shell = try #require(Int32(running?.outputSoFar.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        running = nil
        try await Program("sh", ["-c", "while [ -d /proc/\(shell) ] && ! grep -q '^State:.*Z' /proc/\(shell)/status 2>/dev/null; do sleep 0.05; done"])
            .run(timeout: .seconds(60))
    }
}

import Foundation
import Testing
import TestSupport

/// No test blocks a thread of Swift Testing's cooperative pool (two threads on a two-core
/// machine), starts a process of its own, or bounds how long something takes: the suite runs
/// on loaded machines. Processes go through TestSupport's `Program` and `LarderCommand`,
/// readiness through `RunningProgram.waitUntil`, and speed is measured by `Benchmarks/`.
struct TestDisciplineTests {
    /// Regular expressions of what is not done in a test, and what to do instead.
    static let forbidden: [(pattern: String, instead: String)] = [
        (#"\bProcess\(\)"#, "Program or LarderCommand (TestSupport)"),
        (#"\bwaitUntilExit\b"#, "Program.run or RunningProgram.finish"),
        (#"\breadDataToEndOfFile\b"#, "Program.run, which reads both streams as they come"),
        (#"\busleep\("#, "RunningProgram.waitUntil on a condition"),
        (#"\bThread\.sleep\b"#, "RunningProgram.waitUntil on a condition"),
        (#"\bDispatchSemaphore\b"#, "an async wait"),
        // An upper bound on elapsed time fails on a loaded machine.
        (#"timeIntervalSince\((?!1970).*\) *<"#, "no bound on elapsed time (measure speed in Benchmarks/)"),
    ]

    @Test func noTestBlocksATestThreadOrStartsAProcessOfItsOwn() throws {
        let tests = Fixtures.packageRoot.appendingPathComponent("Tests")
        let walker = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        let rules = try Self.forbidden.map { (try Regex($0.pattern), $0.instead) }
        var found: [String] = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            let relative = String(file.path.dropFirst(tests.path.count + 1))
            // TestSupport is where the blocking waits live, on threads of their own.
            if relative.hasPrefix("Support/") || relative.hasPrefix("Fixtures/") { continue }
            // This file names what it looks for.
            if file.lastPathComponent == URL(fileURLWithPath: #filePath).lastPathComponent { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for (pattern, instead) in rules where line.contains(pattern) {
                    found.append("Tests/\(relative):\(number + 1): \(line.trimmingCharacters(in: .whitespaces)) (instead: \(instead))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}

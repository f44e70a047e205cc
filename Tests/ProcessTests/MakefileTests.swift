import Foundation
import Testing
import TestSupport

/// The README's two commands are `make demo` and `make test`, and CI runs `make test`. A
/// Makefile that make cannot read stops them all before a line of Swift is built, and the
/// suite run on its own (`swift test`) would never notice: so each target the Makefile
/// declares is read here, with `make -n` (the commands printed, none run).
struct MakefileTests {
    @Test func everyDeclaredTargetIsReadable() throws {
        let makefile = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let phony = try #require(makefile.split(separator: "\n").first { $0.hasPrefix(".PHONY:") })
        let targets = phony.dropFirst(".PHONY:".count).split(separator: " ").map(String.init)
        #expect(targets.contains("demo") && targets.contains("test"))
        for target in targets {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["make", "-n", target]
            process.currentDirectoryURL = Fixtures.packageRoot
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "make -n \(target): \(text)")
        }
    }
}

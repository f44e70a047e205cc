import Foundation
import Testing
import TestSupport

/// The README's two commands are `make demo` and `make test`, and CI runs `make test`. A
/// Makefile that make cannot read stops them all before a line of Swift is built, and the
/// suite run on its own (`swift test`) would never notice: so each target the Makefile
/// declares is read here, with `make -n` (the commands printed, none run).
struct MakefileTests {
    @Test func everyDeclaredTargetIsReadable() async throws {
        let makefile = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let phony = try #require(makefile.split(separator: "\n").first { $0.hasPrefix(".PHONY:") })
        let targets = phony.dropFirst(".PHONY:".count).split(separator: " ").map(String.init)
        #expect(targets.contains("demo") && targets.contains("test"))
        for target in targets {
            let run = try await Program("make", ["-n", target], directory: Fixtures.packageRoot).run()
            #expect(run.status == 0, "make -n \(target): \(run.errors)")
        }
    }
}

import Foundation
import Testing
import TestSupport

/// Found by fuzzing (the app-export target forked for some inputs): libarchive's "every filter"
/// includes filters that run an outside program from `$PATH`, so a file beginning with lzop's
/// magic bytes made `larder import` start `lzop -d`. A file's bytes must never choose a program
/// to run. A stand-in `lzop` first on `$PATH` records whether it was started.
struct ArchiveFilterProgramTests {
    @Test(arguments: ["export.zip", "recipe.paprikarecipe"])
    func aFileInAFilterThatNeedsAProgramStartsNoProgramAndFailsNamed(_ name: String) async throws {
        let scratch = try ScratchFolder()
        let bin = scratch.path("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let started = scratch.path("lzop-was-started")
        let program = bin.appendingPathComponent("lzop")
        try Data("#!/bin/sh\ntouch '\(started.path)'\ncat >/dev/null\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        // lzop's magic bytes, then anything.
        let input = scratch.path(name)
        try (Data([0x89, 0x4C, 0x5A, 0x4F, 0x00, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 0x41, count: 64)).write(to: input)

        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try await LarderCommand.run(["import", input.path, "--library", scratch.path("library").path], environment: ["PATH": path])
        #expect(!FileManager.default.fileExists(atPath: started.path), "larder started the lzop program")
        #expect(run.status != 0)
        #expect(run.printed.contains(name), "\(run.printed)")
        #expect(!run.printed.contains("program"), "\(run.printed)")
    }
}

import Foundation
import Testing
import TestSupport

/// What a person sees when something is wrong with what they asked: a sentence that names the
/// path and what to do, and the documented exit code (2 for a usage error), never a system
/// error as Foundation spells it.
@Suite struct MessageWorkflowTests {
    @Test func aLibraryPathThatIsAFile() async throws {
        let work = try Workspace()
        try work.write("not a folder", to: "lib")
        let samples = Fixtures.packageRoot.appendingPathComponent("Samples").path
        let outcome = try await work.run(["import", samples, "--library", work.path("lib")], expecting: [2])
        #expect(outcome.errors.contains(work.path("lib")), "\(outcome)")
    }

    /// A `.txt` named directly that is not Meal-Master said "not valid JSON (unexpected
    /// character at line 1, column 1)": the message names the file, the formats it was read
    /// as and how it begins, and for a list of web addresses the option that reads one. A
    /// `.txt` that is JSON still says where its JSON goes wrong.
    @Test func aTextFileOfNoFormatSaysWhatWasTried() async throws {
        let work = try Workspace()
        try work.write("Shopping notes\nbuy milk and eggs\n", to: "notes.txt")
        try work.write("# for Saturday\nhttps://example.org/soup\nhttps://example.org/bread\n", to: "urls.txt")
        try work.write("{\"title\": \"Toast\", ", to: "broken.txt")
        let run = try await work.run(["import", work.path("notes.txt"), work.path("urls.txt"), work.path("broken.txt"),
                                      "--library", work.path("lib")], expecting: [1])
        #expect(run.errors.contains("notes.txt: [read] not Meal-Master, and not JSON (it begins \"Shopping notes\")"), "\(run.errors)")
        #expect(run.errors.contains("urls.txt: [read] not Meal-Master, and not JSON (it begins \"# for Saturday\"); it lists web addresses: import them with --from-file \(work.path("urls.txt"))"), "\(run.errors)")
        #expect(run.errors.contains("broken.txt: [read] not valid JSON (expected a key in quotes at line 1, column 20)"), "\(run.errors)")
        #expect(!run.errors.contains("unexpected character at line 1, column 1"), "\(run.errors)")
    }

    @Test func aLibraryThatDoesNotExist() async throws {
        let work = try Workspace()
        for command in [["list"], ["export", "--format", "markdown", "--output", work.path("md")]] {
            let outcome = try await work.run(command + ["--library", work.path("nowhere")], expecting: [2])
            #expect(outcome.errors.contains(work.path("nowhere")), "\(command): \(outcome)")
        }
        // Without --library, the default follows $HOME.
        let outcome = try await work.run(["list"], expecting: [2])
        #expect(outcome.errors.contains(work.home.path), "the default library is not under $HOME: \(outcome)")
    }

    @Test func outputsThatCannotBeWritten() async throws {
        let work = try Workspace()
        try await work.run(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--library", work.path("lib")])
        try work.write("keep me", to: "existing.txt")
        let onAFile = try await work.run(["export", "--library", work.path("lib"), "--format", "markdown", "--output", work.path("existing.txt")], expecting: [2])
        #expect(onAFile.errors.contains(work.path("existing.txt")), "\(onAFile)")
        #expect(try String(contentsOfFile: work.path("existing.txt"), encoding: .utf8) == "keep me")

        try FileManager.default.createDirectory(at: work.scratch.path("a-folder"), withIntermediateDirectories: true)
        let onAFolder = try await work.run(["export", "--library", work.path("lib"), "--format", "cookbook", "--output", work.path("a-folder")], expecting: [2])
        #expect(onAFolder.errors.contains(work.path("a-folder")), "\(onAFolder)")
    }

    @Test func anInputThatIsNotThere() async throws {
        let work = try Workspace()
        let outcome = try await work.run(["import", work.path("missing.json"), "--library", work.path("lib")], expecting: [1])
        #expect(outcome.printed.contains(work.path("missing.json")))
        let failed = try work.library("lib").report().entries("failed")
        #expect(failed.map(\.input) == [work.path("missing.json")])
    }

    /// A broken archive is told in Larder's words, naming it: libarchive's "Truncated input
    /// file (needed 34304 bytes, only 0 available)" and "ZIP decompression failed (-5)" reached
    /// people as they were.
    @Test func aBrokenArchiveIsToldInLardersWords() async throws {
        let work = try Workspace()
        let cut = try await work.run(["import", Fixtures.url("broken-archives/cut-short.tar.gz").path, "--library", work.path("a")], expecting: [1])
        #expect(cut.errors.contains("cut-short.tar.gz"), "\(cut)")
        #expect(cut.errors.contains("the archive ends early (truncated, or still downloading)"), "\(cut)")
        let damaged = try await work.run(["import", Fixtures.url("broken-archives/damaged.zip").path, "--library", work.path("b")], expecting: [1])
        #expect(damaged.errors.contains("damaged.zip"), "\(damaged)")
        #expect(damaged.errors.contains("the archive is damaged"), "\(damaged)")
        for outcome in [cut, damaged] {
            for raw in ["Truncated input file", "needed", "decompression failed", "Damaged", "gzip input"] {
                #expect(!outcome.errors.contains(raw), "\(raw): \(outcome)")
            }
        }
    }
}

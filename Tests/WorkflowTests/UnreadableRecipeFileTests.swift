import Foundation
import Testing
import TestSupport

/// Recipe files of a library that cannot be read — a folder, a symbolic link that leads nowhere
/// and a named pipe where the files should be — met by every command that reads the library:
/// each names the file and says what is wrong in Larder's words (the system's "No such file or
/// directory" and "Is a directory" were glued on, and a named pipe made `show` and `export` wait
/// forever), goes on with the other recipes, and says what it left out.
@Suite struct UnreadableRecipeFileTests {
    static let systemText = ["No such file or directory", "Is a directory", "Permission denied", "Resource temporarily unavailable"]

    @Test func everyReaderNamesTheFileAndWhatIsWrongAndGoesOn() async throws {
        let work = try Workspace()
        for n in 1...4 {
            try work.write(#"{"id": "soup-\#(n)", "title": "Soup \#(n)", "ingredients": [{"text": "\#(n) cups water"}], "instructions": "Boil."}"#,
                           to: "in/soup-\(n).json")
        }
        let library = work.path("lib")
        try await work.run(["import", work.path("in"), "--library", library])
        let files = work.library("lib").recipeFiles
        try #require(files.count == 4)
        let names = files.map(\.lastPathComponent)
        for file in files.prefix(3) { try FileManager.default.removeItem(at: file) }
        try FileManager.default.createDirectory(at: files[0], withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: files[1].path, withDestinationPath: "/nonexistent/soup.json")
        try #require(mkfifo(files[2].path, 0o644) == 0)
        let problems = [
            "recipes/\(names[0])": "it is a folder, not a file",
            "recipes/\(names[1])": "it is a symbolic link to /nonexistent/soup.json, which does not exist",
            "recipes/\(names[2])": "it is a named pipe (FIFO), not a file",
        ]
        let readable = String(names[3].dropLast(".json".count))

        let list = try await run(work, ["list", "--library", library])
        #expect(list.output.hasPrefix(readable + "\tSoup 4"), "\(list)")
        for (path, reason) in problems { #expect(list.errors.contains("unreadable: \(path): \(reason)"), "\(list)") }

        let stats = try await run(work, ["stats", "--library", library])
        #expect(stats.output.contains("Recipes: 1 (and 3 unreadable recipe files)"), "\(stats)")
        for (path, reason) in problems { #expect(stats.output.contains("\(path): \(reason)"), "\(stats)") }

        for (path, reason) in problems {
            let id = String(path.dropFirst("recipes/".count).dropLast(".json".count))
            for json in [false, true] {
                let show = try await run(work, ["show", id, "--library", library] + (json ? ["--json"] : []), expecting: [1])
                #expect(show.errors.contains("\(path) in the library at \(library) cannot be read: \(reason)."), "\(show)")
            }
        }
        #expect(try await run(work, ["show", readable, "--library", library]).output.contains("# Soup 4"))

        let output = work.path("cookbook")
        let export = try await run(work, ["export", "--format", "markdown", "--library", library, "--output", output], expecting: [1])
        for (path, reason) in problems { #expect(export.printed.contains(path) && export.printed.contains(reason), "\(export)") }
        let written = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".md") && $0 != "index.md" }
        #expect(written == ["soup-4.md"], "\(export)")
    }

    /// Runs larder as `Workspace.run` does; a command waiting on a named pipe would be killed at
    /// the helper's timeout and fail the test, not hang the suite.
    func run(_ work: Workspace, _ arguments: [String], expecting statuses: Set<Int32> = [0],
             sourceLocation: SourceLocation = #_sourceLocation) async throws -> ProgramRun {
        let outcome = try await LarderCommand.run(arguments, home: work.home)
        #expect(outcome.signal == nil, "larder \(arguments.joined(separator: " ")) crashed: \(outcome)", sourceLocation: sourceLocation)
        #expect(statuses.contains(outcome.status), "larder \(arguments.joined(separator: " ")): \(outcome)", sourceLocation: sourceLocation)
        let raw = Self.systemText.filter(outcome.printed.contains) + RawErrorText.found(in: outcome.printed)
        #expect(raw.isEmpty, "system error text \(raw): \(outcome)", sourceLocation: sourceLocation)
        return outcome
    }
}

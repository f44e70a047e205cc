import Foundation
import Testing
import TestSupport

/// Where the library is, and what every command says when it cannot use it: the same words and
/// exit code 2 from each command, the path named, never a raw Foundation error.
struct LibraryPathCommandTests {
    let scratch: ScratchFolder
    let recipe = Fixtures.url("mealdb/lookup/52772.json").path

    init() throws {
        scratch = try ScratchFolder()
    }

    func expectNoRawError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for raw in ["Error Domain=", "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "UserInfo="] {
            #expect(!text.contains(raw), "\(text)", sourceLocation: sourceLocation)
        }
    }

    /// `Error Domain=NSCocoaErrorDomain Code=512 … Not a directory`, exit 1, was what import said.
    @Test func aLibraryThatIsAFileIsAUsageErrorForEveryCommand() async throws {
        let file = scratch.path("library")
        try Data("not a folder".utf8).write(to: file)
        let runs = [
            try await LarderCommand.run(["import", recipe, "--library", file.path]),
            try await LarderCommand.run(["list", "--library", file.path]),
            try await LarderCommand.run(["export", "--library", file.path, "--format", "json", "--output", scratch.path("out").path]),
        ]
        for run in runs {
            #expect(run.status == 2)
            #expect(run.errors.contains("The library \(file.path) is a file"), "\(run.errors)")
            #expect(run.errors.contains("--library"))
            expectNoRawError(run.printed)
        }
        let below = try await LarderCommand.run(["import", recipe, "--library", file.appendingPathComponent("sub").path])
        #expect(below.status == 2)
        #expect(below.errors.contains("cannot be made: \(file.path) is a file, not a folder"), "\(below.errors)")
    }

    /// `list` printed "0 recipes" with exit 0 where `export` said there is no library (exit 2).
    @Test func aMissingLibraryIsTheSameErrorForListAndExport() async throws {
        let missing = scratch.path("nowhere").path
        let list = try await LarderCommand.run(["list", "--library", missing])
        let export = try await LarderCommand.run(["export", "--library", missing, "--format", "json", "--output", scratch.path("out").path])
        for run in [list, export] {
            #expect(run.status == 2)
            #expect(run.errors.contains("There is no library at \(missing)."), "\(run.errors)")
            #expect(!run.errors.contains("Usage:"))
        }
        #expect(!list.printed.contains("0 recipes"))
    }

    /// A library Larder may not write in is said before any work, not per recipe.
    @Test func aReadOnlyLibraryIsSaidBeforeTheImport() async throws {
        let library = scratch.path("library")
        #expect(try await LarderCommand.run(["import", recipe, "--library", library.path]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: library.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: library.appendingPathComponent("recipes").path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: library.path)
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: library.appendingPathComponent("recipes").path)
        }
        // As a user who may not write there (root may write anywhere).
        let run = try await LarderCommand.run(["import", Fixtures.url("mealdb/lookup/52768.json").path, "--library", library.path], unprivileged: true)
        #expect(run.status == 2)
        #expect(run.errors.contains("The library \(library.path) cannot be written: no permission to write in \(library.path)"), "\(run.errors)")
        expectNoRawError(run.printed)
    }

    /// `remove` printed the lock file's raw error ("cannot open …/.larder/lock: Permission
    /// denied", exit 1) where `import` says the library cannot be written (exit 2).
    @Test func aReadOnlyLibraryIsTheSameErrorForRemoveAsForImport() async throws {
        let library = scratch.path("library")
        #expect(try await LarderCommand.run(["import", recipe, "--library", library.path]).status == 0)
        for folder in [library, library.appendingPathComponent("recipes"), library.appendingPathComponent(".larder")] {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        }
        defer {
            for folder in [library, library.appendingPathComponent("recipes"), library.appendingPathComponent(".larder")] {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            }
        }
        let imported = try await LarderCommand.run(["import", Fixtures.url("mealdb/lookup/52768.json").path, "--library", library.path], unprivileged: true)
        let removed = try await LarderCommand.run(["remove", "--library", library.path, "mealdb-52772"], unprivileged: true)
        for run in [imported, removed] {
            #expect(run.status == 2)
            #expect(run.errors.contains("The library \(library.path) cannot be written: no permission to write in \(library.path)"), "\(run.errors)")
            expectNoRawError(run.printed)
        }
        #expect(removed.errors == imported.errors)
        #expect(FileManager.default.fileExists(atPath: library.appendingPathComponent("recipes/mealdb-52772.json").path))
    }

    /// `HOME=/tmp/x larder import …` wrote into /root/.local/share/larder, and the error named it.
    @Test func theDefaultLibraryFollowsHomeThenXDGThenLarderLibrary() async throws {
        let home = scratch.path("home")
        let byHome = try await LarderCommand.run(["import", recipe], environment: ["HOME": home.path])
        #expect(byHome.status == 0, "\(byHome.errors)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/larder/recipes/mealdb-52772.json").path))
        let missing = try await LarderCommand.run(["list"], environment: ["HOME": scratch.path("other").path])
        #expect(missing.errors.contains("There is no library at \(scratch.path("other").path)/.local/share/larder."), "\(missing.errors)")

        let data = scratch.path("data")
        #expect(try await LarderCommand.run(["import", recipe], environment: ["HOME": home.path, "XDG_DATA_HOME": data.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("larder/recipes/mealdb-52772.json").path))
        // The XDG specification: a relative path is ignored.
        let relative = try await LarderCommand.run(["list"], environment: ["HOME": home.path, "XDG_DATA_HOME": "relative/data"])
        #expect(relative.status == 0)
        #expect(relative.output.contains("mealdb-52772"))

        let chosen = scratch.path("chosen")
        #expect(try await LarderCommand.run(["import", recipe], environment: ["HOME": home.path, "XDG_DATA_HOME": data.path,
                                                                         "LARDER_LIBRARY": chosen.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: chosen.appendingPathComponent("recipes/mealdb-52772.json").path))
    }

    @Test func theDefaultCacheFollowsHomeThenXDG() async throws {
        let server = try await LocalServer()
        let page = server.url("/recipe/cached-stew").absoluteString
        let home = scratch.path("home")
        let run = try await LarderCommand.run(["import", page, "--library", scratch.path("library").path], environment: ["HOME": home.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent(".cache/larder/http").path)).isEmpty)

        let cache = scratch.path("cache")
        let xdg = try await LarderCommand.run(["import", page, "--library", scratch.path("library2").path],
                                        environment: ["HOME": home.path, "XDG_CACHE_HOME": cache.path])
        #expect(xdg.status == 0)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("larder/http").path)).isEmpty)
    }
}

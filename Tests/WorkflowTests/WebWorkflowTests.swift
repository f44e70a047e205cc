import Foundation
import Testing
import TestSupport

/// Importing web pages served on loopback, as a person tries Larder on saved pages: with
/// `--images`, from the cache with `--offline`, again with each `--on-duplicate` policy, and
/// resumed after Ctrl-C.
@Suite struct WebWorkflowTests {
    /// A folder of saved pages and pictures served on loopback, rewritten as a site changes.
    final class Site {
        let work: Workspace
        let folder: URL
        let server: LocalServer

        init(_ work: Workspace) async throws {
            self.work = work
            let folder = work.scratch.path("site")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for picture in ["parmigiana.jpg", "shrimp.jpg"] {
                try FileManager.default.copyItem(at: Fixtures.url("workflow/\(picture)"), to: folder.appendingPathComponent(picture))
            }
            self.folder = folder
            server = try await LocalServer(files: folder)
        }

        func url(_ name: String) -> String { server.url("/files/\(name)").absoluteString }

        /// Writes `name.html`, a recipe page whose pictures are served beside it.
        @discardableResult
        func page(_ name: String, title: String, ingredients: [String] = ["2 cups flour", "1 tsp salt", "3 eggs, beaten"],
                  pictures: [String] = []) throws -> String {
            let html = RecipePage.html(title: title, ingredients: ingredients, steps: ["Mix.", "Bake for 20 minutes."],
                                       images: pictures.map(url))
            try Data(html.utf8).write(to: folder.appendingPathComponent("\(name).html"))
            return url("\(name).html")
        }
    }

    private func checkImages(of library: LibraryOnDisk, expectedRecipes: Int, picturesEach: [String: Int]) throws {
        let recipes = try library.recipes()
        #expect(recipes.count == expectedRecipes)
        for recipe in recipes {
            let stored = recipe.images.compactMap(\.path)
            #expect(stored.count == picturesEach[recipe.title], "\(recipe.title): \(stored.count) pictures stored")
            for path in stored {
                #expect(FileManager.default.fileExists(atPath: library.root.appendingPathComponent(path).path), "\(path) is missing")
            }
        }
        #expect(try library.manifestPaths() == library.storedPaths(), "the manifest does not list what the library holds")
    }

    @Test func imagesAreStoredForEveryRecipeEveryTime() async throws {
        let work = try Workspace()
        let site = try await Site(work)
        let one = try site.page("one", title: "One Picture", pictures: ["parmigiana.jpg"])
        let two = try site.page("two", title: "Two Pictures", pictures: ["parmigiana.jpg", "shrimp.jpg"])
        var batch: [String] = []
        for n in 1...6 {
            batch.append(try site.page("batch-\(n)", title: "Batch \(n)", ingredients: ["\(n) cups flour", "1 egg"],
                                       pictures: n.isMultiple(of: 2) ? ["shrimp.jpg", "parmigiana.jpg"] : ["shrimp.jpg"]))
        }
        // A crash that came one run in six: several runs, each into a new library.
        for run in 1...4 {
            try await work.run(["import", one, "--images", "--no-cache", "--library", work.path("one-\(run)")])
            try checkImages(of: work.library("one-\(run)"), expectedRecipes: 1, picturesEach: ["One Picture": 1])
            try await work.run(["import", two, "--images", "--no-cache", "--library", work.path("two-\(run)")])
            try checkImages(of: work.library("two-\(run)"), expectedRecipes: 1, picturesEach: ["Two Pictures": 2])
            try await work.run(["import"] + batch + ["--images", "--no-cache", "--library", work.path("batch-\(run)")])
            var each: [String: Int] = [:]
            for n in 1...6 { each["Batch \(n)"] = n.isMultiple(of: 2) ? 2 : 1 }
            try checkImages(of: work.library("batch-\(run)"), expectedRecipes: 6, picturesEach: each)
        }
    }

    @Test func offlineImportAnswersFromTheCache() async throws {
        let work = try Workspace()
        let site = try await Site(work)
        let pages = try (1...3).map { try site.page("p\($0)", title: "Page \($0)") }
        let cache = work.path("cache")
        try await work.run(["import"] + pages + ["--cache", cache, "--library", work.path("online")])

        let never = try site.page("never", title: "Never Fetched")
        let outcome = try await work.run(["import"] + pages + [never, "--offline", "--cache", cache, "--library", work.path("offline")], expecting: [1])
        let offline = work.library("offline")
        #expect(try offline.recipes().map(\.title).sorted() == ["Page 1", "Page 2", "Page 3"])
        let failed = try offline.report().entries("failed")
        #expect(failed.map(\.input) == [never])
        #expect(outcome.printed.contains(never))
    }

    @Test func duplicatePoliciesDoWhatTheySay() async throws {
        let work = try Workspace()
        let site = try await Site(work)
        let address = try site.page("soup", title: "Soup", ingredients: ["1 l water", "2 carrots"])
        let cache = work.path("cache")
        let library = work.library("lib")
        try await work.run(["import", address, "--cache", cache, "--library", library.root.path])
        let stored = try library.recipeFiles.map { try Data(contentsOf: $0) }

        // The site changes its page.
        try site.page("soup", title: "Soup", ingredients: ["1 l water", "2 carrots", "1 leek"])

        try await work.run(["import", address, "--cache", cache, "--library", library.root.path])
        #expect(try library.recipeFiles.map { try Data(contentsOf: $0) } == stored, "skip changed the stored recipe")
        let skipped = try library.report().entries("skipped")
        #expect(skipped.count == 1 && !(skipped.first?.reason ?? "").isEmpty)

        try await work.run(["import", address, "--on-duplicate", "update", "--cache", cache, "--library", library.root.path])
        let updated = try library.recipes()
        #expect(updated.count == 1)
        #expect(updated.first?.ingredients.map(\.line) == ["1 l water", "2 carrots", "1 leek"], "update did not fetch the page again")

        try await work.run(["import", address, "--on-duplicate", "copy", "--cache", cache, "--library", library.root.path])
        let copies = try library.recipes()
        #expect(copies.count == 2)
        #expect(Set(copies.map(\.id)).count == 2)
        #expect(try library.manifestPaths() == library.storedPaths())
    }

    @Test func anInterruptedImportResumesWithoutLosingOrRepeating() async throws {
        let work = try Workspace()
        let server = try await LocalServer(hosts: 2, latency: 0.5)
        // The last page, on a host of its own so that it holds up no other, answers only once the
        // test releases it: the run cannot end before the Ctrl-C, however late it comes.
        let addresses = (1...11).map { server.url("/recipe/resume-\($0)").absoluteString }
            + [server.url("/fault/held/resume-12", host: "127.0.0.2").absoluteString]
        let list = addresses.joined(separator: "\n") + "\n"
        try work.write(list, to: "urls.txt")
        let arguments = ["import", "--from-file", work.path("urls.txt"), "--jobs", "1", "--per-host", "1", "--no-cache", "--timeout", "600",
                         "--library", work.path("lib")]

        let running = try LarderCommand.start(arguments, home: work.home)
        // Ctrl-C once the first recipe is stored.
        let recipesFolder = work.scratch.path("lib/recipes").path
        try await running.waitUntil("the first recipe is stored", thenSignal: SIGINT) {
            ((try? FileManager.default.contentsOfDirectory(atPath: recipesFolder)) ?? []).contains { $0.hasSuffix(".json") }
        }
        let interrupted = try await running.finish()
        #expect(interrupted.signal == nil, "\(interrupted)")
        #expect(interrupted.status == 130, "\(interrupted)")
        let library = work.library("lib")
        let first = try library.report()
        #expect(Set(first.entries.map(\.input)) == Set(addresses), "an interrupted run must still report every input")
        let importedFirst = first.entries("imported").count
        #expect(importedFirst > 0 && importedFirst < addresses.count)
        #expect(try library.manifestPaths() == library.storedPaths())

        try await server.release("resume-12", host: "127.0.0.2")
        try await work.run(arguments)
        let second = try library.report()
        #expect(second.entries("imported").count == addresses.count - importedFirst)
        #expect(second.entries("skipped").count == importedFirst)
        let recipes = try library.recipes()
        #expect(recipes.count == addresses.count)
        #expect(Set(recipes.map(\.title)).count == addresses.count, "a recipe was imported twice")
    }
}

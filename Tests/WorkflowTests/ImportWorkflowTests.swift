import Foundation
import Testing
import TestSupport

/// Importing files and folders: every input ends in the report, the report only names recipes
/// the library holds, the manifest lists every stored file, and a second run changes nothing.
@Suite struct ImportWorkflowTests {
    @Test func everySampleEndsInTheReportAndNothingIsLost() async throws {
        let work = try Workspace()
        let samples = Fixtures.packageRoot.appendingPathComponent("Samples")
        try await work.run(["import", samples.path, "--library", work.path("lib")])
        let library = work.library("lib")
        let report = try library.report()

        let sampleFiles = try FileManager.default.contentsOfDirectory(atPath: samples.path).map { samples.appendingPathComponent($0).path }
        let inputs = Set(report.entries.map(\.input))
        for file in sampleFiles {
            #expect(inputs.contains(file), "\(file) is not in report.json")
        }
        for entry in report.entries where entry.status != "imported" {
            #expect(!(entry.reason ?? "").isEmpty, "\(entry.input) was \(entry.status) without a reason")
        }

        let storedIDs = Set(library.recipeFiles.map { $0.deletingPathExtension().lastPathComponent })
        let importedIDs = Set(report.entries("imported").compactMap(\.recipeID))
        #expect(importedIDs == storedIDs, "the report's imported recipes are not the stored ones")
        for entry in report.entries where entry.status == "skipped" {
            if let id = entry.recipeID { #expect(storedIDs.contains(id), "\(entry.input) names \(id), which the library does not hold") }
        }
        #expect(try library.manifestPaths() == library.storedPaths(), "the manifest does not list what the library holds")

        // The same import again finds everything already there and changes no byte.
        let before = try library.recipeFiles.map { try Data(contentsOf: $0) }
        try await work.run(["import", samples.path, "--library", work.path("lib")])
        #expect(try library.recipeFiles.map { try Data(contentsOf: $0) } == before)
        let again = try library.report()
        #expect(again.entries("imported").isEmpty, "a second import imported again: \(again.entries("imported").map(\.input))")
    }

    @Test func otherAppsExportsAllEndInTheReport() async throws {
        let work = try Workspace()
        let formats = Fixtures.url("formats")
        try await work.run(["import", formats.path, "--library", work.path("lib")], expecting: [0, 1])
        let report = try work.library("lib").report()
        let inputs = Set(report.entries.map(\.input))
        let walker = FileManager.default.enumerator(at: formats, includingPropertiesForKeys: [.isRegularFileKey])!
        var files: [String] = []
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files.append(url.path)
        }
        // Pictures beside a recipe file become that recipe's images; every other file is an
        // input of its own.
        for file in files where !isPicture(file) {
            #expect(inputs.contains(file), "\(file) is in no report entry")
        }
        for entry in report.entries where entry.status != "imported" {
            #expect(!(entry.reason ?? "").isEmpty, "\(entry.input) was \(entry.status) without a reason")
        }
    }

    private func isPicture(_ path: String) -> Bool {
        ["jpg", "jpeg", "png", "webp", "gif"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    @Test func aFolderWithNoRecipesSaysSo() async throws {
        let work = try Workspace()
        try FileManager.default.createDirectory(at: work.scratch.path("empty"), withIntermediateDirectories: true)
        try work.write("just some words", to: "notes/readme.md")
        for folder in ["empty", "notes"] {
            let outcome = try await work.run(["import", work.path(folder), "--library", work.path("lib-\(folder)")], expecting: [0, 1])
            #expect(outcome.printed.contains(work.path(folder)) || outcome.printed.contains(folder),
                    "the run does not say what happened to \(folder): \(outcome)")
            let report = try work.library("lib-\(folder)").report()
            let entry = try #require(report.entries.first { $0.input.hasPrefix(work.path(folder)) }, "\(folder) is not in report.json")
            #expect(entry.status != "imported")
            #expect(!(entry.reason ?? "").isEmpty)
        }
    }

    /// `.DS_Store`, `.git` and other hidden names in a folder are never read, but each ends in
    /// the report with why; the folder's recipes are imported as usual.
    @Test func hiddenFilesAndFoldersAreListedNotRead() async throws {
        let work = try Workspace()
        let recipe = #"{"@type": "Recipe", "name": "Toast", "recipeIngredient": ["1 slice bread"], "recipeInstructions": ["Toast it."]}"#
        try work.write(recipe, to: "box/toast.json")
        try work.write(recipe, to: "box/.hidden.json")
        try work.write("binary junk", to: "box/.DS_Store")
        try work.write(recipe, to: "box/.git/objects/pack.json")
        _ = try await work.run(["import", work.path("box"), "--library", work.path("lib")])
        let report = try work.library("lib").report()
        #expect(report.entries.filter { $0.status == "imported" }.count == 1)
        let skipped = Dictionary(uniqueKeysWithValues: report.entries.filter { $0.status == "skipped" }.map { (URL(fileURLWithPath: $0.input).lastPathComponent, $0.reason ?? "") })
        #expect(Set(skipped.keys) == [".hidden.json", ".DS_Store", ".git"])
        #expect(skipped.values.allSatisfy { $0.contains("hidden") })
    }

    /// A library folder written by `export --format json` converts to another format with its
    /// recipes only: its manifest, report and `.larder` are the library's books, not inputs
    /// that failed to be recipes.
    @Test func convertingAnExportedLibraryFolderReadsOnlyItsRecipes() async throws {
        let work = try Workspace()
        try work.write(#"{"@type": "Recipe", "name": "Toast", "recipeIngredient": ["1 slice bread"], "recipeInstructions": ["Toast it."]}"#, to: "toast.json")
        try await work.run(["import", work.path("toast.json"), "--library", work.path("lib")])
        try await work.run(["export", "--library", work.path("lib"), "--format", "json", "--output", work.path("copy")])
        let outcome = try await work.run(["convert", work.path("copy"), "--format", "markdown", "--output", work.path("book")])
        #expect(!outcome.errors.contains("skipped:"), "\(outcome)")
        #expect(outcome.output.contains("1 written"), "\(outcome)")
        #expect(FileManager.default.fileExists(atPath: work.path("book/toast.md")))
    }

    /// Every folder export leaves `.larder-export` (the files it wrote); importing the folder
    /// back reads its recipes and files that list as Larder's books, whatever the format, not
    /// as a hidden file the user should rename.
    @Test(arguments: ["nextcloud", "cooklang"])
    func importingAnExportFolderSkipsItsListOfFilesAsBookkeeping(_ format: String) async throws {
        let work = try Workspace()
        try work.write(#"{"@type": "Recipe", "name": "Toast", "recipeIngredient": ["1 slice bread"], "recipeInstructions": ["Toast it."]}"#, to: "toast.json")
        try await work.run(["import", work.path("toast.json"), "--library", work.path("lib")])
        try await work.run(["export", "--library", work.path("lib"), "--format", format, "--output", work.path("out")])
        let outcome = try await work.run(["import", work.path("out"), "--library", work.path("again")])
        #expect(!outcome.errors.contains("hidden"), "\(outcome)")
        let entries = try work.library("again").report().entries
        let marker = try #require(entries.first { $0.input.hasSuffix("/.larder-export") }, "\(entries.map(\.input))")
        #expect(marker.status == "skipped")
        #expect(marker.kind == "bookkeeping", "\(marker)")
        #expect(entries.contains { $0.status == "imported" })
    }

    /// Every file of an imported folder ends in the report: a picture named like a recipe file
    /// becomes its picture, and one that no recipe takes is listed as skipped, with why (it
    /// appeared nowhere).
    @Test func aPictureNoRecipeTakesIsListedAsSkipped() async throws {
        let work = try Workspace()
        try work.write(#"{"@type": "Recipe", "name": "Toast", "recipeIngredient": ["1 slice bread"], "recipeInstructions": ["Toast it."]}"#, to: "in/toast.json")
        try FileManager.default.copyItem(at: Fixtures.url("workflow/shrimp.jpg"), to: work.scratch.path("in/toast.jpg"))
        try FileManager.default.copyItem(at: Fixtures.url("workflow/parmigiana.jpg"), to: work.scratch.path("in/pic.jpg"))
        let outcome = try await work.run(["import", work.path("in"), "--library", work.path("lib")])
        let entries = try work.library("lib").report().entries
        let picture = try #require(entries.first { $0.input.hasSuffix("in/pic.jpg") }, "\(entries.map(\.input))")
        #expect(picture.status == "skipped")
        #expect(picture.reason == "a picture no recipe in this folder names")
        #expect(outcome.errors.contains("pic.jpg"), "\(outcome)")
        // The picture named like the recipe is the recipe's, not an input of its own.
        #expect(!entries.contains { $0.input.hasSuffix("toast.jpg") })
        #expect(try work.library("lib").report().entries("imported").count == 1)
    }

    /// convert keeps no library and so no report.json: it names every input it skipped, with
    /// the reason, on the terminal (it printed only "2 skipped").
    @Test func convertNamesWhatItSkippedAndWhy() async throws {
        let work = try Workspace()
        let toast = #"{"@type": "Recipe", "name": "Toast", "recipeIngredient": ["1 slice bread"], "recipeInstructions": ["Toast it."]}"#
        try work.write(toast, to: "in/a.json")
        try work.write(toast, to: "in/b.json")
        try work.write(#"{"@type": "Recipe", "name": "Tea", "recipeIngredient": ["1 tea bag"], "recipeInstructions": ["Brew it."]}"#, to: "in/c.json")
        // No recipe is left to write: nothing is written, and the exit code says so.
        let outcome = try await work.run(["convert", work.path("in"), "--format", "jsonld", "--output", work.path("out.json"), "--category", "nothing-has-this"],
                                   expecting: [1])
        #expect(outcome.output.contains("0 written, 3 skipped, 0 failed; nothing was written: no recipe matched the filters"), "\(outcome)")
        // It names the earlier input, not an id that no library holds.
        #expect(outcome.errors.contains("skipped: \(work.path("in/b.json")) (Toast): [dedupe] same title, ingredients and steps as \(work.path("in/a.json")) (Toast)"), "\(outcome)")
        for file in ["a.json", "c.json"] {
            #expect(outcome.errors.contains("skipped: \(work.path("in/\(file)"))"), "\(file): \(outcome)")
        }
    }
}

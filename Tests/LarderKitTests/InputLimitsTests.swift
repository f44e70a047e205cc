import Foundation
import LarderArchive
import LarderCore
import LarderKit
import Testing
import TestSupport

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// The written limits (README, "Limits"; `InputLimits`): an input over one fails alone with a
/// reason that names the limit, and the others in the batch are imported. The limits are set
/// low here so that small inputs reach them; the defaults are tested by what they are.
struct InputLimitsTests {
    /// Imports `inputs` as `larder import` does, with `limits` for the files and the pipeline.
    func importInputs(_ inputs: [String], limits: InputLimits, into library: Library) async throws -> RunReport {
        var pipeline = Pipeline(
            sources: inputs.map { path in
                var source = FileSource(path: path)
                source.limits = limits
                return source
            },
            stages: [NormalizeStage(), try DedupeStage(library: library, policy: .skip)],
            sink: try LibrarySink(library: library, duplicates: .skip)
        )
        pipeline.limits = limits
        return try await pipeline.run()
    }

    func jsonLD(_ title: String, ingredients: [String], steps: [String] = ["Mix."], keywords: [String] = []) -> Data {
        let object: [String: Any] = ["@context": "https://schema.org", "@type": "Recipe", "name": title,
                                     "recipeIngredient": ingredients, "recipeInstructions": steps, "keywords": keywords]
        return try! JSONSerialization.data(withJSONObject: object)
    }

    @Test func theDefaultsAreTheWrittenOnes() {
        let limits = InputLimits.standard
        #expect(limits.maxEntryBytes == 64 * 1024 * 1024 && limits.maxPageBytes == 20 * 1024 * 1024)
        #expect(limits.maxFieldBytes == 1024 * 1024)
        #expect(limits.maxIngredientLines == 5_000 && limits.maxSteps == 5_000 && limits.maxListItems == 5_000)
        #expect(limits.maxImagesPerRecipe == 100 && limits.maxImageBytes == 32 * 1024 * 1024)
        #expect(limits.maxEntries == 1_000_000 && limits.maxArchiveBytes == 16 * 1024 * 1024 * 1024)
        // Bundles share the archive figures rather than keeping their own.
        #expect(BundleLimits().maxEntries == limits.maxEntries && BundleLimits().maxTotalBytes == limits.maxArchiveBytes)
    }

    /// Issue 21: a JSON-LD file of 2.8 million ingredient lines took 63 s and 4.25 GB.
    @Test func aRecipeWithTooManyIngredientLinesFailsAloneNamingTheLimit() async throws {
        let scratch = try ScratchFolder()
        var limits = InputLimits()
        limits.maxIngredientLines = 50
        let long = scratch.path("long.jsonld"), short = scratch.path("short.jsonld")
        try jsonLD("Endless", ingredients: (1...60).map { "\($0) cups flour" }).write(to: long)
        try jsonLD("Pancakes", ingredients: ["1 cup flour", "2 eggs"]).write(to: short)
        let library = Library(root: scratch.path("library"))
        let report = try await importInputs([long.path, short.path], limits: limits, into: library)
        #expect(report.imported == 1)
        let failed = try #require(report.entries.first { $0.status == .failed })
        #expect(failed.input == long.path)
        #expect(failed.reason == "60 ingredient lines, over Larder's limit of 50 per recipe")
    }

    /// The count is checked before the list becomes `Ingredient`s and `Step`s: 2.8 million of
    /// them took gigabytes before any check could see the recipe.
    @Test func jsonListsAreCountedBeforeTheyAreMapped() throws {
        var limits = InputLimits()
        limits.maxIngredientLines = 50
        limits.maxSteps = 20
        let context = MappingContext(input: "list.json", limits: limits)
        let ingredients = RecipeJSON.read(jsonLD("Endless", ingredients: (1...60).map { "\($0) cups flour" }), context: context)
        #expect(ingredients.first?.result.failure?.description == "60 ingredient lines, over Larder's limit of 50 per recipe")
        let steps = RecipeJSON.read(jsonLD("Steps", ingredients: ["1 egg"], steps: (1...21).map { "Stir for \($0) minutes." }), context: context)
        #expect(steps.first?.result.failure?.description == "21 steps, over Larder's limit of 20 per recipe")
        let tolerant = try JSONSerialization.data(withJSONObject: ["title": "App", "ingredients": (1...51).map { "\($0) eggs" }, "instructions": "Boil."])
        #expect(RecipeJSON.read(tolerant, context: context).first?.result.failure?.description == "51 ingredient lines, over Larder's limit of 50 per recipe")
    }

    @Test func aFieldOverTheLimitFailsItsRecipeNamingTheField() async throws {
        let scratch = try ScratchFolder()
        var limits = InputLimits()
        limits.maxFieldBytes = 2048
        let file = scratch.path("long-step.jsonld")
        try jsonLD("Soup", ingredients: ["1 onion"], steps: [String(repeating: "stir ", count: 1200)]).write(to: file)
        let library = Library(root: scratch.path("library"))
        let report = try await importInputs([file.path], limits: limits, into: library)
        #expect(report.imported == 0)
        #expect(report.entries.first?.reason == "a step of 5.9 KB, over Larder's limit of 2 KB per field")
        #expect(try library.recipeIDs().isEmpty)
    }

    @Test func tooManyStepsOrListItemsFailTheRecipe() async throws {
        let scratch = try ScratchFolder()
        var limits = InputLimits()
        limits.maxSteps = 10
        limits.maxListItems = 10
        let steps = scratch.path("steps.jsonld"), tags = scratch.path("tags.jsonld")
        try jsonLD("Steps", ingredients: ["1 egg"], steps: (1...11).map { "Stir the pot for \($0) minutes." }).write(to: steps)
        try jsonLD("Tagged", ingredients: ["1 egg"], keywords: (1...12).map { "tag \($0)" }).write(to: tags)
        let library = Library(root: scratch.path("library"))
        let report = try await importInputs([steps.path, tags.path], limits: limits, into: library)
        #expect(report.entries.map(\.reason) == ["11 steps, over Larder's limit of 10 per recipe",
                                                 "12 tags, over Larder's limit of 10 per recipe"])
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsRead() async throws {
        let scratch = try ScratchFolder()
        var limits = InputLimits()
        limits.maxEntryBytes = 4096
        let big = scratch.path("big.json")
        try Data(("{\"title\": \"Big\", \"ingredients\": [\"1 egg\"], \"notes\": \"" + String(repeating: "x", count: 8000) + "\"}").utf8).write(to: big)
        let library = Library(root: scratch.path("library"))
        let report = try await importInputs([big.path], limits: limits, into: library)
        #expect(report.entries.first?.reason == "a file of 7.9 KB, over Larder's limit of 4 KB per file", "\(report.entries)")
    }

    /// A page's tree in libxml2 takes many times the page: a 64 MB page of list items took 1 GB.
    @Test func aSavedPageOverThePageLimitFailsNamingIt() async throws {
        let scratch = try ScratchFolder()
        var limits = InputLimits()
        limits.maxPageBytes = 2048
        let page = scratch.path("page.html")
        let items = String(repeating: "<li>1 cup chopped walnuts</li>", count: 200)
        try Data("<html><head><title>Cake</title></head><body><h2>Ingredients</h2><ul>\(items)</ul></body></html>".utf8).write(to: page)
        let library = Library(root: scratch.path("library"))
        let report = try await importInputs([page.path], limits: limits, into: library)
        #expect(report.entries.first?.reason == "a page of 5.9 KB, over Larder's limit of 2 KB per page", "\(report.entries)")
    }


    /// A saved page of 200,000 ingredient list items was imported with 121 of them and nothing
    /// said. The page's list is read whole: over the limit it fails alone, naming the limit;
    /// under it, every line comes in.
    @Test func aSavedPageWithMoreListItemsThanTheLimitFailsAloneNamingIt() async throws {
        let scratch = try ScratchFolder()
        var limits = InputLimits()
        limits.maxIngredientLines = 250
        func page(_ title: String, lines: Int) -> Data {
            let items = (1...lines).map { "<li>\($0) g flour</li>" }.joined()
            return Data("<html><head><title>\(title)</title></head><body><h1>\(title)</h1><h2>Ingredients</h2><ul>\(items)</ul><h2>Method</h2><ol><li>Mix.</li><li>Bake.</li></ol></body></html>".utf8)
        }
        let long = scratch.path("long.html"), within = scratch.path("within.html")
        try page("Endless loaf", lines: 300).write(to: long)
        try page("Big loaf", lines: 250).write(to: within)
        let library = Library(root: scratch.path("library"))
        let report = try await importInputs([long.path, within.path], limits: limits, into: library)
        let failed = try #require(report.entries.first { $0.status == .failed }, "\(report.entries)")
        #expect(failed.input == long.path)
        #expect(failed.reason == "more than 250 ingredient lines, Larder's limit per recipe")
        let imported = try #require(report.entries.first { $0.status == .imported }?.recipeID)
        #expect(try library.load(id: imported).ingredients.count == 250)
    }
    /// An archive entry is measured as it expands, whatever its header says.
    @Test func anArchiveEntryOverTheSizeLimitFailsAloneAndTheOthersAreRead() async throws {
        let scratch = try ScratchFolder()
        var limits = InputLimits()
        limits.maxEntryBytes = 4096
        let zip = scratch.path("export.zip")
        let writer = try ArchiveWriter(path: zip.path, format: .zip)
        try writer.addFile("big.cook", contents: Data(("Stir. " + String(repeating: "\n", count: 10_000) + "Bake.\n").utf8))
        try writer.addFile("small.cook", contents: Data("Boil @water{1%l}.\n".utf8))
        try writer.close()
        let library = Library(root: scratch.path("library"))
        let report = try await importInputs([zip.path], limits: limits, into: library)
        #expect(report.imported == 1)
        let failed = try #require(report.entries.first { $0.status == .failed })
        #expect(failed.item == "big.cook")
        #expect(failed.reason == "a file of 9.8 KB, over Larder's limit of 4 KB per file"
                || failed.reason == "a file larger than Larder's limit of 4 KB per file", "\(failed.reason ?? "")")
    }

    @Test func aPictureOverTheLimitFailsAloneAndItsRecipeComesInWithout() async throws {
        let scratch = try ScratchFolder()
        var limits = InputLimits()
        limits.maxImageBytes = 1024
        let folder = scratch.path("Pancakes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("Fry @eggs{2}.\n".utf8).write(to: folder.appendingPathComponent("Pancakes.cook"))
        var jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])
        jpeg.append(Data(count: 4000))
        try jpeg.write(to: folder.appendingPathComponent("Pancakes.jpg"))
        let library = Library(root: scratch.path("library"))
        let report = try await importInputs([folder.path], limits: limits, into: library)
        #expect(report.imported == 1)
        let failed = try #require(report.entries.first { $0.status == .failed })
        #expect(failed.input.hasSuffix("Pancakes.jpg"))
        #expect(failed.reason == "a picture of 3.9 KB, over Larder's limit of 1 KB per picture")
        let stored = try #require(try library.recipeIDs().first)
        #expect(try library.load(id: stored).images.isEmpty)
    }

    /// Issue 21: a `.cook` of 60 MB took 3.1 GB. Its parser holds one paragraph at a time, and
    /// a paragraph (a step) longer than a field may be fails as soon as it is met.
    @Test func aCooklangStepOverTheFieldLimitFailsNamingItsLine() throws {
        var limits = InputLimits()
        limits.maxFieldBytes = 1000
        let text = "Boil @water{1%l}.\n\n" + String(repeating: "stir the pot\n", count: 100)
        #expect(throws: InputLimits.Exceeded("a step (line 3)", limit: 1000, per: "field", unit: .bytes)) {
            try CooklangParser.parse(text, limits: limits)
        }
        limits = InputLimits()
        limits.maxSteps = 3
        #expect(throws: InputLimits.Exceeded("steps", limit: 3, per: "recipe")) {
            try CooklangParser.parse("a\n\nb\n\nc\n\nd\n", limits: limits)
        }
        limits = InputLimits()
        limits.maxIngredientLines = 2
        #expect(throws: InputLimits.Exceeded("ingredients", limit: 2, per: "recipe")) {
            try CooklangParser.parse("Mix @a, @b and @c.\n", limits: limits)
        }
    }

    /// A front matter list was copied for every item it grew by: 250,000 tags (under 1 MB) would
    /// take hours. Now the time limit is never near.
    @Test(.timeLimit(.minutes(1)))
    func aLongFrontMatterListIsReadInOnePass() throws {
        let text = "---\ntitle: Soup\ntags:\n" + String(repeating: "- x\n", count: 250_000) + "---\nBoil @water{1%l}.\n"
        let document = try CooklangParser.parse(text)
        guard case .list(let tags) = document.value("tags") else { Issue.record("no list of tags"); return }
        #expect(tags.count == 250_000)
    }

    /// Blank lines cost nothing and line numbers stay right after millions of them.
    @Test func cooklangBlankLinesAreSkippedAndLinesStillCounted() throws {
        let text = "---\ntitle: Soup\n---\n" + String(repeating: "\n", count: 200_000) + "Boil @water{1%l}.\n\nServe with @salt{a pinch.\n"
        #expect(throws: CooklangParser.SyntaxError.self) { try CooklangParser.parse(text) }
        do {
            _ = try CooklangParser.parse(text)
        } catch let error as CooklangParser.SyntaxError {
            #expect(error.line == 200_006)
        }
        let document = try CooklangParser.parse("---\ntitle: Soup\n---\n" + String(repeating: "\n", count: 1000) + "Boil @water{1%l}.\n")
        #expect(document.value("title")?.text == "Soup")
        #expect(document.sections.first?.steps.count == 1)
    }
}

struct HeldRecipeFilesTests {
    /// Recipe files waiting for their folder's picture are held up to a budget, not all at once
    /// (issue 21: 40 files of 60 MB in a 2.4 MB zip took 2 to 5.6 GB): past it, the ones waiting
    /// are read with the pictures met so far, so a picture that comes later is not theirs.
    @Test func recipeFilesWaitingForAPictureAreHeldUpToTheBudget() async throws {
        let scratch = try ScratchFolder()
        let zip = scratch.path("export.zip")
        let writer = try ArchiveWriter(path: zip.path, format: .zip)
        let padding = String(repeating: "\n", count: 600)
        try writer.addFile("one.cook", contents: Data("Fry @eggs{2}.\n\(padding)".utf8))
        try writer.addFile("two.cook", contents: Data("Boil @water{1%l}.\n\(padding)".utf8))
        try writer.addFile("one.jpg", contents: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) + Data(count: 64))
        try writer.close()
        for (budget, pictured) in [(InputLimits.standard.maxHeldRecipeBytes, true), (1000, false)] {
            var source = FileSource(path: zip.path)
            source.limits.maxHeldRecipeBytes = budget
            var recipes: [String: Recipe] = [:]
            try await source.read { event in
                if case .recipe(let recipe, _, let item?) = event { recipes[item] = recipe }
            }
            #expect(recipes.keys.sorted() == ["one.cook", "two.cook"])
            #expect((recipes["one.cook"]?.images.isEmpty == false) == pictured, "budget \(budget)")
        }
    }

    /// Issue 31: a 454 KB `.paprikarecipes` of 64 zips of 256 gzip bombs each: every bomb was
    /// inflated to the per-file limit before it was refused, an hour of CPU, as each zip had a
    /// budget of its own and the bombs none. One budget now covers the input at every level and
    /// of every kind, and the reading stops at the first byte past it.
    @Test func nestedArchivesAndCompressedFilesShareOneDecompressionBudget() async throws {
        let scratch = try ScratchFolder()
        var limits = InputLimits()
        limits.maxEntryBytes = 64 * 1024
        limits.minDecompressionBudget = 256 * 1024
        limits.maxExpansion = 10
        let bomb = try Compressor.gzip(Data(repeating: UInt8(ascii: " "), count: 1024 * 1024))
        let outer = scratch.path("bombs.paprikarecipes")
        let writer = try ArchiveWriter(path: outer.path, format: .zip)
        for zipIndex in 1...8 {
            let inner = scratch.path("inner-\(zipIndex).zip")
            let innerWriter = try ArchiveWriter(path: inner.path, format: .zip)
            for bombIndex in 1...8 { try innerWriter.addFile("bomb-\(bombIndex).paprikarecipe", contents: bomb) }
            try innerWriter.close()
            try writer.addFile("inner-\(zipIndex).zip", contents: try Data(contentsOf: inner))
        }
        try writer.close()
        let report = try await InputLimitsTests().importInputs([outer.path], limits: limits, into: Library(root: scratch.path("library")))
        let reasons = report.entries.compactMap(\.reason)
        let inflatedAlone = reasons.filter { $0.contains("a file once decompressed") }
        #expect(inflatedAlone.count <= 4, "\(inflatedAlone.count) bombs inflated each to its own limit: \(reasons)")
        #expect(reasons.contains { $0.contains("expands past 256 KB, Larder's limit for this input") }, "\(reasons)")
        #expect(report.imported == 0)
    }
}

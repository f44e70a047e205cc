import ArgumentParser
import Foundation
import LarderKit

extension Larder {
    struct Export: AsyncParsableCommand, StopsCleanly {
        static let configuration = CommandConfiguration(
            abstract: "Write the library's recipes out as a JSON library, a Markdown or printable cookbook, or a shopping list.",
            discussion: OutputFormat.choices.compactMap { $0.writer?.details }.joined(separator: " ") + """
             Filters choose which recipes are exported. --scale, --servings and --units rewrite \
            quantities for the export only, and --images downloads the pictures recipes have only as \
            web addresses; the library is not changed. \(OutputOptions.readBackDiscussion) A whole-library \
            backup (json into an archive, without filters, scaling or downloads) copies the library's files as they \
            are and is not read back.
            """
        )

        @OptionGroup var libraryOptions: LibraryOptions

        @OptionGroup var outputOptions: OutputOptions

        @OptionGroup var filters: FilterOptions
        @OptionGroup var amounts: AmountOptions
        @OptionGroup var imageDownloads: ImageDownloadOptions
        @OptionGroup(title: "Shopping list options (--format shopping-list)") var shopping: ShoppingOptions

        @Option(name: .long, help: ArgumentHelp(
            "The recipes of a meal plan instead of the filters' (--format shopping-list): a text file, one meal a line (Mon: chickpea-curry-1a2b3c4d x4), or the meal planner's planner-days.json.",
            discussion: "Each meal is its recipe cooked for the servings the line gives; a recipe cooked for two meals is bought for twice. larder plan writes the week itself too.",
            valueName: "file"))
        var plan: String?

        func validate() throws {
            try shopping.check(for: outputOptions.format)
            guard plan != nil else { return }
            if outputOptions.format != .shoppingList {
                throw ValidationError("--plan is for --format shopping-list; larder plan writes the week with its recipes and list.")
            }
            if !filters.filter.isEmpty { throw ValidationError("--plan chooses the recipes: leave out the filters (--search, --id, --category, …).") }
            if amounts.scale != nil || amounts.servings != nil {
                throw ValidationError("--plan gives each meal its servings (x4 on its line): leave out --scale and --servings.")
            }
        }

        func run() async throws {
            let library = try libraryOptions.existing()
            try PathCheck.outsideLibrary(URL(fileURLWithPath: outputOptions.output), library: library.root)
            // An export neither waits for nor refuses a run writing the library: it changes
            // nothing there, so it cannot spoil that run, and a person exporting while a long
            // import goes on mostly wants what is stored so far. Every recipe file is put in
            // place whole, so the export holds complete recipes, but not those that run adds
            // after; a note says so, so that the export is not taken for the whole library.
            let root = library.root
            let writerAtStart = Library.runWriting(libraryAt: root)
            let noteWriter: @Sendable (RunReport) -> RunReport = { report in
                guard let writer = writerAtStart ?? Library.runWriting(libraryAt: root) else { return report }
                var report = report
                let process = writer.isEmpty ? "" : " (process \(writer))"
                report.notes.append("""
                    the library was being written by another larder run\(process) during this export: it holds \
                    the recipes stored when each was read; export again when that run has finished to have them all
                    """)
                return report
            }
            let runOutput = RunOutput(doneWord: "written")
            let output = outputOptions.output
            let run = ExportRun(verb: "Export", output: output, runOutput: runOutput, filtered: !filters.filter.isEmpty,
                                whenNone: "the library holds no recipes")
            if let archive = try outputOptions.destination().archive, outputOptions.format == .json, filters.filter.isEmpty, amounts.stage == nil,
               !imageDownloads.images {
                // A whole-library backup: the stored files as they are.
                try outputOptions.checkOutputFile()
                try await run.run {
                    noteWriter(try LibraryArchiver.archive(library, to: URL(fileURLWithPath: output), format: archive, progress: runOutput.progress))
                }
                return
            }
            var shoppingOptions = try shopping.options()
            let source: RecipeSource
            if let plan {
                let meals = try PlanFile.load(plan)
                shoppingOptions.plan = meals
                source = MealPlanSource(meals: meals, library: library)
            } else {
                // The filters are answered by the library's index: only the chosen recipes are read.
                var chosen = filters.filter.isEmpty ? nil : try library.recipeIDs(matching: filters.filter)
                // An id asked for that no recipe has fails by name (the index only finds).
                if let found = chosen {
                    chosen = found + filters.ids.filter { !library.hasRecipe(id: $0) }
                }
                source = LibrarySource(library: library, ids: chosen)
            }
            library.printIndexNotes()
            let pipeline = Pipeline(
                sources: [source],
                stages: [StoredImageStage(library: library)]
                    + (amounts.stage.map { [$0] } ?? []) + (imageDownloads.stage.map { [$0] } ?? []),
                sink: try outputOptions.makeSink(imageSource: library, created: library.created, units: amounts.units, shopping: shoppingOptions, runOutput: runOutput),
                progress: runOutput.progress
            )
            try await run.run { noteWriter(try await pipeline.run()) }
        }
    }
}


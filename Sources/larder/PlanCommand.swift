import ArgumentParser
import Foundation
import LarderCore
import LarderKit

extension Larder {
    struct Plan: AsyncParsableCommand, StopsCleanly {
        static let configuration = CommandConfiguration(
            abstract: "Write a week of meals, its recipes and its shopping list from a meal plan.",
            discussion: """
            The plan is a text file, one meal a line: a day or date and a colon if you like, a \
            recipe's id or title (as larder list shows them), and how many it is for if not as \
            the recipe says (x4, for 4); a line with a day alone heads the lines below it, and # \
            starts a comment. The meal planner's planner-days.json is read as a plan too: its \
            meals are found by title in the library, or used as the file holds them. Into the \
            output folder go plan.md (the days and their meals, each linked to its recipe's page), \
            shopping-list.md and shopping-list.json (what to buy for every meal, each line naming \
            its recipes), and the Markdown cookbook of the recipes as they are cooked. A line of \
            the plan that cannot be used (no such recipe, a title two recipes share, servings that \
            are not a number, a recipe that does not say how many it serves) is named with its \
            line number, and the rest of the plan is used.
            """
        )

        @Argument(help: ArgumentHelp("The plan: a text file, one meal a line (Mon: chickpea-curry-1a2b3c4d x4), or planner-days.json.", valueName: "plan"))
        var planFile: String

        @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the week into (default: the plan's name without its extension, here).", valueName: "dir"))
        var output: String?

        @OptionGroup var libraryOptions: LibraryOptions

        @Option(name: .long, help: ArgumentHelp(
            "Convert quantities to metric or us units (default: keep the source's units); the shopping list adds its amounts in this system.",
            valueName: "system"))
        var units: MeasureUnit.System?

        @OptionGroup(title: "Shopping list options") var shopping: ShoppingOptions

        /// `week.txt` is written into `week/`.
        var outputFolder: String {
            output ?? (URL(fileURLWithPath: planFile).deletingPathExtension().lastPathComponent)
        }

        func validate() throws {
            if URL(fileURLWithPath: outputFolder).standardizedFileURL == URL(fileURLWithPath: planFile).standardizedFileURL {
                throw ValidationError("The output folder would be the plan itself: name another with --output.")
            }
        }

        func run() async throws {
            let meals = try PlanFile.load(planFile)
            // A plan of the meal planner's file can be cooked without a library.
            let library: Library? = libraryOptions.library != nil || libraryOptions.resolved.exists || meals.plan.meals.contains { $0.embedded == nil }
                ? try libraryOptions.existing() : nil
            let runOutput = RunOutput(doneWord: "written")
            let sink = try MealPlanSink(output: URL(fileURLWithPath: outputFolder), meals: meals, imageSource: library, units: units,
                                        shopping: try shopping.options())
            let pipeline = Pipeline(
                sources: [MealPlanSource(meals: meals, library: library)],
                stages: [StoredImageStage(library: library)] + (units.map { [AdjustAmountsStage(scaling: nil, units: $0)] } ?? []),
                sink: sink,
                progress: runOutput.progress
            )
            library?.printIndexNotes()
            let run = ExportRun(verb: "Plan", output: outputFolder, runOutput: runOutput, filtered: false,
                                whenNone: "the plan names no meal", listsEverySkip: true)
            try await run.run { try await pipeline.run() }
        }
    }
}

/// A plan file named on the command line: one that cannot be read at all is a usage error.
enum PlanFile {
    static func load(_ path: String) throws -> PlannedMeals {
        do {
            return try PlannedMeals.load(URL(fileURLWithPath: path))
        } catch let error as MealPlanError {
            throw ValidationError(error.description.prefix(1).uppercased() + error.description.dropFirst() + ".")
        } catch {
            let text = ErrorText.describe(error)
            throw ValidationError(text.prefix(1).uppercased() + text.dropFirst() + ".")
        }
    }
}

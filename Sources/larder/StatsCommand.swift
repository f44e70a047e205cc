import ArgumentParser
import Foundation
import LarderCore
import LarderKit

extension Larder {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Count the library's recipes by source, category and cuisine, and list the failures of the last run.",
            discussion: "The source is the recipe's site, else the host of its address, else the kind of file it came from. The last run is the one report.json describes."
        )

        @OptionGroup var libraryOptions: LibraryOptions

        func run() throws {
            let library = try libraryOptions.existing()
            let stats = try library.statistics()
            var text = "Recipes: \(stats.recipes)" + (stats.unreadable > 0 ? " (and \(stats.unreadable) unreadable recipe file\(stats.unreadable == 1 ? "" : "s"))" : "") + "\n"
            for (heading, counts) in [("source", stats.bySource), ("category", stats.byCategory), ("cuisine", stats.byCuisine)] {
                text += "\nBy \(heading):\n"
                let width = String(counts.first?.recipes ?? 0).count
                for count in counts {
                    text += "  " + String(repeating: " ", count: width - String(count.recipes).count) + "\(count.recipes)  \(count.name)\n"
                }
            }
            text += "\n" + lastRun(library)
            print(text, terminator: "")
            library.printIndexNotes()
        }

        /// The last run's summary and its failures, from report.json.
        func lastRun(_ library: Library) -> String {
            guard FileManager.default.fileExists(atPath: library.reportURL.path) else { return "Last run: no report.json in the library.\n" }
            let report: RunReport
            do {
                report = try CanonicalJSON.decode(RunReport.self, from: Data(contentsOf: library.reportURL))
            } catch {
                return "Last run: report.json cannot be read (\(ErrorText.describe(error))).\n"
            }
            var text = "Last run (report.json): \(report.summary(done: "imported"))\n"
            let failures = report.entries.filter { $0.status == .failed }
            if !failures.isEmpty {
                text += "Failures:\n"
                for entry in failures {
                    let item = entry.item.map { " (\($0))" } ?? ""
                    let stage = entry.stage.map { "[\($0)] " } ?? ""
                    text += "  \(entry.input)\(item): \(stage)\(entry.reason ?? "unknown reason")\n"
                }
            }
            return text
        }
    }
}

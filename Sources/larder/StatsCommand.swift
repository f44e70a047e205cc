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
            // Named, with why: counted alone, a person could not tell which to fix.
            for file in stats.unreadableFiles {
                text += "  unreadable, left out of the counts: \(file.path): \(file.reason)\n"
            }
            for (heading, counts) in [("source", stats.bySource), ("category", stats.byCategory), ("cuisine", stats.byCuisine)] {
                text += "\nBy \(heading):\n"
                let width = String(counts.first?.recipes ?? 0).count
                for count in counts {
                    text += "  " + String(repeating: " ", count: width - String(count.recipes).count) + "\(count.recipes)  \(count.name)\n"
                }
            }
            text += "\n" + lastRun(library)
            print(TerminalText.lines(text), terminator: "")
            library.printIndexNotes()
        }

        /// The last run's summary and its failures, from report.json.
        func lastRun(_ library: Library) -> String {
            guard FileManager.default.fileExists(atPath: library.reportURL.path) else { return "Last run: no report.json in the library.\n" }
            let report: LastRun
            var data = Data()
            do {
                data = try Data(contentsOf: library.reportURL, options: .alwaysMapped)
                report = try JSONDecoder().decode(LastRun.self, from: data)
            } catch {
                let reason = error is DecodingError ? JSONProblem.describe(error, in: data) : ErrorText.describe(error)
                return "Last run: report.json cannot be read (\(reason)).\n"
            }
            let count = { (status: String) in report.entries.lazy.filter { $0.status == status }.count }
            let updated = count("updated") > 0 ? ", \(count("updated")) updated" : ""
            var text = "Last run (report.json): \(count("imported")) imported\(updated), \(count("skipped")) skipped, \(count("failed")) failed\n"
            let failures = report.entries.compactMap(\.failure)
            if !failures.isEmpty {
                text += "Failures:\n"
                for failure in failures {
                    let item = failure.item.map { " (\($0))" } ?? ""
                    let stage = failure.stage.map { "[\($0)] " } ?? ""
                    text += "  \(failure.input)\(item): \(stage)\(failure.reason ?? "unknown reason")\n"
                }
            }
            return text
        }
    }
}

/// What `stats` reads of report.json: every entry's status, and the details of failures only.
/// (Decoded whole, the report of a 100,000-recipe import took 140 MB.)
struct LastRun: Decodable {
    struct Failure {
        let input: String
        let item: String?
        let stage: String?
        let reason: String?
    }

    struct Entry: Decodable {
        let status: String
        let failure: Failure?

        enum CodingKeys: String, CodingKey {
            case status, input, item, stage, reason
        }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            status = try fields.decode(String.self, forKey: .status)
            failure = status != "failed" ? nil : Failure(
                input: try fields.decode(String.self, forKey: .input), item: try fields.decodeIfPresent(String.self, forKey: .item),
                stage: try fields.decodeIfPresent(String.self, forKey: .stage), reason: try fields.decodeIfPresent(String.self, forKey: .reason))
        }
    }

    let entries: [Entry]
}

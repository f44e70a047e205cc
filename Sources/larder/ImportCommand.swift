import ArgumentParser
import Foundation
import LarderKit

extension Larder {
    struct Import: AsyncParsableCommand, StopsCleanly {
        static let configuration = CommandConfiguration(
            abstract: "Import recipes from files, folders, web addresses, sitemaps and TheMealDB into the library.",
            discussion: "Inputs are files in these formats, told apart by name and content, or forced with --from: "
                + InputFormat.choices.compactMap { format in format.reader.map { "\(format.name): \($0.help)" } }.joined(separator: "; ")
                + "; " + ImportSources.help + """
            . `-` reads inputs from standard input, one per line (blank lines and # comments ignored). \
            Recipes already in the library (same input, source URL or content) are skipped without fetching, so \
            re-running an interrupted import (Ctrl-C stops cleanly) retries only what failed or never ran; \
            --on-duplicate update fetches them again (asking each site even within --fresh-for; a page the site \
            says is unchanged is taken from the cache) and replaces the stored ones, --on-duplicate copy keeps both. \
            Every input is listed in the library's report.json as imported, updated (replaced by --on-duplicate \
            update), skipped or failed, with the HTTP status and time taken for fetched ones. A recipe read from \
            another app's file lists as notRead the fields of that file no field of Larder's recipe holds (Paprika's \
            difficulty, Mealie's tools): they are kept with the recipe (its extras) and written back only to that app's \
            format; the run says how many recipes had any.
            """
        )

        @Argument(help: ArgumentHelp("Files, folders, web addresses, sitemap: addresses, mealdb: specs, or - for standard input.", valueName: "input"))
        var inputs: [String] = []

        @Option(name: .long, help: ArgumentHelp("A file listing inputs, one per line (repeatable).", valueName: "file"))
        var fromFile: [String] = []

        @OptionGroup var libraryOptions: LibraryOptions

        @Option(name: .customLong("on-duplicate"), help: ArgumentHelp(
            "What to do with a recipe the library already has (same id, same content, the same recipe at its source URL, or the same Paprika uid, which Larder's Paprika export writes): skip it, update the stored one, or keep a copy under a new id (default: skip).",
            valueName: "skip|update|copy"))
        var duplicatePolicy: DuplicatePolicy?

        /// The default is written into the help, for the man pages (which show no defaults).
        var onDuplicate: DuplicatePolicy { duplicatePolicy ?? .skip }

        @Flag(name: .long, help: ArgumentHelp(
            "Download each recipe's images into the library (named by content hash, each address fetched once); an image that fails is noted in the report, the recipe is still imported. A web address already imported is not fetched again, but the pictures its stored recipe lacks are."))
        var images = false

        @OptionGroup var pageURL: PageURLOptions

        @OptionGroup var inputFormat: InputFormatOptions

        @OptionGroup(title: "Fetching") var fetchOptions: FetchOptions

        @OptionGroup(title: "Crawling") var crawlOptions: CrawlOptions

        @OptionGroup(title: "TheMealDB") var mealdbOptions: MealDBOptions

        @OptionGroup(title: "Scaling out") var shardOptions: ShardOptions

        func validate() throws {
            if inputs.isEmpty && fromFile.isEmpty { throw ValidationError("Name at least one input, or --from-file FILE, or - for standard input.") }
        }

        func run() async throws {
            let whole = try InputList.read(arguments: inputs, listFiles: fromFile)
            if whole.isEmpty { throw ValidationError("The input lists hold no inputs.") }
            try crawlOptions.check(against: whole)
            // A shard may own none of a short list: it then imports nothing, and says so.
            let shard = try shardOptions.resolved()
            let library = try libraryOptions.writable()
            let destination = library.root.path
            try Interruption.shared.stopIfSignalled("The import")
            var web = try fetchOptions.web()
            web.readsRobots = !crawlOptions.ignoreRobots
            let settings = ImportSettings(
                pageURL: pageURL.resolved, forcedFormat: inputFormat.from, sitemapSelection: try crawlOptions.selection(),
                // Asked only of a run (a shard) that reads TheMealDB: the environment may name no API otherwise.
                mealdbBaseURL: (shard.map { whole.only($0) } ?? whole).inputs(of: .mealdb).isEmpty ? nil : try mealdbOptions.baseURL())
            // Before any work: another run writing this library stops this one here.
            let run = try ImportRun(inputs: whole, shard: shard, into: library, policy: onDuplicate, images: images, web: web, settings: settings)
            let output = RunOutput(fetchProgress: run.fetchProgress)
            let counted = (run.inputs.count, whole.count)
            let task = Task { try await run.run(progress: output.progress) }
            let interruption = Interruption.shared.cancelling(task)
            let (report, unfinished) = try await RunOutput.settled(task)
            var verb = interruption.happened ? "Import interrupted" : "Import"
            if let shard { verb += " of shard \(shard) (\(counted.0) of \(counted.1) inputs)" }
            do {
                try output.finish(report, verb: verb, destination: destination)
            } catch let exit as ExitCode where interruption.happened || unfinished != nil {
                _ = exit
            }
            try output.stopIfUnfinished(unfinished, exitCode: interruption.exitCode)
            // What shells report for a run the signal stopped: 130 for Ctrl-C, 143 for SIGTERM.
            if let code = interruption.exitCode { throw ExitCode(code) }
        }
    }
}

import ArgumentParser
import Foundation
import LarderKit

extension Larder {
    struct Import: AsyncParsableCommand, StopsCleanly {
        static let configuration = CommandConfiguration(
            abstract: "Import recipes from files, folders, web addresses, sitemaps and TheMealDB into the library.",
            discussion: "Inputs are files in these formats, told apart by name and content, or forced with --from: "
                + InputFormat.choices.compactMap { format in format.reader.map { "\(format.name): \($0.help)" } }.joined(separator: "; ")
                + """
            ; folders (walked recursively), web addresses (http/https, fetched concurrently and politely, as each \
            site's robots.txt allows), sitemaps (sitemap:URL: a sitemap, a sitemap index, gzipped or not, or a site's \
            address, whose robots.txt names its sitemaps; their pages are imported as web addresses, chosen with \
            --match and --limit) and TheMealDB specs: \(MealDBSpec.forms). \
            `-` reads inputs from standard input, one per line (blank lines and # comments ignored). \
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
            "What to do with a recipe the library already has (same id, same content, or the same recipe at its source URL): skip it, update the stored one, or keep a copy under a new id (default: skip).",
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
            let whole = try InputList(arguments: inputs, listFiles: fromFile)
            if whole.isEmpty { throw ValidationError("The input lists hold no inputs.") }
            try crawlOptions.check(against: whole)
            // A shard may own none of a short list: it then imports nothing, and says so.
            let shard = try shardOptions.resolved()
            let list = shard.map { whole.only($0) } ?? whole
            let library = try libraryOptions.writable()
            let destination = library.root.path
            try Interruption.shared.stopIfSignalled("The import")
            // Before any work: another run writing this library stops this one here.
            try library.open()
            let restored = list.files.filter { self.inputFormat.restores($0) }
            let files = list.files.filter { !self.inputFormat.restores($0) }
            // Updating means the current version: every address is asked for again.
            var web = try fetchOptions.web(askingAgain: onDuplicate == .update)
            web.readsRobots = !crawlOptions.ignoreRobots
            let fetcher = web.makeFetcher()
            let robots = web.robotsGate(for: fetcher)
            let selection = try crawlOptions.selection()
            let crawls = !list.urls.isEmpty || !list.sitemaps.isEmpty
            let progress = FetchProgress(fetcher: fetcher)
            let output = RunOutput(fetchProgress: progress)
            let client = list.mealdb.isEmpty ? nil : MealDBClient(baseURL: try mealdbOptions.baseURL(), fetcher: fetcher)
            // One duplicate policy for the restores, the duplicate check and the sink.
            let preset = StagePreset.importIntoLibrary(library, policy: onDuplicate, images: images ? ImageStage(fetcher: fetcher) : nil)
            let (onDuplicate, images, pageURL, format) = (onDuplicate, images, pageURL.resolved, inputFormat)

            let task = Task {
                var report = RunReport()
                report.shard = shard
                // What opening the library did to its index (rebuilt, reconciled) is said in the report.
                report.notes += library.indexNotes
                if crawls && robots == nil { report.notes.append("robots.txt was not read (--ignore-robots): every page was fetched whatever its site allows") }
                // Backups and library folders first, a report entry per recipe, so that the
                // duplicate check of the other inputs knows what they brought back.
                let restore = preset.restore(progress: output.progress)
                for input in restored { try restore.restore(input, into: &report) }

                // One read of the library seeds both the duplicate check and the skip-before-fetch
                // memory; a run that only restores has nothing left to check.
                let others = !files.isEmpty || client != nil || crawls
                let stages = try preset.stages(readingLibrary: others)
                report.notes += stages.unreadable
                // Only skipping may decide before fetching; updates and copies need the new version.
                let memory = stages.memory
                var sources: [RecipeSource] = files.map { format.source(for: $0, pageURL: pageURL) }
                if let client {
                    sources += list.mealdb.map { MealDBSource(spec: $0, client: client, memory: memory, progress: progress) }
                }
                // With --images, recipes already imported from these addresses get the pictures they lack.
                let pictures = images && onDuplicate == .skip ? StoredPictures(library: library, stage: ImageStage(fetcher: fetcher), memory: memory) : nil
                if !list.urls.isEmpty {
                    sources.append(WebSource(urls: list.urls, fetcher: fetcher, memory: memory, progress: progress, robots: robots, pictures: pictures))
                }
                sources += list.sitemaps.map {
                    SitemapSource(spec: $0, selection: selection, fetcher: fetcher, memory: memory, progress: progress, robots: robots, pictures: pictures)
                }
                let pipeline = Pipeline(sources: sources, stages: stages.stages, sink: try preset.sink(), progress: output.progress)
                return try await pipeline.run(report: consume report)
            }
            let interruption = Interruption.shared.cancelling(task)
            let (report, unfinished) = try await RunOutput.settled(task)
            var verb = interruption.happened ? "Import interrupted" : "Import"
            if let shard { verb += " of shard \(shard) (\(list.count) of \(whole.count) inputs)" }
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

import LarderCore
import LarderNet

/// An import into a library, as `larder import` runs it: its inputs sorted by kind
/// (`ImportSources`), bundles and library folders restored first (a report entry per recipe),
/// then one `Pipeline` through the import's stages (`StagePreset.importIntoLibrary`), whose
/// duplicate check is seeded from the library as the restores left it. Both write into one
/// `RunReport` and the one open `Library`. One duplicate policy decides everywhere; with
/// `.skip`, inputs already imported are skipped before they are fetched.
public struct ImportRun {
    /// The inputs this run imports: all of them, or those its shard owns.
    public let inputs: ImportInputs
    /// The part of the inputs this run imports (`--shard K/N`), nil for all.
    public let shard: ImportShard?
    /// The library imported into, open for writing.
    public let library: Library
    /// How fetching goes, for progress lines.
    public let fetchProgress: FetchProgress
    private let preset: LibraryImportPreset
    private let settings: ImportSettings
    private let fetcher: Fetcher
    private let robots: RobotsGate?

    /// An import of `inputs` (of the part `shard` owns) into `library`, fetching as `web` says;
    /// `images` downloads each recipe's pictures into the library. Opens the library for
    /// writing: a library another run is writing fails here, before any input is read.
    public init(inputs: ImportInputs, shard: ImportShard? = nil, into library: Library, policy: DuplicatePolicy = .skip,
                images: Bool = false, web: WebOptions = WebOptions(), settings: ImportSettings = ImportSettings()) throws {
        let inputs = shard.map { inputs.only($0) } ?? inputs
        var web = web
        // Updating means the current version: no cached answer counts as fresh, so every
        // address is asked for again, conditionally (a page the site has not changed answers
        // 304 and its cached copy is used).
        if policy == .update { web.freshFor = 0 }
        fetcher = web.makeFetcher()
        robots = web.robotsGate(for: fetcher)
        // A new library holds none of the addresses, so its first pages will all be fetched:
        // their sites' robots.txt are asked while the library is made. (An existing one is read
        // first: an address it holds is skipped, and its site need not be asked.)
        if let robots, !library.exists {
            robots.prepare(WebSource.firstAddresses(of: inputs.inputs(of: .web), jobs: fetcher.settings.jobs))
        }
        try library.open()
        self.inputs = inputs
        self.shard = shard
        self.library = library
        self.settings = settings
        fetchProgress = FetchProgress(fetcher: fetcher)
        preset = StagePreset.importIntoLibrary(library, policy: policy, images: images ? ImageStage(fetcher: fetcher) : nil)
    }

    /// Imports every input; `progress` hears of each input settled. The report is written into
    /// the library when the pipeline ends (`LibrarySink`); cancelling the task stops the run
    /// between two inputs, and the report says what was not reached.
    public func run(progress: ((RunReport) -> Void)? = nil) async throws -> RunReport {
        var report = RunReport()
        report.shard = shard
        // What opening the library did to its index (rebuilt, reconciled) is said in the report.
        report.notes += library.indexNotes
        let crawls = ImportSources.all.contains { $0.followsRobots && !inputs.inputs(of: $0).isEmpty }
        if crawls && robots == nil { report.notes.append("robots.txt was not read (--ignore-robots): every page was fetched whatever its site allows") }
        // Backups and library folders first, a report entry per recipe, so that the duplicate
        // check of the other inputs knows what they brought back.
        let restored = inputs.inputs(of: .files).filter(settings.restores)
        let restore = preset.restore(progress: progress)
        for input in restored { try restore.restore(input, into: &report) }

        // One read of the library seeds both the duplicate check and the skip-before-fetch
        // memory; a run that only restores has nothing left to check.
        let stages = try preset.stages(readingLibrary: inputs.count > restored.count)
        report.notes += stages.unreadable
        // With --images, recipes already imported from these addresses get the pictures they lack.
        let pictures = preset.images != nil && preset.policy == .skip
            ? StoredPictures(library: library, stage: ImageStage(fetcher: fetcher), memory: stages.memory) : nil
        let context = ImportSourceContext(settings: settings, fetcher: fetcher, memory: stages.memory, progress: fetchProgress,
                                          robots: robots, pictures: pictures)
        var sources: [RecipeSource] = []
        for kind in ImportSources.all {
            let given = inputs.inputs(of: kind)
            if !given.isEmpty { sources += try kind.sources(given, context) }
        }
        let pipeline = Pipeline(sources: sources, stages: stages.stages, sink: try preset.sink(), progress: progress)
        return try await pipeline.run(report: consume report)
    }
}

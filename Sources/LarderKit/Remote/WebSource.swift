import Foundation
import LarderCore
import LarderNet

/// Recipes from web addresses, fetched concurrently (the fetcher's politeness limits how many
/// at once; a `FetchFrontier` keeps just enough of them under way) and read as they arrive: each
/// answer, once in, leaves the frontier's window to a next address and is read by a task of its
/// own on the lower-priority threads of a `PageReadingExecutor`, while the fetcher's thread goes
/// on downloading. An address already
/// imported is skipped without fetching (with `pictures`, the pictures its stored recipe lacks
/// are downloaded instead); an address its site's robots.txt forbids (`robots`) is skipped with
/// the rule that forbids it; when the run is cancelled (Ctrl-C), the addresses not yet done are
/// reported as skipped, to be picked up by the next run.
public struct WebSource: RecipeSource {
    /// The addresses, in the order given.
    public let urls: [String]
    /// The fetcher they are fetched through.
    public let fetcher: Fetcher
    /// What the library already holds: an address imported before is skipped without fetching.
    public var memory: ImportMemory
    /// Told of each address fetched, for progress lines.
    public var progress: FetchProgress?
    /// Asked before each page is fetched; nil fetches whatever robots.txt says (`--ignore-robots`).
    public var robots: RobotsGate?
    /// `--images`: the pictures of recipes already imported that they have only as addresses.
    public var pictures: StoredPictures?
    /// What the report calls the source when it fails as a whole.
    public var name: String { urls.count == 1 ? urls[0] : "\(urls.count) web addresses" }

    /// A source of `urls`, fetched concurrently and politely through `fetcher`, as `robots` allows.
    public init(urls: [String], fetcher: Fetcher, memory: ImportMemory = ImportMemory(), progress: FetchProgress? = nil,
                robots: RobotsGate? = nil, pictures: StoredPictures? = nil) {
        self.urls = urls
        self.fetcher = fetcher
        self.memory = memory
        self.progress = progress
        self.robots = robots
        self.pictures = pictures
    }

    /// What the run learned of the sites' robots.txt, for the report.
    public var runNotes: [String] { robots?.notes ?? [] }

    /// Emits the source's recipes, failures and skips, in order (`RecipeSource.read(_:)`).
    public func read(_ emit: (SourceEvent) async throws -> Void) async throws {
        progress?.expect(urls.count)
        var pending: [String] = []
        var seen: Set<String> = []
        /// Inputs already imported whose stored recipes lack pictures: input → recipe id.
        var picturesOf: [String: String] = [:]
        for input in urls {
            if !seen.insert(ImportMemory.key(input)).inserted {
                try await emit(.skipped(input: input, item: nil, reason: "named twice in this run", kind: .duplicate))
            } else if let id = memory.recipeID(forInput: input) {
                if let pictures, pictures.lacks(id) {
                    picturesOf[input] = id
                    pending.append(input)
                } else {
                    try await emit(.skipped(input: input, item: nil, reason: "already imported (as \(id))", kind: .duplicate))
                }
            } else {
                pending.append(input)
            }
        }
        // Enough fetches under way to keep every transfer slot busy with the next request queued
        // behind it; each site's share is its transfers and as many queued. A fetch leaves the
        // window when its answer is in, not when its page is read (see FetchFrontier).
        let settings = fetcher.settings
        var frontier = FetchFrontier(pending, window: Self.window(jobs: settings.jobs), perSite: 2 * settings.perHost,
                                     readingLimit: Self.readingLimit(jobs: settings.jobs))
        try await withThrowingTaskGroup(of: Step.self) { group in
            while true {
                if Task.isCancelled {
                    // Stopped (Ctrl-C): what never started is reported, to be picked up next run.
                    for input in frontier.drain() { try await emit(Self.interrupted(input)) }
                    progress?.notStarted(0)
                }
                while let input = frontier.next() {
                    // Counted as not started until here, as a request of the fetcher's from its task.
                    progress?.notStarted(frontier.unstarted)
                    if let id = picturesOf[input], let pictures {
                        group.addTask {
                            let outcome = await pictures.download(id: id, input: input)
                            return .finished(input: input, events: [outcome.event], pictures: outcome.recipe)
                        }
                    } else {
                        group.addTask { [fetcher, robots] in
                            await Self.fetch(input, fetcher: fetcher, robots: robots)
                        }
                    }
                }
                guard let step = try await group.next() else { break }
                let input: String
                var events: [SourceEvent]
                var storedRecipe: Recipe?
                switch step {
                case .fetched(let fetchedInput, let response, let details):
                    // Its transfer is over: the window takes the next address while it is read.
                    frontier.fetched(fetchedInput)
                    group.addTask { .read(input: fetchedInput, events: [.fetched(input: fetchedInput, details: details)] + (await Self.read(response, input: fetchedInput))) }
                    continue
                case .read(let readInput, let readEvents):
                    frontier.read()
                    (input, events) = (readInput, readEvents)
                case .finished(let finishedInput, let finishedEvents, let recipe):
                    frontier.finished(finishedInput)
                    (input, events, storedRecipe) = (finishedInput, finishedEvents, recipe)
                }
                // Stored here, where the sink stores too: one writer of the library at a time.
                if let recipe = storedRecipe, let pictures {
                    do {
                        try pictures.store(recipe)
                    } catch {
                        events = [.failed(input: input, item: nil,
                                          reason: "already imported (as \(recipe.id)); its new pictures could not be stored: \(ErrorText.describe(error))")]
                    }
                }
                for event in events { try await emit(event) }
            }
        }
    }

    /// Addresses under way at once: every transfer slot busy with the next request queued behind it.
    static func window(jobs: Int) -> Int { max(8, 4 * jobs) }

    /// The addresses of `inputs` that a run of `jobs` transfers starts with (those of the first
    /// window, well-formed ones only), for reading their sites' robots.txt ahead.
    public static func firstAddresses(of inputs: [String], jobs: Int) -> [URL] {
        inputs.prefix(window(jobs: jobs)).compactMap { input in
            let address = input.trimmingCharacters(in: .whitespaces)
            // One with a space fails unfetched (see `fetch`): its site is not asked for it.
            return address.contains(where: \.isWhitespace) ? nil : URL(string: address)
        }
    }

    /// Answers fetched and not yet read that a run holds at most: two rounds of transfers, so a
    /// burst of pages that end together waits for reading without holding back the next
    /// requests, while a machine that reads slower than it downloads holds a few pages, not the
    /// list.
    static func readingLimit(jobs: Int) -> Int { max(4, 2 * jobs) }

    /// Where an address is: its answer fetched (to be read), its page read, or done without
    /// reading (a failure, a refusal of robots.txt, pictures downloaded for a stored recipe).
    enum Step: Sendable {
        case fetched(input: String, response: HTTPResponse, details: FetchDetails)
        case read(input: String, events: [SourceEvent])
        case finished(input: String, events: [SourceEvent], pictures: Recipe?)
    }

    /// Fetches one address (after asking robots.txt): `.fetched` with the answer, or `.finished`
    /// with why there is none.
    static func fetch(_ input: String, fetcher: Fetcher, robots: RobotsGate?) async -> Step {
        let address = input.trimmingCharacters(in: .whitespaces)
        // Foundation would send a space as `%20`: an address written with one was mistyped
        // (or carries a note), and the site's 404 would not say so.
        if address.contains(where: \.isWhitespace) {
            return .finished(input: input, events: [.failed(input: input, item: nil, reason: "the web address holds a space, which no address does: write a space in it as %20, and put a note after ' #'")], pictures: nil)
        }
        guard let url = URL(string: address) else {
            return .finished(input: input, events: [.failed(input: input, item: nil, reason: FetchError.invalidURL(input).description)], pictures: nil)
        }
        if Task.isCancelled { return .finished(input: input, events: [interrupted(input)], pictures: nil) }
        let started = Date()
        do {
            try await robots?.check(url)
            let response = try await fetcher.fetch(url, beforeRedirect: robots?.redirectCheck)
            let details = FetchDetails(httpStatus: response.status, seconds: Date().timeIntervalSince(started), fromCache: response.fromCache)
            return .fetched(input: input, response: response, details: details)
        } catch is CancellationError {
            return .finished(input: input, events: [interrupted(input)], pictures: nil)
        } catch let refusal as RobotsRefusal {
            return .finished(input: input, events: [.skipped(input: input, item: nil, reason: refusal.description)], pictures: nil)
        } catch {
            var status: Int?
            if case .status(let code, _, _) = error as? FetchError { status = code }
            let details = FetchDetails(httpStatus: status, seconds: Date().timeIntervalSince(started), fromCache: false)
            return .finished(input: input, events: [.fetched(input: input, details: details), .failed(input: input, item: nil, reason: ErrorText.describe(error))], pictures: nil)
        }
    }

    /// Reads a fetched answer on threads that yield to the fetch loop's (see PageReadingExecutor).
    static func read(_ response: HTTPResponse, input: String) async -> [SourceEvent] {
        await withTaskExecutorPreference(PageReadingExecutor.shared) {
            WebAnswerReader.events(for: response, input: input)
        }
    }

    static func interrupted(_ input: String) -> SourceEvent {
        .skipped(input: input, item: nil, reason: Pipeline.interrupted, kind: .interrupted)
    }
}

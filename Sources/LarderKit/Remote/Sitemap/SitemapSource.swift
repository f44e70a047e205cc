import Foundation
import LarderCore
import LarderNet

/// Recipes from the pages a sitemap lists (`sitemap:URL`): the sitemap, and the sitemaps an
/// index lists, in their order, depth first; each page address kept by the `selection`
/// (`--match`, `--limit`) is imported as a web address is (`WebSource`: politeness, robots.txt,
/// skipped when already imported, so a re-run goes on where a stopped one ended). Every address
/// taken has its report entry; a sitemap that cannot be read fails under its own address
/// (`sitemap:…`) and the others go on; what was read is said once in the run's notes.
///
/// Bounded whatever the sitemaps claim: each file as `SitemapDocument` reads it, at most
/// `maxDocuments` files and `maxAddresses` addresses per input, indexes nested at most
/// `maxDepth` deep, and a sitemap listed twice is read once.
public struct SitemapSource: RecipeSource {
    /// The sitemap, or the site whose sitemaps are found.
    public let spec: SitemapSpec
    /// Which of the addresses listed are imported.
    public let selection: SitemapSelection
    /// Fetches the sitemaps and the pages, within the politeness limits.
    public let fetcher: Fetcher
    /// The addresses already imported, not fetched again.
    public var memory: ImportMemory
    /// Told of each page as it is fetched, for the progress line.
    public var progress: FetchProgress?
    /// The robots.txt rules the sitemaps and pages are fetched under; nil with `--ignore-robots`.
    public var robots: RobotsGate?
    /// Recipes already stored whose pictures are still to fetch (`--images` on a re-run).
    public var pictures: StoredPictures?
    private let log = NoteLog()

    static let maxDocuments = 1000
    static let maxAddresses = 1_000_000
    static let maxDepth = 4
    /// Page addresses handed to the pages' fetching at once: large enough that the transfers
    /// stay busy across a sitemap index's many small files, small enough to hold.
    static let batchSize = 5000

    /// A source of the pages `spec` lists that `selection` keeps.
    public init(spec: SitemapSpec, selection: SitemapSelection, fetcher: Fetcher, memory: ImportMemory = ImportMemory(),
                progress: FetchProgress? = nil, robots: RobotsGate? = nil, pictures: StoredPictures? = nil) {
        self.spec = spec
        self.selection = selection
        self.fetcher = fetcher
        self.memory = memory
        self.progress = progress
        self.robots = robots
        self.pictures = pictures
    }

    public var name: String { spec.description }

    public var runNotes: [String] { log.notes + (robots?.notes ?? []) }

    /// What the walk has seen so far.
    private struct Tally {
        var documents = 0
        var listed = 0
        /// Addresses listed again (in the same or another sitemap): imported once, so said, as the
        /// report then has fewer entries than addresses listed.
        var repeated = 0
        var matched = 0
        var taken = 0
        var invalid = 0
        var failedDocuments = 0
        var cutShort: [String] = []
        var limitReached = false
        var addressCapReached = false
    }

    public func read(_ emit: (SourceEvent) async throws -> Void) async throws {
        var tally = Tally()
        var seen: Set<DigestKey> = []
        var visited: Set<String> = []
        var batch: [String] = []
        let starts: [URL]
        do {
            starts = try await startingSitemaps()
        } catch is CancellationError {
            return try await emit(.skipped(input: name, item: nil, reason: Pipeline.interrupted, kind: .interrupted))
        }
        // Depth first, in the index's order: a stack of what is left, the next on top.
        var stack: [(url: URL, depth: Int)] = starts.reversed().map { ($0, 0) }
        walk: while let (url, depth) = stack.popLast() {
            if Task.isCancelled {
                try await emit(.skipped(input: name, item: nil, reason: Pipeline.interrupted, kind: .interrupted))
                break
            }
            guard visited.insert(url.absoluteString).inserted else { continue }
            guard tally.documents < Self.maxDocuments else {
                log.add("\(name): more than \(Self.maxDocuments) sitemaps; the rest were not read")
                break
            }
            tally.documents += 1
            let input = url == spec.url ? name : SitemapSpec.prefix + url.absoluteString
            let body: Data
            do {
                try await robots?.check(url)
                body = try await fetcher.fetch(url, beforeRedirect: robots?.redirectCheck).body
            } catch is CancellationError {
                try await emit(.skipped(input: input, item: nil, reason: Pipeline.interrupted, kind: .interrupted))
                break
            } catch let refusal as RobotsRefusal {
                tally.failedDocuments += 1
                try await emit(.skipped(input: input, item: nil, reason: refusal.description))
                continue
            } catch {
                tally.failedDocuments += 1
                try await emit(.failed(input: input, item: nil, reason: "the sitemap could not be fetched: \(ErrorText.describe(error))"))
                continue
            }

            // An index's entries are sitemaps (read in turn); a sitemap's are pages (below). A
            // sitemap that breaks off keeps the addresses before the break.
            var children: [String] = []
            var kind: SitemapDocument.Kind?
            do {
                let summary = try SitemapDocument.read(body) { address, listing in
                    kind = listing
                    // An index longer than the sitemaps a walk reads is read no further.
                    if listing == .index && children.count >= Self.maxDocuments { return false }
                    children.append(address)
                    return true
                }
                kind = summary.kind
                tally.invalid += summary.invalid
                if summary.cutShort { tally.cutShort.append(url.absoluteString) }
            } catch {
                tally.failedDocuments += 1
                try await emit(.failed(input: input, item: nil, reason: "the sitemap cannot be read: \(ErrorText.describe(error))"))
            }
            if kind == .index {
                guard depth < Self.maxDepth else {
                    try await emit(.failed(input: input, item: nil, reason: "a sitemap index nested more than \(Self.maxDepth) deep; not read"))
                    continue
                }
                stack += children.reversed().compactMap { URL(string: $0) }.map { ($0, depth + 1) }
                continue
            }

            // A list of pages: each address once, those the selection keeps, up to the limit.
            for address in children {
                tally.listed += 1
                guard seen.count < Self.maxAddresses else {
                    tally.addressCapReached = true
                    break walk
                }
                guard seen.insert(DigestKey(ImportMemory.key(address))).inserted else {
                    tally.repeated += 1
                    continue
                }
                guard selection.matches(address) else { continue }
                tally.matched += 1
                if let limit = selection.limit, tally.taken >= limit {
                    // Counted to the end of this sitemap, for the note; no further sitemap is read.
                    tally.limitReached = true
                    continue
                }
                tally.taken += 1
                batch.append(address)
            }
            if batch.count >= Self.batchSize {
                try await importPages(batch, emit)
                batch.removeAll()
            }
            if tally.limitReached { break }
        }
        if !batch.isEmpty { try await importPages(batch, emit) }
        try await tell(tally, emit)
    }

    /// The sitemaps to start from: the one named, or for a site its robots.txt's, else `/sitemap.xml`.
    private func startingSitemaps() async throws -> [URL] {
        guard spec.namesSite else { return [spec.url] }
        var named: [String] = []
        if let robots {
            named = try await robots.sitemaps(of: spec.url)
        } else if let robotsURL = RobotsGate.robotsURL(for: spec.url),
                  let response = try? await fetcher.fetch(robotsURL, maxRedirects: 5) {
            named = RobotsTxt(response.body).sitemaps
        }
        let urls = named.compactMap { SitemapDocument.address($0).flatMap(URL.init(string:)) }
        if !urls.isEmpty {
            log.add("\(name): the site's robots.txt names \(urls.count == 1 ? "the sitemap" : "\(urls.count) sitemaps"): \(urls.prefix(3).map(\.absoluteString).joined(separator: ", "))\(urls.count > 3 ? ", …" : "")")
            return urls
        }
        return [spec.url.appendingPathComponent("sitemap.xml")]
    }

    private func importPages(_ addresses: [String], _ emit: (SourceEvent) async throws -> Void) async throws {
        let pages = WebSource(urls: addresses, fetcher: fetcher, memory: memory, progress: progress, robots: robots, pictures: pictures)
        try await pages.read(emit)
    }

    /// The run's note on this sitemap, and an entry when it gave no page to import.
    private func tell(_ tally: Tally, _ emit: (SourceEvent) async throws -> Void) async throws {
        var note = "\(name): \(tally.documents) sitemap\(tally.documents == 1 ? "" : "s") read, \(tally.listed) page address\(tally.listed == 1 ? "" : "es") listed"
        if tally.repeated > 0 { note += " (\(tally.listed - tally.repeated) different)" }
        if let pattern = selection.patternText { note += ", \(tally.matched) matching --match \(pattern)" }
        if let limit = selection.limit, tally.limitReached { note += ", the first \(limit) taken (--limit \(limit))" }
        if tally.invalid > 0 { note += "; \(tally.invalid) entr\(tally.invalid == 1 ? "y was" : "ies were") not web addresses" }
        if !tally.cutShort.isEmpty {
            note += "; \(tally.cutShort.prefix(3).joined(separator: ", ")) list\(tally.cutShort.count == 1 ? "s" : "") more than \(SitemapDocument.maxAddresses) addresses, the most a sitemap may, and the rest were not read"
        }
        if tally.addressCapReached { note += "; stopped at \(Self.maxAddresses) addresses, the most one sitemap input takes: use --match or --limit" }
        log.add(note)
        if tally.taken == 0 && tally.failedDocuments == 0 {
            let why = tally.listed == 0 ? "the sitemap lists no page" : "no address of the sitemap matches --match \(selection.patternText ?? "")"
            try await emit(.skipped(input: name, item: nil, reason: why))
        }
    }
}

/// Notes a source gathers while it reads, for `runNotes` (a source is a value; its notes are not).
final class NoteLog: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []

    func add(_ note: String) { lock.withLock { kept.append(note) } }
    var notes: [String] { lock.withLock { kept } }
}

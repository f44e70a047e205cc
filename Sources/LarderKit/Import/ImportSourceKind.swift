import Foundation
import LarderCore
import LarderNet

/// One kind of import input — files and folders, web addresses, sitemaps, TheMealDB specs —
/// described once: how an input of the kind is recognised and checked, which shard it goes to,
/// and which sources read a run's inputs of the kind. `ImportSources.all` lists every kind; a
/// new source is its folder (its `RecipeSource`, and its kind in a file beside it) and one line
/// there.
public struct ImportSourceKind: Sendable {
    /// What the kind is called (`sitemap`).
    public let name: String
    /// What its inputs are, for `larder import --help`: a plural noun phrase ("web addresses
    /// (http/https, …)").
    public let help: String
    /// Whether an input is of this kind: a prefix (`mealdb:`), a web address. Nil for the kind
    /// that takes every input no other recognises (files and folders).
    let recognises: (@Sendable (String) -> Bool)?
    /// Throws an error naming the input and what is wrong with it (`sitemap:ftp://…`); run on
    /// every input before anything is imported.
    let check: @Sendable (String) throws -> Void
    /// What `--shard` hashes: inputs with one key go to one shard (one site's pages, so that
    /// its politeness limits hold while the shards run at once).
    let shardKey: @Sendable (String) -> String
    /// Whether its inputs are fetched as the sites' robots.txt allows (the run then says so
    /// when robots.txt is not read).
    let followsRobots: Bool
    /// The sources reading a run's inputs of this kind, in their order.
    let sources: @Sendable ([String], ImportSourceContext) throws -> [RecipeSource]

    /// A kind of input, described by what it does (see the properties).
    public init(name: String, help: String, recognises: (@Sendable (String) -> Bool)?, check: @escaping @Sendable (String) throws -> Void = { _ in },
                shardKey: @escaping @Sendable (String) -> String, followsRobots: Bool = false,
                sources: @escaping @Sendable ([String], ImportSourceContext) throws -> [RecipeSource]) {
        self.name = name
        self.help = help
        self.recognises = recognises
        self.check = check
        self.shardKey = shardKey
        self.followsRobots = followsRobots
        self.sources = sources
    }
}

/// What an import run gives every kind's sources: its settings, one fetcher (one politeness
/// gate and cache for all sites), the library's memory for skipping before fetching, and
/// progress.
public struct ImportSourceContext {
    /// The run's settings (`--url`, `--from`, `--match`, `--mealdb-url`).
    public let settings: ImportSettings
    /// The one fetcher of the run.
    public let fetcher: Fetcher
    /// What the library already holds: an input imported before is skipped without fetching.
    public let memory: ImportMemory
    /// Told of each fetch, for progress lines.
    public let progress: FetchProgress
    /// Asked before each page is fetched; nil when robots.txt is not read (`--ignore-robots`).
    public let robots: RobotsGate?
    /// `--images`: the pictures that recipes already imported lack, fetched instead of their pages.
    public let pictures: StoredPictures?
}

/// What an import's inputs are read with, beyond the inputs themselves: the settings of the
/// kinds that have any. Each field is the value of one `larder import` option.
public struct ImportSettings: Sendable {
    /// `--url`: the address of a saved page that does not name it.
    public var pageURL: URL?
    /// `--from`: the format every input file is read as.
    public var forcedFormat: RecipeFormat?
    /// `--match` and `--limit`: which of a sitemap's addresses are taken (all when nil).
    public var sitemapSelection: SitemapSelection?
    /// `--mealdb-url`, `--mealdb-key`: TheMealDB's API root (the public API when nil).
    public var mealdbBaseURL: URL?

    /// Settings with the values given; nil ones are the defaults.
    public init(pageURL: URL? = nil, forcedFormat: RecipeFormat? = nil, sitemapSelection: SitemapSelection? = nil, mealdbBaseURL: URL? = nil) {
        self.pageURL = pageURL
        self.forcedFormat = forcedFormat
        self.sitemapSelection = sitemapSelection
        self.mealdbBaseURL = mealdbBaseURL
    }

    /// Whether a file or folder input is restored (`LibraryRestore`) rather than read as recipe
    /// files: a Larder bundle, or a folder that is a library; `--from bundle` says so of any file.
    public func restores(_ file: String) -> Bool {
        if let forcedFormat { return forcedFormat.reader?.method.restoresWhole ?? false }
        return FormatRegistry.wholeInputFormat(of: file)?.reader?.method.restoresWhole ?? false
    }
}

import Foundation
import LarderCore
import LarderNet

/// How Larder fetches web addresses, TheMealDB and pictures, in the terms a program using
/// LarderKit sets them: politeness, limits, retries and the cache. The defaults are the
/// fetcher's own, so a help text that shows them cannot disagree with what runs.
public struct WebOptions: Sendable {
    /// Transfers at once, over all sites.
    public var jobs: Int
    /// Transfers at once to one site.
    public var perHost: Int
    /// Seconds between the starts of two requests to one site.
    public var hostInterval: TimeInterval
    /// Seconds a page may take, redirects excepted.
    public var timeout: TimeInterval
    /// Seconds to wait for a connection.
    public var connectTimeout: TimeInterval
    /// The largest answer read, in bytes.
    public var maxBodyBytes: Int
    /// Attempts per address; 408, 429, 5xx and connection errors are retried.
    public var attempts: Int
    /// The `User-Agent` header sent, so that sites can tell Larder and reach its authors.
    public var userAgent: String
    /// The HTTP cache's folder; nil reads and writes no cache.
    public var cacheFolder: URL?
    /// Seconds a cached answer is used without asking the site again.
    public var freshFor: TimeInterval
    /// Never use the network: answer from the cache or fail.
    public var offline: Bool
    /// Headers and cookies for named sites (`--header`, `--cookies`), sent to those only.
    public private(set) var session = SessionHeaders()
    /// Whether pages and sitemaps are fetched only as their sites' robots.txt allows (an
    /// import's crawling; `--ignore-robots` turns it off for sites the user owns).
    public var readsRobots = true

    /// Larder's own user agent, with its version and project address.
    public static let defaultUserAgent = FetchSettings.defaultUserAgent
    /// A cached answer is used for a day without asking the site again.
    public static let defaultFreshFor: TimeInterval = 24 * 3600

    /// The fetcher's defaults, caching in `cacheFolder` (nil: no cache).
    public init(cacheFolder: URL? = nil) {
        let settings = FetchSettings()
        jobs = settings.jobs
        perHost = settings.perHost
        hostInterval = settings.hostInterval
        timeout = settings.totalTimeout
        connectTimeout = settings.connectTimeout
        maxBodyBytes = settings.maxBodyBytes
        attempts = settings.retry.maxAttempts
        userAgent = settings.userAgent
        self.cacheFolder = cacheFolder
        freshFor = Self.defaultFreshFor
        offline = false
    }

    /// The fetcher that `WebSource`, `MealDBClient`, `ImageStage` and `RecipePage` use.
    public func makeFetcher() -> Fetcher {
        var settings = FetchSettings()
        settings.jobs = jobs
        settings.perHost = perHost
        settings.hostInterval = hostInterval
        settings.totalTimeout = timeout
        settings.connectTimeout = connectTimeout
        settings.maxBodyBytes = maxBodyBytes
        settings.retry.maxAttempts = attempts
        settings.userAgent = userAgent
        settings.session = session
        return Fetcher(settings: settings, cache: cacheFolder.map { HTTPCache(folder: $0, freshFor: freshFor) }, offline: offline)
    }

    /// Adds a `--header "HOST Name: value"`; throws what is wrong with it (never echoing its value).
    public mutating func addHeader(_ text: String) throws {
        session.headers.append(try SessionHeaders.header(parsing: text))
    }

    /// Reads a Netscape cookies.txt (`--cookies FILE`); its cookies go to their sites only.
    public mutating func readCookies(from path: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FileProblem.retold(error, .read, path: path)
        }
        do {
            session.cookies = try CookieJar(netscapeFile: data)
        } catch let problem as CookieFileProblem {
            throw WebOptionsProblem("the cookies file \(path): \(problem.description)")
        }
        if session.cookies.isEmpty { throw WebOptionsProblem("the cookies file \(path) holds no cookie (a Netscape cookies.txt has one a line, seven fields separated by tabs)") }
    }

    /// The robots.txt reader for what a fetcher crawls, nil when robots.txt is not read.
    public func robotsGate(for fetcher: Fetcher) -> RobotsGate? {
        readsRobots ? RobotsGate(fetcher: fetcher) : nil
    }
}

/// Options that cannot be used, and why.
public struct WebOptionsProblem: Error, LocalizedError, CustomStringConvertible {
    /// The sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
    public var description: String
    init(_ description: String) { self.description = description }
}

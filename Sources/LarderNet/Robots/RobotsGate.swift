import Foundation

/// Whether Larder may fetch an address, by its site's robots.txt: read once per site (scheme,
/// host and port, as RFC 9309 scopes it) the first time an address of the site is asked about,
/// through the fetcher, so its politeness limits and its HTTP cache apply (a re-run within
/// `--fresh-for` asks no site again). Callers that ask at once share the one read.
///
/// What a site's answer means (RFC 9309 §2.3.1): a file gives its rules for Larder's product
/// token, else for `*`; a 4xx status, or more than five redirects, means there is no file and
/// everything is allowed; a 5xx, a 429 (the site asks for fewer requests: not a place to start
/// crawling, as Google reads it too) or a site that cannot be reached means nothing is (a page of
/// a site that cannot be reached fails with the reason, as its own fetch would have). The
/// group's `Crawl-delay` becomes the least time between two requests to the host.
public final class RobotsGate: @unchecked Sendable {
    /// What is known of one site.
    enum Standing: Sendable {
        case rules(RobotsRules, sitemaps: [String])
        /// No rules apply: the site has no robots.txt.
        case allowAll
        case disallowAll(reason: String)
        /// The site could not be reached for its robots.txt: nothing is fetched there in this
        /// run, and each page fails with why (a down site is a failure, not a site's wish).
        case unreachable(FetchError)
        /// The read was interrupted (Ctrl-C); nothing is remembered.
        case interrupted
    }

    /// The most seconds between requests Larder waits for a `Crawl-delay`: longer is read as a
    /// mistake of the site's, not as a wish to be crawled once a day.
    public static let longestCrawlDelay: TimeInterval = 3600
    /// Redirects followed to reach a robots.txt (RFC 9309 asks for at least five).
    static let robotsRedirects = 5

    private let fetcher: Fetcher
    /// The product token robots.txt groups are matched against: the User-Agent's first word.
    let productToken: String
    private let lock = NSLock()
    private var sites: [String: Task<Standing, Never>] = [:]
    /// What the run should be told of a site, in the order sites were first asked about.
    private var siteNotes: [(site: String, note: String)] = []

    /// A gate that asks each site's robots.txt through `fetcher` (and so its cache), for the
    /// fetcher's User-Agent.
    public init(fetcher: Fetcher) {
        self.fetcher = fetcher
        productToken = RobotsTxt.productToken(of: fetcher.settings.userAgent)
    }

    /// Returns when `url` may be fetched; throws `RobotsRefusal` when its site's robots.txt says
    /// no (or could not be read), `CancellationError` when the caller is cancelled meanwhile.
    public func check(_ url: URL) async throws {
        switch try await standing(of: url) {
        case .allowAll:
            return
        case .rules(let rules, _):
            let verdict = rules.verdict(for: url)
            if !verdict.allowed { throw RobotsRefusal(site: Self.siteName(of: url), rule: verdict.rule, unreadable: nil) }
        case .disallowAll(let reason):
            throw RobotsRefusal(site: Self.siteName(of: url), rule: nil, unreadable: reason)
        case .unreachable(let error):
            throw error
        case .interrupted:
            throw CancellationError()
        }
    }

    /// `check`, for the fetcher to ask about each address a redirect leads to.
    public var redirectCheck: @Sendable (URL) async throws -> Void {
        { [self] url in try await check(url) }
    }

    /// The `Sitemap:` addresses of the site's robots.txt (none when it has none, or may not be read).
    public func sitemaps(of url: URL) async throws -> [String] {
        guard case .rules(_, let sitemaps) = try await standing(of: url) else { return [] }
        return sitemaps
    }

    /// What the run should say once: delays honoured, sites whose robots.txt could not be read.
    public var notes: [String] {
        lock.withLock { siteNotes.map(\.note) }
    }

    /// Starts reading the robots.txt of each site of `urls` not asked about yet, and returns
    /// without waiting for them: a run that has other work before its first page (creating its
    /// library, with a flush per file) asks its first sites meanwhile, and their pages need not
    /// wait a round trip more. `check` then waits for the read already under way.
    public func prepare(_ urls: [URL]) {
        for url in urls { _ = read(of: url) }
    }

    /// The read of `url`'s site: the one under way or done, or a new one; nil for an address
    /// without a site (no scheme or host), which no robots.txt governs.
    private func read(of url: URL) -> (site: String, task: Task<Standing, Never>)? {
        guard let site = Self.siteKey(of: url), let robotsURL = Self.robotsURL(for: url) else { return nil }
        return lock.withLock {
            if let known = sites[site] { return (site, known) }
            let task = Task { await self.read(robotsURL, site: site, host: url.host?.lowercased() ?? "") }
            sites[site] = task
            return (site, task)
        }
    }

    private func standing(of url: URL) async throws -> Standing {
        guard let (site, read) = read(of: url) else { return .allowAll }
        let standing = await withTaskCancellationHandler { await read.value } onCancel: { read.cancel() }
        if case .interrupted = standing {
            lock.withLock { if sites[site] == read { sites[site] = nil } }
            throw CancellationError()
        }
        return standing
    }

    private func read(_ robotsURL: URL, site: String, host: String) async -> Standing {
        let shown = Self.siteName(of: robotsURL)
        do {
            let response = try await fetcher.fetch(robotsURL, maxRedirects: Self.robotsRedirects)
            let file = RobotsTxt(response.body)
            let rules = file.rules(for: productToken)
            if let asked = rules.crawlDelay, asked > fetcher.settings.hostInterval {
                let delay = min(asked, Self.longestCrawlDelay)
                fetcher.setMinimumInterval(delay, forHost: host)
                let seconds = RobotsRefusal.seconds(asked)
                note(site, asked > delay
                     ? "robots.txt of \(shown) asks for \(seconds) between requests (Crawl-delay); Larder waited \(RobotsRefusal.seconds(delay)), its longest wait"
                     : "robots.txt of \(shown) asks for \(seconds) between requests (Crawl-delay); Larder waited as long there")
            }
            return .rules(rules, sitemaps: file.sitemaps)
        } catch is CancellationError {
            return .interrupted
        } catch let error as FetchError {
            switch error {
            case .status(let code, _, _) where (400..<500).contains(code) && code != 429:
                return .allowAll
            case .tooManyRedirects:
                return .allowAll
            // Offline nothing is fetched, so there is no crawling to allow or forbid.
            case .notInCache, .neverCached:
                return .allowAll
            case .status:
                let reason = "its robots.txt could not be read (\(error.description))"
                note(site, "\(shown): \(reason); as RFC 9309 asks, none of its pages were fetched. Try again later, or give --ignore-robots for a site you own")
                return .disallowAll(reason: reason)
            default:
                note(site, "\(shown): its robots.txt could not be fetched (\(error.description)), so none of its pages were asked for")
                return .unreachable(error)
            }
        } catch {
            let reason = "its robots.txt could not be read (\(error))"
            note(site, "\(shown): \(reason); none of its pages were fetched")
            return .disallowAll(reason: reason)
        }
    }

    private func note(_ site: String, _ text: String) {
        lock.withLock { siteNotes.append((site, text)) }
    }

    /// `http://example.org:80`: what one robots.txt governs.
    static func siteKey(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }

    /// Where the robots.txt that governs `url` is: its scheme, host and port, path `/robots.txt`;
    /// nil without a host.
    public static func robotsURL(for url: URL) -> URL? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host else { return nil }
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = url.port
        components.path = "/robots.txt"
        return components.url
    }

    /// The site as a person names it: its host, and its port when the address gives one.
    static func siteName(of url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return url.port.map { "\(host):\($0)" } ?? host
    }
}

/// An address Larder does not fetch because of its site's robots.txt.
public struct RobotsRefusal: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// The sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
    /// The site, as a person names it (`example.org`, `127.0.0.1:8080`).
    public var site: String
    /// The rule that matched (`Disallow: /private/`), when one did.
    public var rule: String?
    /// Why the site's robots.txt counts as forbidding everything, when it could not be read.
    public var unreadable: String?

    public var description: String {
        if let unreadable {
            return "not fetched: \(site) is closed to crawlers while \(unreadable) (RFC 9309); try again later, or give --ignore-robots for a site you own"
        }
        return "robots.txt of \(site) does not allow Larder to fetch it (\(rule ?? "no rule"))"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}

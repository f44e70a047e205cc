import ArgumentParser
import Foundation
import LarderCore
import LarderKit

/// How web addresses are fetched: politeness, limits, retries and the cache. Each default is
/// written into its help (and so into the man pages, which do not show defaults by themselves)
/// and taken from `WebOptions`, so the two cannot disagree.
struct FetchOptions: ParsableArguments {
    static let defaults = WebOptions()
    static let defaultFreshForHours = WebOptions.defaultFreshFor / 3600

    @Option(name: .long, help: ArgumentHelp("Transfers at once, over all sites (default: \(defaults.jobs)).", valueName: "n"))
    var jobs: Int?

    @Option(name: .long, help: ArgumentHelp("Transfers at once to one site (default: \(defaults.perHost)).", valueName: "n"))
    var perHost: Int?

    @Option(name: .long, help: ArgumentHelp(
        "Seconds between the starts of two requests to one site (default: \(shown(defaults.hostInterval))).", valueName: "seconds"))
    var hostInterval: Double?

    @Option(name: .long, help: ArgumentHelp("Seconds a page may take, redirects excepted (default: \(shown(defaults.timeout))).", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for a connection (default: \(shown(defaults.connectTimeout))).", valueName: "seconds"))
    var connectTimeout: Double?

    @Option(name: .long, help: ArgumentHelp("The largest answer read, in MB (default: \(defaults.maxBodyBytes / 1_048_576)).", valueName: "mb"))
    var maxSize: Int?

    @Option(name: .long, help: ArgumentHelp(
        "Attempts per address, retrying on 408, 429, 5xx and connection errors (default: \(defaults.attempts)).", valueName: "n"))
    var attempts: Int?

    @Option(name: .long, help: ArgumentHelp("The User-Agent header.", discussion: "Default: \(WebOptions.defaultUserAgent)", valueName: "text"))
    var userAgent: String?

    @Option(name: .long, help: ArgumentHelp(
        "The HTTP cache folder.", discussion: "Default: $XDG_CACHE_HOME/larder/http, else $HOME/.cache/larder/http.", valueName: "dir"))
    var cache: String?

    @Flag(name: .long, help: "Do not read or write the HTTP cache.")
    var noCache = false

    @Option(name: .long, help: ArgumentHelp(
        "Hours a cached page is used without asking the site again, then it is revalidated; --on-duplicate update always asks (default: \(shown(defaultFreshForHours))).",
        valueName: "hours"))
    var freshFor: Double?

    @Flag(name: .long, help: "Never use the network: answer from the cache or fail.")
    var offline = false

    @Option(name: .customLong("header"), help: ArgumentHelp(
        "A request header for one site, as HOST Name: value (repeatable).",
        discussion: "Sent to HOST and its subdomains only, never to another site (not to a picture's or a redirect's host either): --header \"example.org Cookie: consent=yes\". Headers and cookies are never written into the library, its report or the HTTP cache.",
        valueName: "host-header"))
    var headers: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "A Netscape cookies.txt (as browser extensions and curl -c write it) whose cookies are sent to their sites.",
        discussion: "Each cookie goes only where a browser would send it: its domain (and subdomains when it says so), its path, https only when secure, until it expires.",
        valueName: "file"))
    var cookies: String?

    /// `30`, not `30.0`.
    static func shown(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }

    func validate() throws {
        if (jobs ?? 1) < 1 || (perHost ?? 1) < 1 { throw ValidationError("--jobs and --per-host must be at least 1.") }
        if (timeout ?? 1) <= 0 || (connectTimeout ?? 1) <= 0 { throw ValidationError("--timeout and --connect-timeout must be positive.") }
        if (hostInterval ?? 0) < 0 || (freshFor ?? 0) < 0 { throw ValidationError("--host-interval and --fresh-for cannot be negative.") }
        if (maxSize ?? 1) < 1 { throw ValidationError("--max-size must be at least 1 (MB).") }
        if (attempts ?? 1) < 1 { throw ValidationError("--attempts must be at least 1.") }
        if offline && noCache { throw ValidationError("--offline reads the cache; it cannot go with --no-cache.") }
        _ = try web()
    }

    /// The options given, over `WebOptions`' defaults (`ImportRun` asks again for every address
    /// under `--on-duplicate update`, whatever `--fresh-for` says).
    func web() throws -> WebOptions {
        var web = Self.defaults
        if let jobs { web.jobs = jobs }
        if let perHost { web.perHost = perHost }
        if let hostInterval { web.hostInterval = hostInterval }
        if let timeout { web.timeout = timeout }
        if let connectTimeout { web.connectTimeout = connectTimeout }
        if let maxSize { web.maxBodyBytes = maxSize * 1024 * 1024 }
        if let attempts { web.attempts = attempts }
        if let userAgent { web.userAgent = userAgent }
        web.cacheFolder = noCache ? nil : URL(fileURLWithPath: cache ?? UserFolders().httpCache, isDirectory: true)
        web.freshFor = (freshFor ?? Self.defaultFreshForHours) * 3600
        web.offline = offline
        for header in headers {
            do { try web.addHeader(header) } catch { throw ValidationError("--header: " + ErrorText.describe(error) + ".") }
        }
        if let cookies {
            do { try web.readCookies(from: cookies) } catch { throw ValidationError("--cookies: " + ErrorText.describe(error) + ".") }
        }
        return web
    }
}

/// Where TheMealDB's API is.
struct MealDBOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "TheMealDB's API root, ending in the key.",
        discussion: "Default: $LARDER_MEALDB_URL, else https://www.themealdb.com/api/json/v1/1/ (or v2 with --mealdb-key).",
        valueName: "url"))
    var mealdbURL: String?

    @Option(name: .long, help: ArgumentHelp("A supporter's key for TheMealDB's v2 API (default: $LARDER_MEALDB_KEY).", valueName: "key"))
    var mealdbKey: String?

    /// The API root these options and the environment name.
    func baseURL() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        do {
            return try MealDBClient.baseURL(base: mealdbURL ?? environment["LARDER_MEALDB_URL"],
                                            key: mealdbKey ?? environment["LARDER_MEALDB_KEY"])
        } catch {
            throw ValidationError(ErrorText.describe(error))
        }
    }
}

import ArgumentParser
import Foundation
import LarderCore
import LarderKit

/// How `import` crawls: robots.txt, and which addresses of a sitemap it takes.
struct CrawlOptions: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(
        "Fetch pages and sitemaps whatever the sites' robots.txt says: only for sites you own or may crawl.",
        discussion: "Without it, each site's robots.txt is read once (through the HTTP cache) and its rules for Larder (else for *) are followed as RFC 9309 says: a page it disallows is skipped with the rule that matched, its Crawl-delay is the least time between two requests to the site (when longer than --host-interval), a robots.txt that answers 4xx allows everything, and a site whose robots.txt answers 5xx or 429 or cannot be reached is not crawled at all."))
    var ignoreRobots = false

    @Option(name: .long, help: ArgumentHelp(
        "Take only the addresses of sitemap: inputs in which this regular expression matches (anywhere; anchor it with ^ and $).",
        valueName: "regex"))
    var match: String?

    @Option(name: .long, help: ArgumentHelp(
        "Take at most this many addresses of each sitemap: input (the first ones, in the sitemaps' order, after --match).",
        valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        _ = try selection()
    }

    func selection() throws -> SitemapSelection {
        do {
            return try SitemapSelection(match: match, limit: limit)
        } catch {
            throw ValidationError("--match \(match ?? ""): not a regular expression (\(ErrorText.describe(error))).")
        }
    }

    /// `--match` and `--limit` choose among sitemaps' addresses: without one, they would do nothing.
    func check(against inputs: ImportInputs) throws {
        if (match != nil || limit != nil) && inputs.inputs(of: .sitemap).isEmpty {
            throw ValidationError("--match and --limit choose among the addresses of sitemaps; name one as sitemap:URL.")
        }
    }
}

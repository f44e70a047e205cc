import Foundation

/// A site's robots.txt, read as RFC 9309 says: groups of `user-agent` lines followed by their
/// `allow` / `disallow` rules (a `user-agent` line after a rule starts a new group; rules outside
/// any group are ignored), keys in any case, `#` comments, lines ended by CR, LF or both. Only the
/// first 500 KiB are read (the least the RFC asks a crawler to parse): a larger file cannot make
/// Larder read more. `Crawl-delay` (not in the RFC, widely written) is kept per group, and
/// `Sitemap:` lines for the whole file.
public struct RobotsTxt: Sendable {
    /// The bytes of a robots.txt read; the rest is ignored.
    public static let parseLimit = 500 * 1024

    struct Rule: Sendable {
        var allows: Bool
        var pattern: RobotsPattern
        /// As written, for the report: `Disallow: /private/`.
        var text: String
    }

    struct Group: Sendable {
        var agents: [String] = []
        var rules: [Rule] = []
        var crawlDelay: Double?
    }

    var groups: [Group] = []
    /// The `Sitemap:` addresses, in the file's order.
    public private(set) var sitemaps: [String] = []

    /// Reads a robots.txt's rules; no line can make it fail (a line it cannot read is passed over,
    /// as the RFC says).
    public init(_ data: Data) {
        let text = String(decoding: data.prefix(Self.parseLimit), as: UTF8.self)
        var current: Group?
        // Whether the last group line was a user-agent line: more agents join the group; after a
        // rule, a user-agent line starts another.
        var collectingAgents = false
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            var line = rawLine
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "\u{FEFF}", with: "")
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "user-agent":
                if !collectingAgents, let finished = current { groups.append(finished); current = nil }
                if current == nil { current = Group() }
                current?.agents.append(value)
                collectingAgents = true
            case "allow", "disallow":
                collectingAgents = false
                // An empty path is no rule (`Disallow:` allows everything).
                guard current != nil, !value.isEmpty else { continue }
                let word = key == "allow" ? "Allow" : "Disallow"
                current?.rules.append(Rule(allows: key == "allow", pattern: RobotsPattern(Substring(value)),
                                           text: "\(word): \(value.prefix(200))"))
            case "crawl-delay":
                collectingAgents = false
                if let seconds = Double(value), seconds.isFinite, seconds >= 0, var group = current {
                    group.crawlDelay = max(group.crawlDelay ?? 0, seconds)
                    current = group
                }
            case "sitemap":
                if !value.isEmpty { sitemaps.append(value) }
            default:
                continue
            }
        }
        if let current { groups.append(current) }
    }

    /// The rules for a crawler whose product token is `token` (`Larder`): every group that names
    /// it (compared without case, as the RFC asks), else every `*` group, else none.
    public func rules(for token: String) -> RobotsRules {
        let wanted = token.lowercased()
        var chosen = groups.filter { group in group.agents.contains { Self.productToken(of: $0) == wanted } }
        if chosen.isEmpty { chosen = groups.filter { $0.agents.contains("*") } }
        let delays = chosen.compactMap(\.crawlDelay)
        return RobotsRules(rules: chosen.flatMap(\.rules), crawlDelay: delays.max())
    }

    /// `Larder/0.1 (+https://…)` → `larder`: the name before a version or a comment.
    static func productToken(of agent: String) -> String {
        String(agent.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
    }
}

/// The rules of one crawler's group (or groups) in a robots.txt.
public struct RobotsRules: Sendable {
    let rules: [RobotsTxt.Rule]
    /// Seconds the site asks between two requests, if it does.
    public let crawlDelay: Double?

    /// Allows everything: no robots.txt (a 4xx), or a file without a group for Larder.
    public static let allowAll = RobotsRules(rules: [], crawlDelay: nil)

    /// Whether the address may be fetched, and the rule that decided it (nil: no rule matched).
    /// The longest matching rule wins; of two as long, the one that allows; `/robots.txt` is
    /// always allowed.
    public func verdict(for url: URL) -> (allowed: Bool, rule: String?) {
        let path = RobotsPattern.path(of: url)
        if path == Array("/robots.txt".utf8) { return (true, nil) }
        var best: RobotsTxt.Rule?
        for rule in rules where rule.pattern.matches(path) {
            guard let current = best else { best = rule; continue }
            let (priority, bestPriority) = (rule.pattern.priority, current.pattern.priority)
            if priority > bestPriority || (priority == bestPriority && rule.allows && !current.allows) { best = rule }
        }
        guard let best else { return (true, nil) }
        return (best.allows, best.text)
    }
}

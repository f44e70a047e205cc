import Foundation

/// A recipe's source as a printed book shows it: short enough to read and type again, and with
/// nothing of the reader who copied it. Shared links carry newsletter and click tracking
/// (`utm_source`, `fbclid`, `mc_eid`) and sometimes the subscriber's e-mail address; none of it
/// names the recipe, so none of it is printed or linked.
public enum PrintedSource {
    /// The host (without `www.`) and path, decoded for reading, with the query parameters that
    /// name the page (`?p=123`) kept and tracking or e-mail-bearing ones left out:
    /// `https://www.example.com/recipes/chili/?utm_source=x&email=a%40b.c` →
    /// `example.com/recipes/chili`. A source that is not a web address is printed as written.
    public static func short(_ source: String) -> String {
        guard WebLink.http(source) != nil, let components = cleaned(source), let host = components.host, !host.isEmpty else {
            return source
        }
        var text = host.lowercased()
        if text.hasPrefix("www.") { text.removeFirst(4) }
        if let port = components.port, port != 80, port != 443 { text += ":\(port)" }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        text += path
        if let query = components.query, !query.isEmpty { text += "?" + query }
        return text
    }

    /// The address to link to: the source with tracking and e-mail-bearing parameters, path
    /// segments holding an e-mail address and the fragment removed; nil when it is not an
    /// http(s) address.
    public static func link(_ source: String) -> String? {
        guard WebLink.http(source) != nil, let components = cleaned(source) else { return nil }
        return components.string.flatMap(WebLink.http)
    }

    private static func cleaned(_ source: String) -> URLComponents? {
        guard var components = URLComponents(string: source.trimmed) else { return nil }
        components.fragment = nil
        components.user = nil
        components.password = nil
        if let items = components.queryItems {
            let kept = items.filter { item in
                !SourceURL.isTrackingParameter(item.name) && !containsEmailAddress(item.name) && !containsEmailAddress(item.value ?? "")
            }
            components.queryItems = kept.isEmpty ? nil : kept
        }
        let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        let keptSegments = segments.filter { !containsEmailAddress($0.removingPercentEncoding ?? String($0)) }
        if keptSegments.count != segments.count {
            components.percentEncodedPath = keptSegments.joined(separator: "/")
        }
        return components
    }

    /// `someone@example.org` anywhere in the text: something, `@`, a host with a dot. (`/@chef`
    /// profile paths have no host after the `@` and stay.)
    static func containsEmailAddress(_ text: String) -> Bool {
        guard let at = text.firstIndex(of: "@"), at > text.startIndex else { return false }
        let before = text[text.index(before: at)]
        let host = text[text.index(after: at)...].prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
        let labels = host.split(separator: ".")
        return (before.isLetter || before.isNumber || "._%+-".contains(before)) && labels.count >= 2 && (labels.last?.count ?? 0) >= 2
    }
}

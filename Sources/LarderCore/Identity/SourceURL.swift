import Foundation

/// Normalizes source URLs so that the same page reached by different links is recognised:
/// scheme and host lowercased, default ports, fragments, trailing slashes and tracking
/// parameters removed, remaining query parameters sorted.
public enum SourceURL {
    static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "msclkid", "mc_cid", "mc_eid", "igshid", "yclid", "_ga", "ref", "ref_src",
        "spm", "si", "cmpid", "ncid", "soc_src", "soc_trk",
    ]

    /// `utm_*` and the click and newsletter identifiers above: parameters that follow the
    /// reader, not the page.
    public static func isTrackingParameter(_ name: String) -> Bool {
        let name = name.lowercased()
        return name.hasPrefix("utm_") || trackingParameters.contains(name)
    }

    /// The normalised form of an http(s) address, nil when `text` is not one.
    public static func normalize(_ text: String) -> String? {
        // Built from URLComponents as before: its host keeps a script's own letters (`bücher`),
        // which identities already stored in libraries hold.
        guard let address = WebAddress(trimming: text), var components = URLComponents(string: address.text),
              let host = components.host, !host.isEmpty
        else { return nil }
        // http and https name the same recipe page.
        components.scheme = "https"
        components.host = host.lowercased()
        if components.port == 80 || components.port == 443 { components.port = nil }
        components.fragment = nil
        if let items = components.queryItems {
            let kept = items.filter { !isTrackingParameter($0.name) }.sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
            components.queryItems = kept.isEmpty ? nil : kept
        }
        var path = components.percentEncodedPath
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        if path == "/" { path = "" }
        components.percentEncodedPath = path
        return components.string
    }

    /// The normalized URL when it can tell one recipe from another: nil for a site's home page,
    /// which sites put in every page's og:url or canonical link by mistake.
    public static func identity(_ text: String) -> String? {
        guard let normalized = normalize(text), !isSiteRoot(normalized) else { return nil }
        return normalized
    }

    /// Whether a URL names a site rather than a page: no path but `/` or an index file, and
    /// no query.
    public static func isSiteRoot(_ text: String) -> Bool {
        guard let components = URLComponents(string: text.trimmed), components.host?.isEmpty == false,
              components.percentEncodedQuery?.isEmpty ?? true else { return false }
        let path = components.percentEncodedPath.lowercased()
        let name = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
        return name.isEmpty || (name.hasPrefix("index.") && !name.contains("/"))
    }

    /// The host of a URL, lowercased, for `Provenance.site`.
    public static func host(of text: String) -> String? {
        URLComponents(string: text.trimmed)?.host?.lowercased()
    }
}

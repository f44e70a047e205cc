import Foundation

/// Jetpack's image CDN (Photon) serves a WordPress site's uploads from
/// `https://i0.wp.com/<host>/<path>?resize=…` (`i0`–`i3`): the same picture as
/// `https://<host>/<path>`. SEO plugins and Jetpack each add their `og:image`, so a page may
/// name one picture twice.
enum JetpackPhoton {
    /// The address the copy was made from, or nil when `url` is not a Photon copy.
    static func original(of url: String) -> String? {
        guard let components = URLComponents(string: url), let host = components.host?.lowercased(),
              host.hasSuffix(".wp.com"), host.count == "i0.wp.com".count, host.hasPrefix("i") else { return nil }
        let path = components.path.drop(while: { $0 == "/" })
        guard let slash = path.firstIndex(of: "/"), path[..<slash].contains(".") else { return nil }
        return "https://" + path
    }

    /// `urls` without the Photon copies of addresses it also holds.
    static func withoutCopies(_ urls: [String]) -> [String] {
        let all = Set(urls.map(key))
        return urls.filter { url in original(of: url).map { !all.contains(key($0)) } ?? true }
    }

    /// An address without its scheme, for comparing `http` and `https` forms.
    static func key(_ url: String) -> String {
        url.split(separator: "?", maxSplits: 1).first.map { String($0.drop(while: { $0 != ":" }).dropFirst(3)) } ?? url
    }
}

import Foundation
import LarderCore

/// What the page says about itself outside any recipe markup: `<meta>` names and OpenGraph
/// properties, the canonical link, the language and the `<title>`.
struct PageMetadata {
    var meta: [String: String] = [:]
    /// Every `og:image`, in page order: SEO plugins add theirs beside the theme's.
    var ogImages: [String] = []
    var canonical: String?
    var language: String?
    var title: String?

    mutating func read(meta element: HTMLElement) {
        guard let key = (element.attribute("property") ?? element.attribute("name") ?? element.attribute("itemprop"))?.lowercased() else { return }
        read(key: key, content: element.attribute("content"))
    }

    /// A `<meta>`'s key (lower-cased) and content.
    mutating func read(key: String, content: String?) {
        guard let content = content.flatMap(TextCleaner.nonEmptyLine) else { return }
        // A share image that is the site's logo shows no dish.
        if Self.imageKeys.contains(key), ContentImage.isSiteMark(content) { return }
        if key == "og:image", ogImages.count < 8 { ogImages.append(content) }
        if meta[key] == nil { meta[key] = content }
    }

    mutating func read(link element: HTMLElement) {
        guard canonical == nil, element.attribute("rel")?.lowercased().split(separator: " ").contains("canonical") == true else { return }
        canonical = element.attribute("href").flatMap(TextCleaner.nonEmptyLine)
    }

    static let imageKeys: Set<String> = ["og:image", "og:image:url", "og:image:secure_url", "twitter:image"]

    var ogTitle: String? { meta["og:title"] ?? meta["twitter:title"] }
    var description: String? { meta["description"] ?? meta["og:description"] ?? meta["twitter:description"] }
    var image: String? { meta["og:image"] ?? meta["og:image:url"] ?? meta["og:image:secure_url"] ?? meta["twitter:image"] }
    var author: String? { meta["author"] ?? meta["article:author"].flatMap { WebAddress(trimming: $0) == nil ? $0 : nil } }
    var ogURL: String? { meta["og:url"] }
}

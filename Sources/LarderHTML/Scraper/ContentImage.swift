import LarderCore

/// The picture of a page that names none in its metadata: the first image of the content
/// after the page's main heading, passing over the site's furniture (logos, icons, avatars,
/// tracking pixels, placeholders) and images too small to show a dish.
enum ContentImage {
    /// The site's own marks, which no recipe is a picture of, even as its share image.
    static let siteMarks = ["logo", "icon", "avatar", "gravatar", "placeholder", "fallback"]
    static let furniture = siteMarks + ["sprite", "pixel", "spinner", "blank", "badge", "banner", "button", "flag", "emoji", "loader", "printer"]

    static func first(in page: PageIndex) -> String? {
        for image in page.images.dropFirst(page.imagesBeforeTopHeading ?? 0).prefix(30) {
            guard let source = ["data-src", "data-lazy-src", "data-original", "src"].lazy.compactMap({ image.attribute($0) }).first(where: { isPicture($0) }) else { continue }
            if let width = image.attribute("width").flatMap({ Int($0) }), width < 150 { continue }
            if let height = image.attribute("height").flatMap({ Int($0) }), height < 150 { continue }
            return source.trimmed
        }
        return nil
    }

    /// A share image that is the site's logo or icon (`cropped-Site-Icon.png`).
    static func isSiteMark(_ source: String) -> Bool {
        let file = source.lowercased().split(separator: "?").first?.split(separator: "/").last.map(String.init) ?? ""
        return siteMarks.contains(where: file.contains)
    }

    static func isPicture(_ source: String) -> Bool {
        let lower = source.lowercased()
        guard !lower.isEmpty, !lower.hasPrefix("data:"), !lower.hasSuffix(".svg"), !lower.contains(".svg?"), !lower.hasSuffix(".gif"),
              !lower.contains("/themes/"), !lower.contains("/plugins/") else { return false }
        let file = lower.split(separator: "/").last.map(String.init) ?? lower
        return !furniture.contains(where: file.contains)
    }
}

import LarderCore

/// The picture of a page that names none in its metadata: the first image of the content
/// after the page's main heading, passing over the site's furniture (logos, icons, avatars,
/// tracking pixels, placeholders) and images too small to show a dish.
enum ContentImage {
    static let furniture = ["logo", "icon", "avatar", "gravatar", "sprite", "pixel", "spinner", "placeholder", "blank", "badge", "banner", "button", "flag", "emoji", "loader"]

    static func first(in document: HTMLDocument) -> String? {
        let after = document.elements(matching: "//h1").isEmpty ? "//img" : "(//h1)[1]/following::img"
        for image in document.elements(matching: after).prefix(30) {
            guard let source = ["data-src", "data-lazy-src", "data-original", "src"].lazy.compactMap({ image.attribute($0) }).first(where: { isPicture($0) }) else { continue }
            if let width = image.attribute("width").flatMap({ Int($0) }), width < 150 { continue }
            if let height = image.attribute("height").flatMap({ Int($0) }), height < 150 { continue }
            return source.trimmed
        }
        return nil
    }

    static func isPicture(_ source: String) -> Bool {
        let lower = source.lowercased()
        guard !lower.isEmpty, !lower.hasPrefix("data:"), !lower.hasSuffix(".svg"), !lower.contains(".svg?"), !lower.hasSuffix(".gif") else { return false }
        let file = lower.split(separator: "/").last.map(String.init) ?? lower
        return !furniture.contains(where: file.contains)
    }
}

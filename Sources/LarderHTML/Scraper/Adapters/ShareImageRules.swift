import LarderCore

/// When the page's share image (`og:image`) goes before the recipe's own pictures. Recipe
/// markup often lists small crops first; platforms and plugins say in their own ways which
/// picture is the page's main one. Each way is a named rule; the first that says yes puts the
/// share image first. To add one, add it to `all` with a test in `ImageAdapterTests`.
struct ShareImageRule: Sendable {
    var name: String
    /// Whether the share image leads over the recipe's first picture.
    var leads: @Sendable (_ share: String, _ first: RecipeImage, _ structuredData: [String]) -> Bool
}

enum ShareImageRules {
    /// WordPress: recipe plugins list the generated crops (`-225x225.jpg`) of the featured
    /// image, which the share image points at whole. Only when the recipe gives no sizes: one
    /// that does has put its largest first already.
    static let wordPressFeaturedImage = ShareImageRule(name: "WordPress featured image") { share, first, _ in
        first.width == nil && share.contains("/wp-content/")
    }

    /// SEO plugins (Yoast, Rank Math) name the share image as the page's primary image
    /// (`#primaryimage`) in their structured data.
    static let seoPrimaryImage = ShareImageRule(name: "SEO plugin primary image") { share, first, structuredData in
        first.width == nil && JSONLDBlocks.contain("#primaryimage", in: structuredData) && JSONLDBlocks.mention(share, in: structuredData)
    }

    /// Both addresses state their sizes (`StatedImageSize`) and the share image's is the larger.
    static let largerStatedSize = ShareImageRule(name: "larger stated size") { share, first, _ in
        guard let url = first.url, url != share, let shareSize = StatedImageSize(url: share), let firstSize = StatedImageSize(url: url) else { return false }
        return shareSize.isLarger(than: firstSize)
    }

    static let all = [wordPressFeaturedImage, seoPrimaryImage, largerStatedSize]

    /// Whether the share image goes before `images`: always when there are none.
    static func leads(_ share: String, over images: [RecipeImage], structuredData: [String]) -> Bool {
        guard let first = images.first else { return true }
        return all.contains { $0.leads(share, first, structuredData) }
    }
}

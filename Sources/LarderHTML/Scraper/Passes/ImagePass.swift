import LarderCore

extension ScrapePass {
    /// The recipe's pictures made absolute, and the page's share image placed among them
    /// (`ShareImageRules`). A page that names no picture at all shows one in its content.
    static let images = ScrapePass(name: "images") { draft in
        guard var recipe = draft.recipe else { return }
        let base = draft.linkBase
        for index in recipe.images.indices {
            recipe.images[index].url = recipe.images[index].url.flatMap { RecipeScraper.absolute($0, base: base) }
        }
        recipe.images.removeAll { $0.url == nil && $0.path == nil }
        placeShareImage(&recipe, draft: draft)
        draft.recipe = recipe
    }

    /// The page's share image comes first when the recipe has none, or when a rule of
    /// `ShareImageRules` says it is the page's main picture; without one, a WordPress
    /// upload's largest crop (`WordPressCrops`). Elsewhere the recipe's own images
    /// keep their order and the share image is kept after them.
    static func placeShareImage(_ recipe: inout Recipe, draft: ScrapeDraft) {
        let page = draft.metadata
        let base = draft.linkBase
        if recipe.images.isEmpty, page.ogImages.isEmpty, page.image == nil,
           let found = ContentImage.first(in: draft.page).flatMap({ RecipeScraper.absolute($0, base: base) }) {
            recipe.images = [RecipeImage(url: found)]
            return
        }
        // No share image says which of a WordPress upload and its crops the page means: the
        // picture it shows, its largest crop (`WordPressCrops`).
        if page.image == nil, let reordered = WordPressCrops.largestCropFirst(recipe.images) {
            recipe.images = reordered
            return
        }
        // Of several share images (an SEO plugin's beside the theme's), the one the recipe
        // names, else the one the page's structured data names (its primary image).
        // A Jetpack copy of another share image is the same picture (`JetpackPhoton`).
        let shared = JetpackPhoton.withoutCopies(page.ogImages.compactMap { RecipeScraper.absolute($0, base: base) })
        var named: String?
        if shared.count > 1 {
            named = shared.first { url in recipe.images.contains { $0.url == url } }
            if named == nil { named = shared.first { JSONLDBlocks.mention($0, in: draft.page.jsonLD) } }
        }
        guard let image = named ?? page.image.flatMap({ RecipeScraper.absolute($0, base: base) }) else { return }
        if ShareImageRules.leads(image, over: recipe.images, structuredData: draft.page.jsonLD) {
            recipe.images.removeAll { $0.url == image }
            recipe.images.insert(RecipeImage(url: image), at: 0)
        } else if !recipe.images.contains(where: { $0.url == image }) {
            recipe.images.append(RecipeImage(url: image))
        }
    }
}

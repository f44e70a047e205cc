import LarderCore

/// The other recipes of a page that holds several (a round-up post's "three sauces", a menu):
/// each recipe of its structured data with a title of its own and ingredients or steps, beside
/// the one the passes read. Stubs of a list page (a name, a link, a picture) are no recipes,
/// and a node that repeats the read recipe's title is a part of it (a recipe split over
/// blocks), as is one of two that share a title: neither is a recipe of its own.
/// They are taken as their structured data gives them; the page's metadata fills what the
/// read recipe gets from it too (address, author, absolute picture links).
enum OtherRecipes {
    static func whole(in draft: ScrapeDraft, besides read: Recipe) -> [Recipe] {
        var titles: Set<String> = [Slug.make(read.title)]
        if let structured = draft.structured { titles.insert(Slug.make(structured.title)) }
        var others: [Recipe] = []
        for candidate in draft.otherStructured where isWhole(candidate) {
            guard titles.insert(Slug.make(candidate.title)).inserted else { continue }
            others.append(finished(candidate, draft: draft, read: read))
        }
        return others
    }

    static func isWhole(_ recipe: Recipe) -> Bool {
        !recipe.title.isEmpty && (!recipe.ingredients.isEmpty || !recipe.steps.isEmpty)
    }

    static func finished(_ recipe: Recipe, draft: ScrapeDraft, read: Recipe) -> Recipe {
        var recipe = recipe
        // Filed under the page they were read from, as the read recipe is.
        if let pageURL = draft.pageURL {
            recipe.provenance.sourceURL = pageURL
            recipe.provenance.site = SourceURL.host(of: pageURL)
        } else if let url = recipe.provenance.sourceURL {
            recipe.provenance.sourceURL = RecipeScraper.absolute(url, base: draft.linkBase)
        }
        if recipe.provenance.author == nil { recipe.provenance.author = read.provenance.author }
        for index in recipe.images.indices {
            recipe.images[index].url = recipe.images[index].url.flatMap { RecipeScraper.absolute($0, base: draft.linkBase) }
        }
        recipe.images.removeAll { $0.url == nil && $0.path == nil }
        return recipe
    }
}

import LarderCore

extension ScrapePass {
    /// What the recipe still lacks from the page's own metadata (OpenGraph, `<meta>`,
    /// `<title>`, a byline), and the address it is filed under.
    static let pageMetadata = ScrapePass(name: "page metadata") { draft in
        guard var recipe = draft.recipe else { return }
        let page = draft.metadata
        // A title the recipe markup did not give comes from the page's own title, which names
        // the site too.
        if recipe.title.isEmpty, let title = page.ogTitle ?? page.title {
            recipe.title = TitleCleaner.clean(TextCleaner.line(title), siteName: page.meta["og:site_name"],
                                              host: draft.pageURL.flatMap(SourceURL.host(of:)) ?? draft.linkBase?.host)
        }
        if recipe.description == nil, let description = page.description { recipe.description = TextCleaner.block(description) }
        if recipe.provenance.author == nil {
            // Else the publisher: the site's name, from its metadata or the end of its title.
            recipe.provenance.author = page.author.map(TextCleaner.line) ?? microdataAuthor(in: draft.page) ?? Byline.find(in: draft.page)
                ?? page.meta["og:site_name"].map(TitleCleaner.shortSiteName) ?? page.title.flatMap(TitleCleaner.siteName(in:))
        }
        if let pageURL = draft.pageURL {
            recipe.provenance.sourceURL = pageURL
            recipe.provenance.site = SourceURL.host(of: pageURL)
        } else if let url = recipe.provenance.sourceURL {
            recipe.provenance.sourceURL = RecipeScraper.absolute(url, base: draft.linkBase)
        }
        draft.recipe = recipe
    }

    /// `itemprop="author"` anywhere on the page: a Person item's name, or the text.
    static func microdataAuthor(in page: PageIndex) -> String? {
        guard let element = page.microdataAuthor else { return nil }
        if element.attribute("itemscope") != nil {
            guard let name = element.descendants(where: { $0.element.attribute("itemprop") == "name" }).first else { return nil }
            return TextCleaner.nonEmptyLine(name.attribute("content") ?? name.text)
        }
        return TextCleaner.nonEmptyLine(element.attribute("content") ?? element.text)
    }
}

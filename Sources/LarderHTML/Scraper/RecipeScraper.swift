import Foundation
import LarderCore

/// Why a page gave no recipe.
public enum ScrapeError: Equatable, DescribedError {
    /// libxml2 could not read the page, for the reason given.
    case unreadable(String)
    /// The page holds no recipe: no structured data, no recipe card, no list under an ingredients title.
    case noRecipe

    public var description: String {
        switch self {
        case .unreadable(let reason): "the page could not be read (\(reason))"
        case .noRecipe: "no recipe found: \(Self.noRecipeDetail)"
        }
    }

    /// Where the scraper looked, for the message of a page without a recipe.
    public static let noRecipeDetail = "the page has no schema.org Recipe data, no recipe card and no list under an ingredients heading"
}

/// Reads a recipe out of an HTML page, as a sequence of passes over one index of the page:
/// structured data first (JSON-LD, microdata, page state), then the card of a recipe-card
/// plugin, then the page's own sections, then the facts written as labelled text, the page's
/// metadata and its images. Each pass fills what the earlier ones left; knowledge of one
/// plugin or platform lives in an adapter (`CardAdapters`, `ShareImageRules`,
/// `StatedImageSize`), never in a pass. Pure: bytes in, recipe out, no I/O.
public enum RecipeScraper {
    /// In order; each reads what the earlier ones left in the draft.
    static let passes: [ScrapePass] = [
        .structuredData,
        .pluginCards,
        .pageSections,
        .ingredientLines,
        .facts,
        .pageMetadata,
        .images,
    ]

    /// - Parameters:
    ///   - url: where the page came from, when known; the canonical link and `og:url` win,
    ///     unless they name the site's home page (`PageAddress`).
    ///   - contentType: the HTTP `Content-Type`, for the charset.
    ///   - input: how the user named the input, for provenance.
    ///   - limits: a page whose recipe goes over them fails with `InputLimits.Exceeded`, never
    ///     with part of its lists.
    public static func scrape(html: Data, url: URL?, contentType: String? = nil, input: String? = nil,
                              importedAt: Date = MappingContext.now(), limits: InputLimits = .standard) throws -> Recipe {
        try scrapeDraft(html: html, url: url, contentType: contentType, input: input, importedAt: importedAt, limits: limits).recipe
    }

    /// Every recipe of the page: the one `scrape` reads first, then the others a round-up page
    /// holds in its structured data (`OtherRecipes`), in the page's order. When there are
    /// several, each carries its place in that list as its original id (`recipe-2`), so that
    /// two that share the page's address and most of their lines stay two recipes.
    public static func scrapeAll(html: Data, url: URL?, contentType: String? = nil, input: String? = nil,
                                 importedAt: Date = MappingContext.now(), limits: InputLimits = .standard) throws -> [Recipe] {
        let (read, draft) = try scrapeDraft(html: html, url: url, contentType: contentType, input: input, importedAt: importedAt, limits: limits)
        let others = OtherRecipes.whole(in: draft, besides: read)
        guard !others.isEmpty else { return [read] }
        var all = [read] + others
        for index in all.indices {
            try checkCounts(of: all[index], limits: limits)
            if all[index].provenance.originalID == nil { all[index].provenance.originalID = "recipe-\(index + 1)" }
            all[index].id = RecipeIdentity.makeID(for: all[index])
        }
        return all
    }

    static func scrapeDraft(html: Data, url: URL?, contentType: String?, input: String?,
                            importedAt: Date, limits: InputLimits) throws -> (recipe: Recipe, draft: ScrapeDraft) {
        let document: HTMLDocument
        do {
            document = try HTMLDocument(data: html, contentType: contentType, limits: limits)
        } catch HTMLDocument.ParseError.overLimit(let exceeded) {
            throw exceeded
        } catch {
            throw ScrapeError.unreadable(ErrorText.describe(error))
        }
        let page = PageIndex(document, wanted: RecipeCards.wanted)
        let claims = [page.metadata.canonical, page.metadata.ogURL]
        let pageURL = PageAddress.choose(claims: claims, fetched: url)
        let context = MappingContext(input: input ?? url?.absoluteString ?? "page", url: pageURL, importedAt: importedAt, limits: limits)
        var draft = ScrapeDraft(page: page, context: context, pageURL: pageURL, linkBase: PageAddress.linkBase(claims: claims, fetched: url))
        for pass in passes { pass.run(&draft) }
        // A list over a limit fails the page: what another source on it gave would be part of
        // the recipe, imported as if whole.
        if let overLimit = draft.overLimit { throw overLimit }
        try checkCounts(of: draft.recipe, limits: limits)
        guard var recipe = draft.recipe, !recipe.title.isEmpty, !recipe.ingredientGroups.isEmpty || !recipe.instructionSections.isEmpty else {
            throw ScrapeError.noRecipe
        }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return (recipe, draft)
    }

    /// The page's sections are read up to one line past a limit (`SectionReader`): a recipe
    /// that holds more is over it, by how much is not known.
    static func checkCounts(of recipe: Recipe?, limits: InputLimits) throws {
        guard let recipe else { return }
        if recipe.ingredients.count > limits.maxIngredientLines {
            throw InputLimits.Exceeded("ingredient lines", limit: limits.maxIngredientLines, per: "recipe")
        }
        if recipe.steps.count > limits.maxSteps {
            throw InputLimits.Exceeded("steps", limit: limits.maxSteps, per: "recipe")
        }
    }

    /// An absolute http(s) URL, resolving relative ones against the page; nil for anything else.
    static func absolute(_ text: String?, base: URL?) -> String? {
        guard var text = text?.trimmed, !text.isEmpty else { return nil }
        // Pages write spaces in URLs; a URL may not have them.
        text = text.replacingOccurrences(of: " ", with: "%20")
        let lower = text.lowercased()
        // Templates that put the site's address before an address that is already whole
        // ("http://example.comhttps://cdn.example.com/a.jpg"): the whole one is meant.
        // An address inside a query or path ("?url=https://…") is another matter.
        // (Only looked for when "http" comes again after the start, searched as bytes:
        // Foundation's search goes through NSString on Linux.)
        if String(lower.dropFirst()).containsBytes("http"),
           let inner = ["https://", "http://"].compactMap({ lower.dropFirst().range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            let site = lower[..<inner.lowerBound]
            if WebAddress.isWebAddress(String(site)), let hostStart = site.range(of: "://")?.upperBound,
               !site[hostStart...].contains(where: { "/?=&".contains($0) }) {
                text = String(text.dropFirst(site.count))
            }
        }
        if WebAddress.isWebAddress(text) { return text }
        // Unlike an input, which is taken as written (`WebAddress`), a page's link is read
        // against the page, as its browser reads it: `/a.jpg`, `a.jpg`, `../a.jpg`, and a
        // scheme-relative `//cdn.example/a.jpg` (as https). What it comes to must be a web
        // address: `https:///a.jpg` or `javascript:` on a page give no picture.
        let resolved = text.hasPrefix("//") ? URL(string: "https:" + text) : URL(string: text, relativeTo: base)
        return resolved.flatMap { WebAddress($0.absoluteURL) }?.text
    }
}

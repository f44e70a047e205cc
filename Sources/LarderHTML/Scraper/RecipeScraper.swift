import Foundation
import LarderCore

/// Why a page gave no recipe.
public enum ScrapeError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
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

/// Reads a recipe out of an HTML page: schema.org JSON-LD first, then microdata, then the
/// markup of recipe-card plugins, then headings and lists. What the recipe lacks is filled from
/// the page's own metadata (OpenGraph, `<meta>`, `<title>`, the canonical link). Pure: bytes in,
/// recipe out, no I/O.
public enum RecipeScraper {
    /// - Parameters:
    ///   - url: where the page came from, when known; the canonical link and `og:url` win,
    ///     unless they name the site's home page (`PageAddress`).
    ///   - contentType: the HTTP `Content-Type`, for the charset.
    ///   - input: how the user named the input, for provenance.
    public static func scrape(html: Data, url: URL?, contentType: String? = nil, input: String? = nil,
                              importedAt: Date = MappingContext.now()) throws -> Recipe {
        let document: HTMLDocument
        do {
            document = try HTMLDocument(data: html, contentType: contentType)
        } catch {
            throw ScrapeError.unreadable(ErrorText.describe(error))
        }
        let scan = PageScan(document, wanted: RecipeCards.wanted)
        let page = scan.metadata
        let claims = [page.canonical, page.ogURL]
        let pageURL = PageAddress.choose(claims: claims, fetched: url)
        let context = MappingContext(input: input ?? url?.absoluteString ?? "page", url: pageURL, importedAt: importedAt)

        var recipe: Recipe
        let (structured, sections) = structuredRecipe(in: document, scripts: scan.jsonLD, context: context)
        // The card supplies groups, and what the structured data left out (some sites publish
        // JSON-LD with empty ingredient lists, or only the main one: "Chicken"); headings and
        // lists are the last resort.
        let structuredLines = structured?.ingredients.count ?? 0
        let isComplete = structured.map { structuredLines > 1 && !$0.instructionSections.isEmpty } ?? false
        var card = RecipeCards.card(in: scan)
        // A card that lists ingredients and no steps leaves the method to the page's headings.
        if !isComplete, card?.instructionSections.isEmpty != false, let read = PageHeuristics.card(in: document) {
            if card == nil { card = read } else { card?.instructionSections = read.instructionSections }
        }
        if let structured {
            recipe = structured
            if let card {
                if structuredLines == 0 || (structuredLines == 1 && card.ingredientCount >= 3 && card.expands(recipe.ingredients[0].line)) {
                    recipe.ingredientGroups = card.modelIngredientGroups
                } else {
                    adoptGroups(from: card, into: &recipe)
                }
                if recipe.instructionSections.isEmpty {
                    recipe.instructionSections = card.modelInstructionSections
                }
            }
            completeFromPage(&recipe, document: document)
        } else if let card {
            recipe = Recipe(title: card.title ?? firstHeading(in: document) ?? "")
            recipe.provenance = Provenance(sourceURL: pageURL, site: pageURL.flatMap(SourceURL.host(of:)), origin: .html,
                                           input: context.input, importedAt: importedAt)
            recipe.ingredientGroups = card.modelIngredientGroups
            recipe.instructionSections = card.modelInstructionSections
            splitTitleLines(&recipe)
        } else {
            throw ScrapeError.noRecipe
        }
        // A first group named after the dish itself ("Lemon cake" above the cake's lines) names
        // no part of it.
        if let name = recipe.ingredientGroups.first?.name, name.comparisonKey == recipe.title.comparisonKey {
            recipe.ingredientGroups[0].name = nil
        }
        recipe.instructionSections = StepNumbering.cleaned(recipe.instructionSections)
        fillFacts(&recipe, from: document)
        fillTerms(&recipe, from: document, sections: sections)
        complete(&recipe, page: page, document: document, structuredData: scan.jsonLD, pageURL: pageURL,
                 linkBase: PageAddress.linkBase(claims: claims, fetched: url))
        guard !recipe.title.isEmpty, !recipe.ingredientGroups.isEmpty || !recipe.instructionSections.isEmpty else {
            throw ScrapeError.noRecipe
        }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// What the page shows of structured ingredient lines that the structured data lost: their
    /// amounts, and the groups they stand in.
    static func completeFromPage(_ recipe: inout Recipe, document: HTMLDocument) {
        if let full = LeftOutAmounts.lines(for: recipe.ingredientGroups.flatMap(\.ingredients), in: document) {
            var next = full.makeIterator()
            for group in recipe.ingredientGroups.indices {
                for index in recipe.ingredientGroups[group].ingredients.indices {
                    recipe.ingredientGroups[group].ingredients[index] = Ingredient(line: next.next()!)
                }
            }
        }
        splitTitleLines(&recipe)
        guard recipe.ingredientGroups.count == 1, recipe.ingredientGroups[0].name == nil else { return }
        let lines = recipe.ingredientGroups[0].ingredients
        // Group titles written as plain lines, which the page shows as titles; else, when no
        // card named the groups, the headings the page shows the lines under.
        if let groups = HeadingLines.groups(of: lines, in: document) ?? IngredientGroupInference.groups(of: lines, in: document) {
            recipe.ingredientGroups = groups
        }
    }

    /// Sites write group titles as lines ("For the glaze:", "FROSTING").
    static func splitTitleLines(_ recipe: inout Recipe) {
        guard recipe.ingredientGroups.count == 1, recipe.ingredientGroups[0].name == nil else { return }
        recipe.ingredientGroups = IngredientHeading.splitGroups(recipe.ingredientGroups, asWritten: true)
    }

    /// JSON-LD, else microdata, mapped through the schema.org mapper. Of several recipes the one
    /// with most ingredients wins (list pages link many, with few details each). With it, the
    /// sections an article node files the page under.
    static func structuredRecipe(in document: HTMLDocument, scripts: [String], context: MappingContext) -> (Recipe?, sections: [String]?) {
        let graph = SchemaOrgMapper.Graph(JSONLDBlocks.values(of: scripts))
        var recipes = graph.recipeNodes.compactMap { try? SchemaOrgMapper.map($0, graph: graph, context: context) }
        if recipes.isEmpty, let microdata = Microdata.recipe(in: document) {
            let graph = SchemaOrgMapper.Graph([microdata])
            recipes = graph.recipeNodes.compactMap { try? SchemaOrgMapper.map($0, graph: graph, context: context) }
            for index in recipes.indices { recipes[index].provenance.origin = .html }
        }
        if let author = SchemaOrgMapper.anyAuthor(in: graph) {
            for index in recipes.indices where recipes[index].provenance.author == nil { recipes[index].provenance.author = author }
        }
        let recipe = recipes.max { a, b in
            a.ingredientGroups.reduce(0) { $0 + $1.ingredients.count } < b.ingredientGroups.reduce(0) { $0 + $1.ingredients.count }
        }
        return (recipe, SchemaOrgMapper.anySections(in: graph))
    }

    /// JSON-LD has no ingredient groups; a recipe card on the same page often has. The
    /// structured lines are kept (the card's text carries checkboxes and styling) and take the
    /// card's groups: by position when both hold the same number of lines, else each line the
    /// group of the card line it matches.
    static func adoptGroups(from card: RecipeCard, into recipe: inout Recipe) {
        let lines = recipe.ingredientGroups.flatMap(\.ingredients)
        guard recipe.ingredientGroups.count == 1, !lines.isEmpty, card.ingredientGroups.contains(where: { $0.name != nil }) else { return }
        let groupNames = Set(card.ingredientGroups.compactMap { $0.name?.comparisonKey })
        // Group titles that the site also wrote as lines ("For the sauce:") are not ingredients.
        let structured = lines.filter { !groupNames.contains($0.line.comparisonKey) }
        if card.ingredientCount == structured.count {
            var remaining = structured[...]
            recipe.ingredientGroups = card.ingredientGroups.map { group in
                defer { remaining = remaining.dropFirst(group.lines.count) }
                return IngredientGroup(name: group.name, ingredients: Array(remaining.prefix(group.lines.count)))
            }
            return
        }
        let cardLines = card.ingredientGroups.enumerated().flatMap { index, group in group.lines.map { (key: $0.comparisonKey, group: index) } }
        var groups: [IngredientGroup] = []
        var cursor = 0
        var matched = 0
        for ingredient in structured {
            let key = ingredient.line.comparisonKey
            // Search forward from the last match, so repeated lines land in the right group.
            let found = cardLines[cursor...].firstIndex { $0.key == key } ?? cardLines.firstIndex { $0.key == key }
            let groupIndex = found.map { cardLines[$0].group } ?? groups.last.flatMap { last in card.ingredientGroups.firstIndex { $0.name == last.name } } ?? 0
            if let found {
                cursor = found
                matched += 1
            }
            let name = card.ingredientGroups[groupIndex].name
            groups.append(ingredient, toGroupNamed: name)
        }
        // Only when most lines were found in the card: otherwise the card is something else.
        if matched * 2 > structured.count { recipe.ingredientGroups = groups }
    }

    /// Fills what the recipe lacks from the page, and makes URLs absolute.
    static func complete(_ recipe: inout Recipe, page: PageMetadata, document: HTMLDocument, structuredData: [String], pageURL: String?, linkBase base: URL?) {
        // A title the recipe markup did not give comes from the page's own title, which names
        // the site too.
        if recipe.title.isEmpty, let title = page.ogTitle ?? page.title {
            recipe.title = TitleCleaner.clean(TextCleaner.line(title), siteName: page.meta["og:site_name"], host: pageURL.flatMap(SourceURL.host(of:)) ?? base?.host)
        }
        if recipe.description == nil, let description = page.description { recipe.description = TextCleaner.block(description) }
        if recipe.provenance.author == nil {
            // Else the publisher: the site's name, from its metadata or the end of its title.
            recipe.provenance.author = page.author.map(TextCleaner.line) ?? microdataAuthor(in: document) ?? Byline.find(in: document)
                ?? page.meta["og:site_name"].map(TitleCleaner.shortSiteName) ?? page.title.flatMap(TitleCleaner.siteName(in:))
        }
        if let pageURL {
            recipe.provenance.sourceURL = pageURL
            recipe.provenance.site = SourceURL.host(of: pageURL)
        } else if let url = recipe.provenance.sourceURL {
            recipe.provenance.sourceURL = absolute(url, base: base)
        }
        for index in recipe.images.indices {
            recipe.images[index].url = recipe.images[index].url.flatMap { absolute($0, base: base) }
        }
        recipe.images.removeAll { $0.url == nil && $0.path == nil }
        placeShareImage(&recipe, page: page, document: document, structuredData: structuredData, base: base)
    }

    /// The page's share image comes first when the recipe has none; on WordPress sites and
    /// pages whose structured data names it their primary image, whose recipe plugins list
    /// generated crops (`-225x225.jpg`) before the featured image the share image points at;
    /// and when both addresses state sizes and the share image's is the larger. Elsewhere the
    /// recipe's own images keep their order and the share image is kept after them. A page
    /// that names no picture at all shows one in its content.
    static func placeShareImage(_ recipe: inout Recipe, page: PageMetadata, document: HTMLDocument, structuredData: [String], base: URL?) {
        if recipe.images.isEmpty, page.ogImages.isEmpty, page.image == nil,
           let found = ContentImage.first(in: document).flatMap({ absolute($0, base: base) }) {
            recipe.images = [RecipeImage(url: found)]
            return
        }
        // Of several share images (an SEO plugin's beside the theme's), the one the recipe
        // names, else the one the page's structured data names (its primary image).
        let shared = page.ogImages.compactMap { absolute($0, base: base) }
        var named: String?
        if shared.count > 1 {
            named = shared.first { url in recipe.images.contains { $0.url == url } }
            if named == nil { named = shared.first { JSONLDBlocks.mention($0, in: structuredData) } }
        }
        guard let image = named ?? page.image.flatMap({ absolute($0, base: base) }) else { return }
        if leads(image, over: recipe.images, structuredData: structuredData) {
            recipe.images.removeAll { $0.url == image }
            recipe.images.insert(RecipeImage(url: image), at: 0)
        } else if !recipe.images.contains(where: { $0.url == image }) {
            recipe.images.append(RecipeImage(url: image))
        }
    }

    /// Whether the share image goes before the recipe's own pictures.
    static func leads(_ image: String, over images: [RecipeImage], structuredData: [String]) -> Bool {
        guard let first = images.first else { return true }
        // A recipe that gives its pictures' sizes has put its largest first already.
        if first.width == nil {
            if image.contains("/wp-content/") { return true }
            // SEO plugins name the share image as the page's primary image (`#primaryimage`).
            if JSONLDBlocks.contain("#primaryimage", in: structuredData), JSONLDBlocks.mention(image, in: structuredData) { return true }
        }
        // Both addresses state their sizes and the share image is the larger.
        guard let url = first.url, url != image, let shareSize = StatedImageSize(url: image), let firstSize = StatedImageSize(url: url) else { return false }
        return shareSize.isLarger(than: firstSize)
    }

    /// An absolute http(s) URL, resolving relative ones against the page; nil for anything else.
    static func absolute(_ text: String?, base: URL?) -> String? {
        guard var text = text?.trimmed, !text.isEmpty else { return nil }
        // Pages write spaces in URLs; a URL may not have them.
        text = text.replacingOccurrences(of: " ", with: "%20")
        var lower = text.lowercased()
        // Templates that put the site's address before an address that is already whole
        // ("http://example.comhttps://cdn.example.com/a.jpg"): the whole one is meant.
        // An address inside a query or path ("?url=https://…") is another matter.
        if let inner = ["https://", "http://"].compactMap({ lower.dropFirst().range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            let site = lower[..<inner.lowerBound]
            if site.hasPrefix("http"), let hostStart = site.range(of: "://")?.upperBound, !site[hostStart...].contains(where: { "/?=&".contains($0) }) {
                text = String(text.dropFirst(site.count))
                lower = text.lowercased()
            }
        }
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return URL(string: text) != nil ? text : nil }
        let resolved = text.hasPrefix("//") ? URL(string: "https:" + text) : URL(string: text, relativeTo: base)
        guard let absolute = resolved?.absoluteURL, let scheme = absolute.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return absolute.absoluteString
    }

    /// Yield and times the markup left out, from labelled text on the page.
    static func fillFacts(_ recipe: inout Recipe, from document: HTMLDocument) {
        // Searching the page costs as much as the rest of the scrape: only when the yield or
        // every time is missing (a recipe with a prep time and no cook time is often right).
        let noTimes = recipe.times.prep == nil && recipe.times.cook == nil && recipe.times.total == nil
        guard recipe.yield == nil || noTimes else { return }
        var wanted = Set<PageFacts.Fact>()
        if recipe.yield == nil { wanted.insert(.yield) }
        if noTimes { wanted.formUnion([.prep, .cook, .total]) }
        let facts = PageFacts.find(wanted, in: document)
        if let text = facts[.yield] { recipe.yield = YieldParser.parse(text) }
        if let text = facts[.prep] { recipe.times.prep = DurationParser.parse(text).flatMap { $0.minutes == nil ? nil : $0 } }
        if let text = facts[.cook] { recipe.times.cook = DurationParser.parse(text).flatMap { $0.minutes == nil ? nil : $0 } }
        if let text = facts[.total] { recipe.times.total = DurationParser.parse(text).flatMap { $0.minutes == nil ? nil : $0 } }
    }

    /// Course and cuisine the markup left out, from labelled text on the page; else, for the
    /// course, the sections a blog files its post under ("Baking").
    static func fillTerms(_ recipe: inout Recipe, from document: HTMLDocument, sections: [String]?) {
        guard recipe.categories.isEmpty || recipe.cuisines.isEmpty else { return }
        let terms = LabelledTerms.find(in: document)
        if recipe.categories.isEmpty, let categories = terms[.category] ?? sections { recipe.categories = categories }
        if recipe.cuisines.isEmpty, let cuisines = terms[.cuisine] { recipe.cuisines = cuisines }
    }

    /// `itemprop="author"` anywhere on the page: a Person item's name, or the text.
    static func microdataAuthor(in document: HTMLDocument) -> String? {
        guard let element = document.elements(matching: "//*[@itemprop='author']").first else { return nil }
        if element.attribute("itemscope") != nil {
            guard let name = element.elements(matching: ".//*[@itemprop='name']").first else { return nil }
            return TextCleaner.nonEmptyLine(name.attribute("content") ?? name.text)
        }
        return TextCleaner.nonEmptyLine(element.attribute("content") ?? element.text)
    }

    static func firstHeading(in document: HTMLDocument) -> String? {
        document.texts(matching: "//h1").lazy.compactMap(TextCleaner.nonEmptyLine).first
    }
}

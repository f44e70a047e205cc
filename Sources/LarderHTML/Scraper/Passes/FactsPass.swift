import LarderCore

extension ScrapePass {
    /// Yield, times, course and cuisine the markup left out, from labelled text on the page
    /// ("Serves 4", "Prep Time 15 mins", "Cuisine: British").
    static let facts = ScrapePass(name: "facts") { draft in
        guard var recipe = draft.recipe else { return }
        fillFacts(&recipe, from: draft.page)
        fillTerms(&recipe, from: draft.page, sections: draft.articleSections)
        draft.recipe = recipe
    }

    static func fillFacts(_ recipe: inout Recipe, from page: PageIndex) {
        // Searching the page costs as much as the rest of the scrape: only when the yield or
        // every time is missing (a recipe with a prep time and no cook time is often right).
        // A time the markup gave as text that says no length (`itemprop="cookTime"` round a label
        // and its value) is no time.
        let noTimes = [recipe.times.prep, recipe.times.cook, recipe.times.total].allSatisfy { $0?.minutes == nil }
        guard recipe.yield == nil || noTimes else { return }
        var wanted = Set<PageFacts.Fact>()
        if recipe.yield == nil { wanted.insert(.yield) }
        if noTimes { wanted.formUnion([.prep, .cook, .total]) }
        let facts = PageFacts.find(wanted, in: page)
        if let text = facts[.yield] { recipe.yield = YieldParser.parse(text) }
        if let text = facts[.prep] { recipe.times.prep = DurationParser.parse(text).flatMap { $0.minutes == nil ? nil : $0 } }
        if let text = facts[.cook] { recipe.times.cook = DurationParser.parse(text).flatMap { $0.minutes == nil ? nil : $0 } }
        if let text = facts[.total] { recipe.times.total = DurationParser.parse(text).flatMap { $0.minutes == nil ? nil : $0 } }
    }

    /// Course and cuisine the markup left out, from labelled text on the page; else, for the
    /// course, the sections a blog files its post under ("Baking").
    static func fillTerms(_ recipe: inout Recipe, from page: PageIndex, sections: [String]?) {
        guard recipe.categories.isEmpty || recipe.cuisines.isEmpty else { return }
        let terms = LabelledTerms.find(in: page)
        if recipe.categories.isEmpty, let categories = terms[.category] ?? sections { recipe.categories = categories }
        if recipe.cuisines.isEmpty, let cuisines = terms[.cuisine] { recipe.cuisines = cuisines }
    }
}

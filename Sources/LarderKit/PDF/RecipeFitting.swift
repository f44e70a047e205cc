/// Decides each recipe's layout from measured books. Every recipe starts a page, so one
/// recipe's layout never moves another's: the pages a recipe takes depend on its own layout
/// alone, each is chosen apart from the others, and a few recipes can be measured in a book of
/// their own.
struct RecipeFitting {
    /// The recipes in book order, and whether each has a picture.
    let recipes: [(anchor: String, hasImage: Bool)]
    /// The id of what follows the last recipe (the index), if anything.
    let followedBy: String?
    /// The layout and page count chosen so far for each recipe.
    private(set) var chosen: [String: (layout: RecipeLayout, pages: Int)] = [:]

    init(recipes: [(anchor: String, hasImage: Bool)], followedBy: String?) {
        self.recipes = recipes
        self.followedBy = followedBy
    }

    /// How many pages each recipe of `measured` (anchors, a part of the book or all of it)
    /// takes in a book of just those: from its first page to the page before what follows it
    /// (the next recipe, the index, or the end of the book).
    func pages(in map: PageMap, measured: Set<String>? = nil) -> [String: Int] {
        let order = recipes.map(\.anchor).filter { measured?.contains($0) ?? true }
        var result: [String: Int] = [:]
        for (position, anchor) in order.enumerated() {
            guard let start = map.anchors[anchor] else { continue }
            let next = position + 1 < order.count ? order[position + 1] : followedBy
            let end = next.flatMap { map.anchors[$0] }.map { $0 - 1 } ?? map.pages
            result[anchor] = max(1, end - start + 1)
        }
        return result
    }

    /// The layouts in force: the usual one is left out.
    var layouts: [String: RecipeLayout] {
        chosen.compactMapValues { $0.layout == .usual ? nil : $0.layout }
    }

    /// Records the whole book in its usual layout. A recipe the engine lost rows of is stacked
    /// (its ingredients above the method) and not tried in the tighter layouts.
    mutating func measuredUsual(_ map: PageMap) {
        for (anchor, count) in pages(in: map) { chosen[anchor] = (map.lost[anchor] == nil ? .usual : .stacked, count) }
    }

    /// The recipes worth trying in `layout`: those still on more than one page (a picture can
    /// only be set beside when there is one).
    func candidates(for layout: RecipeLayout) -> Set<String> {
        Set(recipes.filter { recipe in
            guard let current = chosen[recipe.anchor], current.pages > 1, current.layout < layout else { return false }
            return layout != .pictureBeside || recipe.hasImage
        }.map(\.anchor))
    }

    /// Keeps `layout` for the candidates it saved a page for (measured in a book of the
    /// candidates alone) without losing any of their rows; the others keep what they had.
    mutating func measured(_ layout: RecipeLayout, on candidates: Set<String>, _ map: PageMap) {
        for (anchor, count) in pages(in: map, measured: candidates) where map.lost[anchor] == nil {
            guard let current = chosen[anchor], count < current.pages else { continue }
            chosen[anchor] = (layout, count)
        }
    }

    /// Pages the recipes take with the chosen layouts.
    var recipePages: Int { chosen.values.reduce(0) { $0 + $1.pages } }
}

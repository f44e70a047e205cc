extension ScrapePass {
    /// The card of a recipe-card plugin (`CardAdapters`): ingredient groups that JSON-LD cannot
    /// express, and the recipe itself on pages without structured data.
    static let pluginCards = ScrapePass(name: "plugin cards") { draft in
        draft.card = RecipeCards.card(in: draft.page)
    }
}

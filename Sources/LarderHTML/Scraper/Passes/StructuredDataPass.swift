import LarderCore

extension ScrapePass {
    /// schema.org JSON-LD, else microdata, else the recipe a JavaScript framework keeps in its
    /// page state (`PageStateRecipes`, Inertia.js's `data-page` included), mapped through the schema.org mapper. Of several
    /// recipes the one with most ingredients wins (list pages link many, with few details
    /// each). With it, the sections an article node files the page under.
    static let structuredData = ScrapePass(name: "structured data") { draft in
        let graph = SchemaOrgMapper.Graph(JSONLDBlocks.values(of: draft.page.jsonLD))
        var recipes = graph.recipeNodes.compactMap { mapped($0, graph: graph, draft: &draft) }
        if recipes.isEmpty, case let microdata = Microdata.recipes(in: draft.page), !microdata.isEmpty {
            let graph = SchemaOrgMapper.Graph(microdata)
            recipes = graph.recipeNodes.compactMap { mapped($0, graph: graph, draft: &draft) }
            for index in recipes.indices { recipes[index].provenance.origin = .html }
        }
        // Inertia.js keeps its page state in an attribute, not a script: read only when nothing
        // better was found, as it takes a query over the page.
        let states = needsPageState(recipes) ? draft.document.pageState + PageStateRecipes.inertiaStates(in: draft.document) : []
        if !states.isEmpty {
            let found = PageStateRecipes.recipes(in: states)
            let graph = SchemaOrgMapper.Graph(found.recipes)
            let stateRecipes = graph.recipeNodes.compactMap { mapped($0, graph: graph, draft: &draft) }
            // A state too large to search whole may hold the recipe past where the search
            // stopped: the page fails naming the limit, rather than as a page without a recipe
            // or with what another source on it gave. A recipe found is whole (it is read
            // from its own object), so the page keeps it.
            if stateRecipes.isEmpty, let stoppedAt = found.stoppedAt, draft.overLimit == nil { draft.overLimit = stoppedAt }
            if !stateRecipes.isEmpty {
                // The shell the server rendered still says what the state may leave out (the
                // yield, the times, the course): it fills the state's recipe, never overrides it.
                let shell = recipes.first
                recipes = stateRecipes.map { state in shell.map { RecipeShell.fill(state, from: $0) } ?? state }
            }
            for index in recipes.indices { recipes[index].provenance.origin = .html }
        }
        if let author = SchemaOrgMapper.anyAuthor(in: graph) {
            for index in recipes.indices where recipes[index].provenance.author == nil { recipes[index].provenance.author = author }
        }
        let chosen = recipes.indices.max { recipes[$0].ingredients.count < recipes[$1].ingredients.count }
        draft.structured = chosen.map { recipes[$0] }
        // The others a round-up page holds (`OtherRecipes`); a page state holds the site's
        // related recipes too, so only the page's own JSON-LD and microdata count.
        if states.isEmpty, let chosen {
            draft.otherStructured = recipes.indices.filter { $0 != chosen }.map { recipes[$0] }
        }
        draft.articleSections = SchemaOrgMapper.anySections(in: graph)
    }

    /// A recipe node as a recipe; nil for one the mapper refuses. One over a limit is kept in
    /// the draft, so the page fails with it rather than with another source's part of it.
    static func mapped(_ node: [String: JSONValue], graph: SchemaOrgMapper.Graph, draft: inout ScrapeDraft) -> Recipe? {
        do {
            return try SchemaOrgMapper.map(node, graph: graph, context: draft.context)
        } catch let exceeded as InputLimits.Exceeded {
            if draft.overLimit == nil { draft.overLimit = exceeded }
            return nil
        } catch {
            return nil
        }
    }

    /// The page state is read when the structured data gave no recipe, or only shells: pages
    /// that render on the client often keep microdata whose ingredients and steps their
    /// JavaScript fills in, and the state holds what it fills them with.
    static func needsPageState(_ recipes: [Recipe]) -> Bool {
        recipes.allSatisfy { $0.ingredients.isEmpty && $0.steps.isEmpty }
    }
}

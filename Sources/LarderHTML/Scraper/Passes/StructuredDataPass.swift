import LarderCore

extension ScrapePass {
    /// schema.org JSON-LD, else microdata, else the recipe a JavaScript framework keeps in its
    /// page state (`PageStateRecipes`), mapped through the schema.org mapper. Of several
    /// recipes the one with most ingredients wins (list pages link many, with few details
    /// each). With it, the sections an article node files the page under.
    static let structuredData = ScrapePass(name: "structured data") { draft in
        let graph = SchemaOrgMapper.Graph(JSONLDBlocks.values(of: draft.page.jsonLD))
        var recipes = graph.recipeNodes.compactMap { try? SchemaOrgMapper.map($0, graph: graph, context: draft.context) }
        if recipes.isEmpty, let microdata = Microdata.recipe(in: draft.page) {
            let graph = SchemaOrgMapper.Graph([microdata])
            recipes = graph.recipeNodes.compactMap { try? SchemaOrgMapper.map($0, graph: graph, context: draft.context) }
            for index in recipes.indices { recipes[index].provenance.origin = .html }
        }
        if recipes.isEmpty, !draft.document.pageState.isEmpty {
            let graph = SchemaOrgMapper.Graph(PageStateRecipes.recipes(in: draft.document.pageState))
            recipes = graph.recipeNodes.compactMap { try? SchemaOrgMapper.map($0, graph: graph, context: draft.context) }
            for index in recipes.indices { recipes[index].provenance.origin = .html }
        }
        if let author = SchemaOrgMapper.anyAuthor(in: graph) {
            for index in recipes.indices where recipes[index].provenance.author == nil { recipes[index].provenance.author = author }
        }
        draft.structured = recipes.max { $0.ingredients.count < $1.ingredients.count }
        draft.articleSections = SchemaOrgMapper.anySections(in: graph)
    }
}

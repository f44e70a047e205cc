import LarderCore

extension ScrapePass {
    /// The recipe from what the sources said: the structured data's, with the card's groups
    /// and what the structured data left out; else the card's. Then the groups the page shows
    /// for lines the structured data lists flat.
    static let ingredientLines = ScrapePass(name: "ingredient lines") { draft in
        if var recipe = draft.structured {
            if let card = draft.card {
                if cardReplacesStructuredLines(recipe, card: card) {
                    recipe.ingredientGroups = card.modelIngredientGroups
                } else {
                    adoptGroups(from: card, into: &recipe)
                }
                if recipe.instructionSections.isEmpty { recipe.instructionSections = card.modelInstructionSections }
            }
            completeFromPage(&recipe, page: draft.page)
            draft.recipe = recipe
        } else if let card = draft.card {
            var recipe = Recipe(title: card.title ?? draft.page.firstHeading ?? "")
            recipe.provenance = Provenance(sourceURL: draft.pageURL, site: draft.pageURL.flatMap(SourceURL.host(of:)), origin: .html,
                                           input: draft.context.input, importedAt: draft.context.importedAt)
            recipe.ingredientGroups = card.modelIngredientGroups
            recipe.instructionSections = card.modelInstructionSections
            splitTitleLines(&recipe)
            draft.recipe = recipe
        }
        guard var recipe = draft.recipe else { return }
        // The page's other lists beside the one the lines were read from ("Dans votre cuisine":
        // salt, oil, stock), which the structured data or the page's first list left out.
        if let more = SiblingLists.lines(besides: recipe.ingredients, in: draft.page), !recipe.ingredientGroups.isEmpty {
            recipe.ingredientGroups[recipe.ingredientGroups.count - 1].ingredients += more.map { Ingredient(line: $0) }
        }
        // A first group named after the dish itself ("Lemon cake" above the cake's lines) names
        // no part of it.
        if let name = recipe.ingredientGroups.first?.name, name.comparisonKey == recipe.title.comparisonKey {
            recipe.ingredientGroups[0].name = nil
        }
        recipe.instructionSections = StepNumbering.cleaned(recipe.instructionSections)
        draft.recipe = recipe
    }

    /// The card's lines replace the structured data's when the structured data has none (some
    /// sites publish JSON-LD with empty ingredient lists), or only one that the card's lines
    /// spell out: the dish's main ingredient ("Chicken") or its lines glued into one
    /// ("Cheese, Pasta, Za'atar"), beside a card that lists three or more.
    static func cardReplacesStructuredLines(_ recipe: Recipe, card: RecipeCard) -> Bool {
        let lines = recipe.ingredients
        if lines.isEmpty { return true }
        return lines.count == 1 && card.ingredientCount >= 3 && card.expands(lines[0].line)
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

    /// What the page shows of structured ingredient lines that the structured data lost: the
    /// lines themselves, their amounts, and the groups they stand in.
    static func completeFromPage(_ recipe: inout Recipe, page: PageIndex) {
        // Only the titles of the recipe's parts, whose lines the page lists under them.
        if recipe.ingredientGroups.count == 1, let groups = TitleOnlyLines.groups(for: recipe.ingredientGroups[0].ingredients, in: page) {
            recipe.ingredientGroups = groups
            return
        }
        if let full = LeftOutAmounts.lines(for: recipe.ingredientGroups.flatMap(\.ingredients), in: page) {
            var next = full.makeIterator()
            for group in recipe.ingredientGroups.indices {
                for index in recipe.ingredientGroups[group].ingredients.indices {
                    recipe.ingredientGroups[group].ingredients[index] = Ingredient(line: next.next()!)
                }
            }
        }
        // Group titles written as plain lines, which the page shows as titles (bold over a line
        // break, headings): found first, as the page shows every one of them, where the words
        // alone tell only some (`Sauce` names a part of a dish; `Meatballs` over its lines,
        // in bold as `Sauce` is, names one no word list knows). Lines the page does not show
        // so may still title by their words (`For the glaze:`).
        if recipe.ingredientGroups.count == 1, recipe.ingredientGroups[0].name == nil,
           let groups = HeadingLines.groups(of: recipe.ingredientGroups[0].ingredients, in: page) {
            recipe.ingredientGroups = IngredientHeading.splitGroups(groups, asWritten: true)
            return
        }
        splitTitleLines(&recipe)
        guard recipe.ingredientGroups.count == 1, recipe.ingredientGroups[0].name == nil else { return }
        // Else, when no card named the groups, the headings the page shows the lines under.
        if let groups = IngredientGroupInference.groups(of: recipe.ingredientGroups[0].ingredients, in: page) {
            recipe.ingredientGroups = groups
        }
    }

    /// Sites write group titles as lines ("For the glaze:", "FROSTING").
    static func splitTitleLines(_ recipe: inout Recipe) {
        guard recipe.ingredientGroups.count == 1, recipe.ingredientGroups[0].name == nil else { return }
        recipe.ingredientGroups = IngredientHeading.splitGroups(recipe.ingredientGroups, asWritten: true)
    }
}

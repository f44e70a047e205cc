import LarderCore

/// Some sites fill the structured data's ingredient list with the titles of the recipe's parts
/// ("Biscuit", "Ganache", "Syrup") and show the lines themselves only on the page, each part's
/// list after its title. The page's lists are taken instead, grouped by those titles.
enum TitleOnlyLines {
    /// Heading tags a part's title is set in on the page.
    static let headingTags: Set<String> = ["h2", "h3", "h4", "h5", "h6"]

    static func groups(for ingredients: [Ingredient], in page: PageIndex) -> [IngredientGroup]? {
        // Titles are short and hold no amount; a list with one amount is a list of ingredients.
        guard ingredients.count >= 2, ingredients.allSatisfy({ looksLikeTitle($0.line) }) else { return nil }
        let keys = ingredients.map(\.line.comparisonKey)
        let headings = HeadingLines.elements(saying: Set(keys), in: page).filter { headingTags.contains($0.name) }
        // Each title on the page, in the structured data's order.
        var remaining = headings[...]
        var groups: [IngredientGroup] = []
        for (ingredient, key) in zip(ingredients, keys) {
            guard let found = remaining.firstIndex(where: { $0.text.comparisonKey == key }) else { return nil }
            let lines = linesAfter(remaining[found])
            guard !lines.isEmpty else { return nil }
            groups.append(IngredientGroup(name: TextCleaner.line(ingredient.line), ingredients: lines.map { Ingredient(line: $0) }))
            remaining = remaining[(found + 1)...]
        }
        // The page's lists must say more than the titles did: most of their lines hold amounts.
        let lines = groups.flatMap(\.ingredients)
        let withAmounts = lines.filter { $0.line.unicodeScalars.contains { $0.properties.numericType != nil } }.count
        return withAmounts * 2 > lines.count ? groups : nil
    }

    static func looksLikeTitle(_ line: String) -> Bool {
        !line.isEmpty && line.count <= 40 && !line.unicodeScalars.contains { $0.properties.numericType != nil }
    }

    /// The list items, else the paragraphs, of the elements after the title and before the
    /// next heading, inside the title's parent.
    static func linesAfter(_ title: HTMLElement) -> [String] {
        var lines: [String] = []
        var sibling = title.nextSibling
        while let current = sibling, current.headingLevel == nil {
            var items = current.descendants { $0.isNamed("li") }
            if items.isEmpty { items = current.name == "p" ? [current] : current.descendants { $0.isNamed("p") } }
            lines += items.map { IngredientLineCleaner.clean($0.text) }.filter { !$0.isEmpty }
            sibling = current.nextSibling
        }
        return lines
    }
}

import LarderCore

/// The last resort for pages with neither structured data nor a known recipe card: a list after
/// a heading such as "Ingredients" / "Zutaten" / "Ingrédients", and an ordered list (or the
/// paragraphs) after "Instructions" / "Method" / "Directions".
enum PageHeuristics {
    /// Elements that may title a section: headings and any short element of text.
    static let headingPath = "//h1|//h2|//h3|//h4|//h5|//h6|//strong|//b|//em|//dt|//p|//span|//div[not(*)]|//label|//th|//td"

    static func card(in document: HTMLDocument) -> RecipeCard? {
        var ingredients: [String] = []
        var steps: [String] = []
        var bestScore = 0.0
        for heading in document.elements(matching: headingPath) {
            // Cheap length check on libxml2's text before building the readable text.
            guard heading.rawText.utf8.count < 120, let section = SectionWords.section(of: heading.text) else { continue }
            if section == .ingredients {
                // Menus and widgets also say "Ingredients"; the list that reads most like
                // ingredient lines (amounts, short lines) wins.
                let items = listItems(after: heading)
                let score = ingredientLikeness(items)
                if score > bestScore {
                    bestScore = score
                    ingredients = items
                }
            } else if steps.isEmpty {
                steps = listItems(after: heading)
                if steps.isEmpty { steps = paragraphs(after: heading) }
            }
        }
        // Containers the page itself names (`class="ingredients"`, `id="instructions"`):
        // their list items, or their repeated children.
        for items in namedContainers(containing: ["ingredient", "zutat", "ingrediente", "hozzaval"], in: document) {
            let score = ingredientLikeness(items)
            if score > bestScore {
                bestScore = score
                ingredients = items
            }
        }
        if steps.isEmpty {
            steps = namedContainers(containing: ["instruction", "direction", "method", "preparation", "step", "zubereitung", "elaboracion"], in: document)
                .filter { $0.count >= 1 && $0.count <= 60 }
                .max { $0.reduce(0) { $0 + $1.count } < $1.reduce(0) { $0 + $1.count } } ?? []
        }
        guard ingredients.count >= 2 else { return nil }
        var card = RecipeCard()
        card.ingredientGroups = [(nil, ingredients)]
        if !steps.isEmpty { card.instructionSections = [(nil, steps)] }
        return card
    }

    /// The lines of every element whose class or id holds one of `words`: its list items when
    /// it has any, else the text of its child elements. Sized like a recipe's list (2 to 80
    /// lines), so a page-wide wrapper that happens to match is passed over.
    static func namedContainers(containing words: [String], in document: HTMLDocument) -> [[String]] {
        let lowered = "translate(concat(@class,' ',@id),'ABCDEFGHIJKLMNOPQRSTUVWXYZ','abcdefghijklmnopqrstuvwxyz')"
        let test = words.map { "contains(\(lowered),'\($0)')" }.joined(separator: " or ")
        var result: [[String]] = []
        // Menus name ingredients too (`menu-item-object-ingredient`). Their `nav` cannot be
        // relied on: libxml2's HTML parser, which predates HTML5, often nests the page in it.
        let outsideMenus = "not(contains(\(lowered),'menu'))"
        let xpath = "//*[self::ul or self::ol or self::div or self::section or self::table][\(test)][\(outsideMenus)]"
        for container in document.elements(matching: xpath).prefix(300) {
            var items = container.elements(matching: ".//li").map { TextCleaner.line($0.text) }
            if items.isEmpty {
                items = container.elements(matching: "./*|./*/tr").map { TextCleaner.line($0.text) }
            }
            items = items.filter { !$0.isEmpty && SectionWords.section(of: $0) == nil }
            if (2...80).contains(items.count), items.allSatisfy({ $0.count < 600 }) { result.append(items) }
        }
        return result
    }

    /// Share of lines that carry a number or a fraction and are not too long, plus a little
    /// for the list's length.
    static func ingredientLikeness(_ items: [String]) -> Double {
        guard items.count >= 2 else { return 0 }
        let looking = items.filter { line in line.count < 160 && line.contains { $0.isNumber } }.count
        return Double(looking) / Double(items.count) + min(Double(items.count), 30) / 1000
    }

    /// The items of the first list that follows the heading.
    static func listItems(after heading: HTMLElement) -> [String] {
        guard let list = heading.elements(matching: "following::*[self::ul or self::ol][1]").first else { return [] }
        return list.elements(matching: "./li").map { TextCleaner.line($0.text) }.filter { !$0.isEmpty }
    }

    /// Paragraphs after the heading's block, up to the next heading.
    static func paragraphs(after heading: HTMLElement) -> [String] {
        var block = heading
        while !["h1", "h2", "h3", "h4", "h5", "h6", "p", "div"].contains(block.name), let parent = block.parent { block = parent }
        var result: [String] = []
        var sibling = block.nextSibling
        while let current = sibling, result.count < 40 {
            if current.name.hasPrefix("h") && current.name.count == 2 { break }
            if current.name == "p" {
                let text = TextCleaner.line(current.text)
                if !text.isEmpty { result.append(text) }
            }
            sibling = current.nextSibling
        }
        return result
    }
}

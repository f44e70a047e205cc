import LarderCore

/// The last resort for pages with neither structured data nor a known recipe card: a list after
/// a heading such as "Ingredients" / "Zutaten" / "Ingrédients", and an ordered list (or the
/// paragraphs) after "Instructions" / "Method" / "Directions".
enum PageHeuristics {
    static let headingPath = "//h1|//h2|//h3|//h4|//h5|//h6|//strong|//b|//dt|//p[string-length(normalize-space(.)) < 40]"

    static func card(in document: HTMLDocument) -> RecipeCard? {
        var ingredients: [String] = []
        var steps: [String] = []
        for heading in document.elements(matching: headingPath) {
            let key = SectionWords.normalized(heading.text)
            if ingredients.isEmpty, SectionWords.ingredients.contains(key) {
                ingredients = listItems(after: heading)
            } else if steps.isEmpty, SectionWords.instructions.contains(key) {
                steps = listItems(after: heading)
                if steps.isEmpty { steps = paragraphs(after: heading) }
            }
            if !ingredients.isEmpty && !steps.isEmpty { break }
        }
        guard !ingredients.isEmpty else { return nil }
        var card = RecipeCard()
        card.ingredientGroups = [(nil, ingredients)]
        if !steps.isEmpty { card.instructionSections = [(nil, steps)] }
        return card
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

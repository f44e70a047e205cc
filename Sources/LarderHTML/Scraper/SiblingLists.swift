import LarderCore

/// Some pages list a recipe's ingredients in more than one list inside its ingredients section,
/// each under a title of its own — what the box brings and what the cook's kitchen has ("Dans
/// votre box", "Dans votre cuisine"), the shop's and the pantry's — while their structured
/// data carries only the first list. The lists standing beside the one that holds the structured
/// lines, in the same element, each under its own short title, are the recipe's too: without
/// them the salt, the oil and the stock cube would be lost without a word.
enum SiblingLists {
    /// The lines of those lists that the structured data does not have, in page order; nil when
    /// the page has no such list.
    static func lines(besides ingredients: [Ingredient], in page: PageIndex) -> [String]? {
        let keys = ingredients.map(\.line.comparisonKey).filter { !$0.isEmpty }
        // The first list under a part's title ("Dans votre box"): under the section's own title
        // ("Ingredients"), the lists beside it are other sections (comments, the tools).
        guard keys.count >= 2, let list = listHolding(keys, in: page), let parent = list.parent,
              let first = title(before: list), SectionWords.section(of: first) == nil else { return nil }
        // The lists beside it, or beside the element around it (the first list often stands in
        // a block of its own with its notes), up to two levels up: still the ingredients section.
        var block = list
        var container: HTMLElement? = parent
        for _ in 0..<levels {
            guard let around = container else { break }
            var lines: [String] = []
            for sibling in around.children where sibling != block && isList(sibling) {
                guard let title = title(before: sibling), !SectionWords.isOtherPart(title),
                      SectionWords.section(of: title) != .instructions, let items = plainItems(of: sibling),
                      // A list of which the structured data has lines is one it carries (a part's
                      // lines, written a little longer on the page): nothing was left out of it.
                      !items.contains(where: { isOneOf(keys, $0.comparisonKey) }) else { continue }
                lines += items
            }
            if !lines.isEmpty { return lines }
            block = around
            container = around.parent
        }
        return nil
    }

    /// How far up from the list the search goes.
    static let levels = 3

    static func isList(_ element: HTMLElement) -> Bool {
        element.name == "ul" || element.name == "ol"
    }

    /// The list whose items are the structured lines: most of them in it, and most of its items
    /// among them (a list item may say a little more than its line: "4x gousse d'ail (16g)").
    static func listHolding(_ keys: [String], in page: PageIndex) -> HTMLElement? {
        var counts: [HTMLElement: (items: Int, matched: Int)] = [:]
        var order: [HTMLElement] = []
        for item in page.listItems {
            guard let list = item.parent, isList(list) else { continue }
            if counts[list] == nil { order.append(list) }
            let matches = isOneOf(keys, ComparisonKeys.key(of: item, under: 600) ?? "")
            counts[list, default: (0, 0)].items += 1
            if matches { counts[list, default: (0, 0)].matched += 1 }
        }
        return order.first { list in
            let count = counts[list]!
            return count.matched * 5 >= keys.count * 4 && count.matched * 5 >= count.items * 4
        }
    }

    /// Whether a list item (its key) is one of the structured lines: it says one of them, and
    /// a little more at most ("4 oz cream cheese (4 oz = 1/2 cup)").
    static func isOneOf(_ keys: [String], _ itemKey: String) -> Bool {
        guard !itemKey.isEmpty else { return false }
        // Keys are folded the same way, so a byte search (`containsBytes`) finds what a string
        // search would; it runs for every list item of a page against every line, where
        // Foundation's search was a tenth of a scrape's time. The byte lengths rule out most
        // pairs before any search (a character is at most 4 bytes).
        let itemLength = itemKey.utf8.count
        return keys.contains { key in
            let length = key.utf8.count
            guard length <= itemLength, itemLength <= length + 24 * 4 else { return false }
            return itemKey.containsBytes(key) && itemKey.count <= key.count + 24
        }
    }

    /// The short title standing just before a list (`<p>Dans votre cuisine</p>`, or a heading
    /// inside the element before it: `<div><h2>Dans votre box</h2><p>2 personnes</p></div>`).
    static func title(before list: HTMLElement) -> String? {
        guard let previous = list.previousSibling, !isList(previous) else { return nil }
        let candidates = previous.headingLevel != nil || previous.name == "p" || previous.name == "strong" || previous.name == "span"
            ? [previous] : previous.elements(matching: "./h1|./h2|./h3|./h4|./h5|./h6")
        guard let element = candidates.first else { return nil }
        let text = TextCleaner.line(element.text)
        guard (2...40).contains(text.count), !text.hasSuffix("."), element.elements(matching: ".//li").isEmpty else { return nil }
        return text
    }

    /// The items' text, when each is a short line of text (an ingredient), not a block with
    /// paragraphs (an allergen or storage note) or a sentence.
    static func plainItems(of list: HTMLElement) -> [String]? {
        let items = list.children.filter { $0.name == "li" }
        guard (1...40).contains(items.count) else { return nil }
        var lines: [String] = []
        for item in items {
            guard item.elements(matching: ".//p|.//div|.//ul|.//ol|.//li").isEmpty else { return nil }
            let line = IngredientLineCleaner.clean(item.text)
            // A sentence is a step or a note, not an ingredient.
            guard !line.isEmpty, line.count <= 100, !line.hasSuffix(".") else { return nil }
            lines.append(line)
        }
        return lines
    }
}

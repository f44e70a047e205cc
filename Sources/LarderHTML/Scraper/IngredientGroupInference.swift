import LarderCore

/// Ingredient groups for a recipe whose structured data lists its lines flat, read off the
/// page: the same lines stand there as list items under headings ("For the glaze"). The
/// lines are found among the page's list items in order; the part of the page that holds
/// them is walked, and a short heading-like text between two of them starts a group.
enum IngredientGroupInference {
    /// What may title a group inside the ingredient area: these tags, and elements whose class
    /// names a group, a heading, a title or a section.
    static let headingTags: Set<String> = ["li", "h2", "h3", "h4", "h5", "h6", "strong", "b", "p", "dt"]
    static let headingClassWords: [StaticString] = ["group", "heading", "title", "section"]

    static func mayTitleGroup(_ node: HTMLNode) -> Bool {
        if headingTags.contains(node.name) { return true }
        var named = false
        node.forEachAttribute { name, value in
            if !named, name.equalsIgnoringCase("class") { named = headingClassWords.contains { value.contains($0, ignoringCase: false) } }
        }
        return named
    }

    /// The page's list items and their comparison keys; nil for a page with more than a
    /// recipe's worth of lists could explain.
    static func listItems(in page: PageIndex, atLeast count: Int) -> (items: [HTMLElement], keys: [String])? {
        items(page.listItems, atLeast: count)
    }

    /// The elements and their comparison keys; nil when too few or too many to hold a recipe's lines.
    static func items(_ items: [HTMLElement], atLeast count: Int) -> (items: [HTMLElement], keys: [String])? {
        guard items.count >= count, items.count < 5000 else { return nil }
        return (items, items.map { ComparisonKeys.key(of: $0, under: 600) ?? "" })
    }

    /// How many copies of the list are looked at, from the page's end back: pages show the
    /// list more than once (for phones and for wide screens, or again beside each step), and a
    /// copy without titles says nothing of the groups another copy shows.
    static let copiesTried = 3

    static func groups(of lines: [Ingredient], in page: PageIndex) -> [IngredientGroup]? {
        guard lines.count >= 3 else { return nil }
        let firstKey = lines[0].line.comparisonKey
        // List items first; paragraphs only for pages whose list items do not hold the lines,
        // which set each line as a `<p>` (`<span class="heading">Filling</span><p>2 pounds
        // strawberries</p><p>…`).
        for (elements, areLines) in [(page.listItems, true), (page.paragraphs, false)] {
            guard let (items, itemKeys) = items(elements, atLeast: lines.count) else { continue }
            // Most paragraphs are prose: searched only when half the lines stand as paragraphs
            // word for word, as the search compares each line with each paragraph.
            if !areLines {
                let keys = Set(itemKeys)
                guard lines.filter({ keys.contains($0.line.comparisonKey) }).count * 2 >= lines.count else { continue }
            }
            // Each copy begins with the first line: the search ends before the copy after it.
            let copyStarts = firstKey.isEmpty ? [] : itemKeys.indices.filter { itemKeys[$0] == firstKey }
            let ends = [itemKeys.count] + copyStarts.reversed().prefix(copiesTried - 1)
            var found = false
            for end in ends {
                switch groups(of: lines, items: items, keys: itemKeys, before: end) {
                case .grouped(let groups): return groups
                case .ungrouped: found = true
                case .notFound: break
                }
            }
            if found { return nil }
        }
        return nil
    }

    /// What a search for the lines among a page's items found.
    enum Search {
        /// The lines, with titles that group them.
        case grouped([IngredientGroup])
        /// The lines, with no titles among them.
        case ungrouped
        case notFound
    }

    /// The lines among the items before `end`, and the titles among them.
    static func groups(of lines: [Ingredient], items: [HTMLElement], keys allKeys: [String], before end: Int) -> Search {
        let itemKeys = Array(allKeys[..<end])
        // Exactly first; then nearly, for pages that show a line a little differently from the
        // structured data (metric amounts added, "Tbsp." for "tbsp").
        var matched = match(lines, in: itemKeys) { $0 == $1 }
        if matched.compactMap({ $0 }).count * 5 < lines.count * 4 {
            matched = match(lines, in: itemKeys) { TextSimilarity.similar($0, $1) }
        }
        let found = matched.compactMap { $0 }
        // Most lines found, and close together: lines matched all over the page (the post
        // names the ingredients in its own lists) are not the recipe's list.
        guard found.count * 5 >= lines.count * 4, let first = found.first, let last = found.last, last - first < lines.count * 2 + 4,
              let area = items[first].commonAncestor(with: items[last]) else { return .notFound }
        matched = fillingGaps(matched)
        let matchedItems = Set(matched.compactMap { $0 }.map { items[$0] })
        // Walk the area in document order: a heading names the items that follow it.
        var nameOfItem: [HTMLElement: String] = [:]
        var pending: String?
        for element in area.descendants(where: mayTitleGroup) {
            if matchedItems.contains(element) {
                nameOfItem[element] = pending
                continue
            }
            guard !isInside(element, oneOf: matchedItems, below: area) else { continue }
            let raw = element.rawText
            guard raw.utf8.count < 160 else { continue }
            let name = TextCleaner.line(element.text)
            guard isGroupName(name), !isPartOfLine(element, below: area) else { continue }
            pending = name
        }
        var groups: [IngredientGroup] = []
        for (line, index) in zip(lines, matched) {
            // A line not found on the page stays in the group of the line before it.
            let name = index.map { nameOfItem[items[$0]] } ?? groups.last?.name
            groups.append(line, toGroupNamed: name)
        }
        // One group is what the structured data said already; names must be told apart.
        guard groups.count >= 2, Set(groups.map { $0.name ?? "" }).count == groups.count else { return .ungrouped }
        return .grouped(groups)
    }

    /// The index of each line's item, searched backwards from the last line: a post often
    /// quotes a few lines in its text before the recipe card lists them all.
    static func match(_ lines: [Ingredient], in itemKeys: [String], _ same: (String, String) -> Bool) -> [Int?] {
        var matched: [Int?] = []
        var cursor = itemKeys.count
        for line in lines.reversed() {
            let key = line.line.comparisonKey
            guard !key.isEmpty, let found = itemKeys[..<cursor].lastIndex(where: { same($0, key) }) else {
                matched.append(nil)
                continue
            }
            matched.append(found)
            cursor = found
        }
        return matched.reversed()
    }

    /// Lines not found between two that were, when exactly as many list items stand between
    /// those two on the page: they are those items, written differently on the page ("1 kg
    /// potatis" shown as "1 kg potatis – mjölig sort"). Without this such a line would take the
    /// group of the line before it even when it opens the next group.
    static func fillingGaps(_ matched: [Int?]) -> [Int?] {
        var filled = matched
        var index = 0
        while index < filled.count {
            guard filled[index] == nil, index > 0, let before = filled[index - 1] else {
                index += 1
                continue
            }
            var end = index
            while end < filled.count, filled[end] == nil { end += 1 }
            if end < filled.count, let after = filled[end], after - before - 1 == end - index {
                for gap in index..<end { filled[gap] = before + 1 + (gap - index) }
            }
            index = end
        }
        return filled
    }

    /// Group titles are short words ("For the glaze:"): no amounts (a line the structured data
    /// wrote differently), no sentences (a note), no section title ("Ingredients"), though the
    /// section's word may open a group's title ("Zutaten für den Teig", "Ingredients for the
    /// salad").
    static func isGroupName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 60, name.contains(where: \.isLetter), !name.hasSuffix("."), !name.hasSuffix(":") || name.count > 1,
              !name.unicodeScalars.contains(where: { $0.properties.numericType != nil }) else { return false }
        // Other sections of a card, and the unit switch many cards carry ("cups | grams").
        switch SectionWords.section(of: name) {
        case nil: return !SectionWords.isOtherPart(name) && !isMeasure(name)
        case .ingredients: return !SectionWords.titlesWholeSection(name)
        case .instructions: return false
        }
    }

    /// A unit one measures in, which converts ("Cups", "Grams": what unit switches say). Other
    /// units are also the parts of a dish: "Cake" over the cake's lines, "Drizzle", "Steak".
    static func isMeasure(_ name: String) -> Bool {
        guard let unit = UnitVocabulary.canonical(SectionWords.normalized(name)) else { return false }
        return MeasureUnit.named(unit) != nil
    }

    /// Whether the element is only a part of a list item's line: pages that set a line's amount
    /// apart (`<li><span>¼</span><p>cup olive oil</p></li>`) hold its words in an element of
    /// their own, which is no title when the line was written differently in the structured
    /// data ("1/4 cup olive oil") and so not matched. A title set in a list item of its own
    /// (`<li><b>For the sauce</b></li>`) is all of its item's text, and one above a list of its
    /// own (`<li><h4>Sauce</h4><ul>…</ul></li>`) titles a group, not a line.
    static func isPartOfLine(_ element: HTMLElement, below area: HTMLElement) -> Bool {
        var ancestor = element.parent
        while let current = ancestor, current != area {
            if current.name == "li" {
                return !current.hasDescendant { $0.isNamed("li") } && current.text.comparisonKey != element.text.comparisonKey
            }
            ancestor = current.parent
        }
        return false
    }

    /// Whether `element` sits inside one of the matched items (bold amounts inside a line).
    static func isInside(_ element: HTMLElement, oneOf items: Set<HTMLElement>, below area: HTMLElement) -> Bool {
        var parent = element.parent
        while let current = parent, current != area {
            if items.contains(current) { return true }
            parent = current.parent
        }
        return false
    }
}

import LarderCore

/// Group titles that a site wrote among its structured ingredient lines with nothing to tell
/// them apart ("Sauce", "Apple slaw"), found by how the page shows them: as a heading or a
/// title of their own, where the ingredients are list lines.
enum HeadingLines {
    /// Class words of elements that title a group.
    static let titleClassWords = ["title", "heading", "group-head", "group-name", "subhead"]

    /// The elements whose own text says one of `keys`: of the page's runs of text, only the
    /// short ones whose first letter is the first letter of a key are looked at closer.
    static func elements(saying keys: Set<String>, in page: PageIndex) -> [HTMLElement] {
        let firsts = Set(keys.compactMap(\.unicodeScalars.first))
        let asciiFirsts = Set(firsts.filter(\.isASCII).map { UInt8($0.value) })
        let anyNonASCII = firsts.contains { !$0.isASCII }
        var hits: [HTMLElement] = []
        for run in page.texts where run.length < 80 {
            let byte = run.firstKeyByte
            guard byte != 0, asciiFirsts.contains(byte) || byte == 0xFF && anyNonASCII else { continue }
            if byte == 0xFF {
                guard let first = run.text.comparisonKey.unicodeScalars.first, firsts.contains(first) else { continue }
            }
            // The text may be the whole of a bold or heading element, or of its parent.
            guard let element = run.element, keys.contains(element.text.comparisonKey) else { continue }
            if hits.last != element { hits.append(element) }
        }
        return hits
    }

    /// Headings, bold text and elements named for titles. Inside a list item, only bold text
    /// that is all of its item and names no unit (`<li><strong>Sauce</strong></li>`, a title
    /// written among the lines); a name in bold in a line, or a whole line in bold
    /// (`<li><b>pinch of salt</b></li>`), is still an ingredient.
    static func looksLikeTitle(_ element: HTMLElement) -> Bool {
        var ancestor = element.parent
        while let current = ancestor {
            if current.name == "li" {
                guard RecipeCards.boldTags.contains(element.name), current.text.comparisonKey == element.text.comparisonKey else { return false }
                return IngredientParser.parse(TextCleaner.line(element.text)).unit == nil
            }
            ancestor = current.parent
        }
        if RecipeCards.headingTags.contains(element.name) || RecipeCards.boldTags.contains(element.name) { return true }
        let classes = (element.attribute("class") ?? "").lowercased()
        return titleClassWords.contains(where: classes.contains)
    }

    static func groups(of lines: [Ingredient], in page: PageIndex) -> [IngredientGroup]? {
        // A title has no amount, is short, and has lines after it.
        let candidates = lines.indices.dropLast().filter { index in
            let line = lines[index].line
            return line.count <= 60 && !line.unicodeScalars.contains { $0.properties.numericType != nil }
                && !IngredientHeading.commonSingleIngredients.contains(line.lowercased())
        }
        guard !candidates.isEmpty, lines.count >= 3 else { return nil }
        // Each candidate's key, and the key of the line after it.
        var nextKey: [String: String] = [:]
        for index in candidates { nextKey[lines[index].line.comparisonKey] = lines[index + 1].line.comparisonKey }
        var titles = Set<String>()
        for element in elements(saying: Set(nextKey.keys), in: page) where looksLikeTitle(element) {
            let key = element.text.comparisonKey
            guard let next = nextKey[key], !next.isEmpty, !titles.contains(key), standsAlone(element, key: key),
                  isFollowed(element, by: next, key: key) else { continue }
            titles.insert(key)
        }
        guard !titles.isEmpty else { return nil }
        let groups = IngredientHeading.split(IngredientGroup(ingredients: lines)) { index, line in
            candidates.contains(index) && titles.contains(line.line.comparisonKey) ? TextCleaner.line(line.line) : nil
        }
        return groups.count >= 2 || groups.first?.name != nil ? groups : nil
    }

    /// A title is a line of its own: all the text of its block, or bold words that a line
    /// break ends (`<p><b>Sauce</b><br>2 eggs<br>…`). A name in bold inside an ingredient's line
    /// is not a title.
    static func standsAlone(_ element: HTMLElement, key: String) -> Bool {
        var block = element
        while !SectionReader.blockTags.contains(block.name), let parent = block.parent { block = parent }
        // One of a run of like blocks (`<div class="item">`) is a line, bold or not.
        if let classes = block.attribute("class"), !classes.isEmpty, block.nextSibling?.attribute("class") == classes { return false }
        if block.text.comparisonKey == key { return true }
        guard RecipeCards.boldTags.contains(element.name) else { return false }
        var sibling = element.nextNode
        while let current = sibling, let text = current.textContent, text.allSatisfy({ $0.isWhitespace || $0 == "\u{00A0}" }) {
            sibling = current.nextNode
        }
        return sibling?.name == "br"
    }

    /// Whether the page shows the next structured line right after the title: a title
    /// among the ingredients, not the same words in bold in the post ("a <b>pinch of salt</b>").
    static func isFollowed(_ title: HTMLElement, by next: String, key: String) -> Bool {
        var ancestor = title.parent
        for _ in 0..<3 {
            guard let current = ancestor else { return false }
            let text = current.text.comparisonKey
            guard text.count < 4000 else { return false }
            if let own = text.range(of: key), let following = text.range(of: next, range: own.upperBound..<text.endIndex) {
                // Right after, give or take a checkbox's or a bullet's worth of text.
                return text.distance(from: own.upperBound, to: following.lowerBound) <= 20
            }
            ancestor = current.parent
        }
        return false
    }
}

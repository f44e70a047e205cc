import LarderCore

/// Some sites' structured data names the ingredients and leaves their amounts out ("Kopfsalat",
/// "grüne Bohnen") while the page lists them in full ("1 Kopfsalat", "200 g grüne Bohnen").
/// A recipe without its amounts cannot be cooked; the page's lines are taken instead, when
/// each structured line is found in one of them, in order.
enum LeftOutAmounts {
    static func lines(for ingredients: [Ingredient], in page: PageIndex) -> [String]? {
        // Most lines without a number: amounts were left out.
        let withoutAmount = ingredients.filter { !hasNumber($0.line) }.count
        guard ingredients.count >= 2, withoutAmount * 2 > ingredients.count else { return nil }
        guard let lines = listItemLines(for: ingredients, in: page) ?? rowLines(for: ingredients, in: page) else { return nil }
        // Only worth it when the page says more: its lines hold the numbers.
        guard lines.filter(hasNumber).count > ingredients.count - withoutAmount else { return nil }
        return lines
    }

    static func hasNumber(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.numericType != nil }
    }

    /// The list items that hold the lines, a little longer than each.
    static func listItemLines(for ingredients: [Ingredient], in page: PageIndex) -> [String]? {
        guard let (items, itemKeys) = IngredientGroupInference.listItems(in: page, atLeast: ingredients.count) else { return nil }
        let matched = IngredientGroupInference.match(ingredients, in: itemKeys) { item, line in
            !line.isEmpty && item.count <= line.count + 24 && item.contains(line)
        }
        let found = matched.compactMap { $0 }
        guard found.count == ingredients.count, let first = found.first, let last = found.last, last - first < ingredients.count * 2 + 4 else { return nil }
        return found.map { IngredientLineCleaner.clean(items[$0].text) }
    }

    /// How much longer than the structured line its row may be: an amount, a unit and a note.
    static let rowSlack = 24

    /// Lines the page sets out in parts rather than as list items: the amount and the name in
    /// elements side by side (`<div class="ingredient"><div>80 ml</div><div>soy sauce</div></div>`,
    /// a table row of cells). Each structured line's row is the largest element around its
    /// words that is a little longer than they are and holds no other line's words; the rows
    /// follow one another on the page, in the structured data's order.
    static func rowLines(for ingredients: [Ingredient], in page: PageIndex) -> [String]? {
        let keys = ingredients.map(\.line.comparisonKey)
        guard !keys.contains(where: \.isEmpty) else { return nil }
        // Each place the first line's row stands may start the list: words of the first line
        // also stand elsewhere (a menu, a teaser), sometimes beside a number.
        var start = 0
        for _ in 0..<maxStarts {
            guard let (firstRun, firstRow) = nextRow(for: 0, keys: keys, in: page.texts, from: start, after: nil) else { return nil }
            start = firstRun + 1
            var rows = [firstRow]
            var cursor = start
            for index in keys.indices.dropFirst() {
                guard let (run, row) = nextRow(for: index, keys: keys, in: page.texts, from: cursor, after: rows.last) else { break }
                rows.append(row)
                cursor = run + 1
            }
            // Close together: one list, not words found all over the page.
            if rows.count == keys.count, cursor - firstRun < keys.count * 12 + 12 {
                return rows.map { IngredientLineCleaner.clean(ItemText.of($0)) }
            }
        }
        return nil
    }

    /// How many places of the first line are tried.
    static let maxStarts = 8

    /// The first row of line `index` from the run at `from` on: the run's index and the row.
    static func nextRow(for index: Int, keys: [String], in texts: [PageIndex.TextRun], from: Int, after previous: HTMLElement?) -> (Int, HTMLElement)? {
        let key = keys[index]
        let others = keys.filter { $0 != key && !key.contains($0) }
        var cursor = from
        while cursor < texts.count {
            let run = texts[cursor]
            defer { cursor += 1 }
            // A heading or the page's title that says the line's words ("Zucchini lasagna")
            // names the dish.
            guard run.length < 200, let element = run.element, element.headingLevel == nil, element.name != "title" else { continue }
            let runKey = run.text.comparisonKey
            guard runKey.count <= key.count + rowSlack, runKey.contains(key) else { continue }
            if let row = row(around: element, key: key, others: others), row != previous { return (cursor, row) }
        }
        return nil
    }

    /// The largest element from `element` up whose text is a little longer than `key` and
    /// holds none of `others`: the line's row, with its amount when the page gives one ("Oil
    /// for frying" has none).
    static func row(around element: HTMLElement, key: String, others: [String]) -> HTMLElement? {
        var current = element
        var row: HTMLElement?
        for _ in 0..<6 {
            let currentKey = current.text.comparisonKey
            guard currentKey.count <= key.count + rowSlack, !others.contains(where: { currentKey.contains($0) }) else { break }
            row = current
            guard let parent = current.parent, parent.name != "body" else { break }
            current = parent
        }
        return row
    }
}

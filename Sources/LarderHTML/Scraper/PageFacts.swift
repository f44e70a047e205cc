import LarderCore

/// Yield and times written as labelled text on the page ("Serves 4", "Prep Time 15 mins",
/// "Gesamtzeit: 1 Std."), for recipes whose markup leaves them out.
enum PageFacts {
    enum Fact: CaseIterable { case yield, prep, cook, total }

    static let labels: [Fact: [String]] = [
        .yield: ["serves", "serve", "servings", "serving", "yield", "yields", "makes", "portions", "portionen", "personen", "porties", "personnes",
                 "portions", "porciones", "porções", "porzioni", "porsjoner", "portioner", "rendimiento", "rendement", "dosi per", "dosi", "porcje",
                 "liczba porcji", "rendimento", "antal", "antal personer", "aantal personen"],
        .prep: ["prep time", "prep", "preparation time", "preparation", "active time", "zubereitungszeit", "vorbereitungszeit",
                "temps de préparation", "préparation", "tiempo de preparación", "tempo de preparo", "voorbereidingstijd", "bereidingstijd",
                "tempo di preparazione", "preparazione", "czas przygotowania", "arbejdstid", "forberedelsestid", "tilberedningstid", "förberedelsetid",
                "tempo de preparação", "preparación", "preparação"],
        .cook: ["cook time", "cooking time", "cook", "bake time", "baking time", "kochzeit", "backzeit", "garzeit", "temps de cuisson",
                "cuisson", "tiempo de cocción", "tempo de cozimento", "kooktijd", "baktijd", "tempo di cottura", "cottura", "czas pieczenia",
                "czas gotowania", "tillagningstid", "koketid", "bagetid", "ovntid", "cocción", "cocinado", "cozimento"],
        .total: ["total time", "total", "time", "ready in", "gesamtzeit", "temps total", "tiempo total", "tempo total", "totale tijd", "total tid", "tempo totale", "czas całkowity",
                 "samlet tid", "totaltid", "tid i alt"],
    ]

    /// The first three letters of every label, for the quick search.
    static let prefixes = searchPrefixes(labels.values.flatMap { $0 })

    /// The first three letters of the ingredients' section titles, which often say the yield
    /// ("Zutaten für 4 Personen").
    static let titlePrefixes = searchPrefixes(SectionWords.ingredients)

    /// The first three letters of words that start with three ASCII ones, as the quick search
    /// (`PageIndex.elements(withTextStartingWith:)`) compares them.
    static func searchPrefixes<Words: Sequence>(_ words: Words) -> Set<String> where Words.Element == String {
        Set(words.compactMap { word in word.count >= 3 && word.unicodeScalars.prefix(3).allSatisfy(\.isASCII) ? String(word.prefix(3)) : nil })
    }

    /// The facts the page states, for the kinds asked for.
    static func find(_ wanted: Set<Fact>, in page: PageIndex) -> [Fact: String] {
        guard !wanted.isEmpty else { return [:] }
        var found: [Fact: String] = [:]
        let searched = wanted.contains(.yield) ? prefixes.union(titlePrefixes) : prefixes
        for element in page.elements(withTextStartingWith: searched, orDigit: wanted.contains(.yield)) {
            // The choices of a form control (a servings selector's `<option>1 Person</option>`)
            // are what a reader may pick, not what the recipe states.
            guard element.rawText.utf8.count < 120, !["option", "select", "button"].contains(element.name) else { continue }
            // Facts written one per line in one paragraph ("Prep: 10 mins<br>Serves 4"), or in a
            // row ("Serves 4 | Prep 10 min").
            for line in TextCleaner.block(element.text).split(whereSeparator: { $0 == "\n" || $0 == "|" }) {
                take(String(line), element: element, wanted: wanted, into: &found)
            }
            if found.count == wanted.count { break }
        }
        return found
    }

    /// One line of text: a label and its value ("Serves 4", "Prep: 10 mins"), or a count of
    /// servings ("4 portioner").
    static func take(_ line: String, element: HTMLElement, wanted: Set<Fact>, into found: inout [Fact: String]) {
        let text = TextCleaner.line(line)
        guard text.count < 60 else { return }
        let lower = text.lowercased()
        // "4 portioner", "2 - 4 porcje": the number first, then a word for servings.
        if lower.first?.isNumber == true {
            guard found[.yield] == nil, wanted.contains(.yield) else { return }
            if isServingCount(lower) {
                found[.yield] = text
            } else if lower.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "–" || $0 == " " }) {
                // The number alone, its word in the next element (`<b>4</b> <p>Servings</p>`).
                let around = element.parent.map { TextCleaner.line($0.text) } ?? ""
                if around.hasPrefix(text), isServingCount(around.lowercased()) {
                    found[.yield] = around
                } else if FactMarkup.namesServings(around: element) {
                    found[.yield] = text + " servings"
                }
            }
            return
        }
        if found[.yield] == nil, wanted.contains(.yield), let tail = SectionWords.ingredientsTitleTail(text),
           let yield = YieldParser.parse(tail), yield.quantity != nil, yield.unit == "servings" {
            found[.yield] = tail
            return
        }
        for fact in wanted where found[fact] == nil {
            guard let label = labels[fact]!.first(where: { lower == $0 || lower.hasPrefix($0 + ":") || lower.hasPrefix($0 + " ") }) else { continue }
            var value = String(text.dropFirst(label.count)).trimmingPunctuation
            let hasCount = { (value: String) in Self.hasCount(value, fact: fact) }
            if !hasCount(value) {
                // The value sits beside the label: in the parent's text, or the next element.
                let parentText = element.parent.map { TextCleaner.line($0.text) } ?? ""
                if parentText.lowercased().hasPrefix(lower), parentText.count < 80 {
                    value = String(parentText.dropFirst(text.count)).trimmingPunctuation
                }
                if !hasCount(value), let next = valueBeside(element) {
                    value = TextCleaner.line(next.text).trimmingPunctuation
                }
            }
            if hasCount(value), value.count < 40 { found[fact] = fact == .yield && label != "makes" && label != "yield" && label != "yields" ? value + (value.contains(where: \.isLetter) ? "" : " servings") : value }
        }
    }
}

extension PageFacts {
    /// The element after a label: its next sibling, or, when the label sits alone in a
    /// container of its own (`<div class="title"><p>Total time</p></div><div class="value">…`),
    /// the container's. Up to three containers out, each holding nothing but the label.
    static func valueBeside(_ label: HTMLElement) -> HTMLElement? {
        if let cell = cellBelow(label) { return cell }
        var current = label
        let key = label.text.comparisonKey
        for _ in 0..<3 {
            if let next = current.nextSibling { return next }
            guard let parent = current.parent, parent.text.comparisonKey == key else { return nil }
            current = parent
        }
        return current.nextSibling
    }

    /// The cell under a column's header: a table whose first row holds the labels (`<th>`
    /// cells only) writes the values in the same column of the next row
    /// (`<tr><th>Prep time</th><th>Cook time</th></tr><tr><td>15 minutes</td>…`).
    static func cellBelow(_ label: HTMLElement) -> HTMLElement? {
        var header = label
        for _ in 0..<3 where header.name != "th" {
            guard let parent = header.parent else { return nil }
            header = parent
        }
        guard header.name == "th", let row = header.parent, row.name == "tr" else { return nil }
        let cells = row.children
        guard cells.allSatisfy({ $0.name == "th" }), let column = cells.firstIndex(of: header) else { return nil }
        // The next row, in the same body or the next (`<thead>` then `<tbody>`).
        var next = row.nextSibling
        if next == nil, let section = row.parent, section.name == "thead" { next = section.nextSibling?.children.first }
        guard let values = next, values.name == "tr" else { return nil }
        let below = values.children
        return column < below.count ? below[column] : nil
    }

    /// Whether a fact's value holds its number: digits, or for a yield a count in words
    /// ("Serves eight to ten"; not "a crowd").
    static func hasCount(_ value: String, fact: Fact) -> Bool {
        guard !value.contains(where: \.isNumber) else { return true }
        guard fact == .yield, let first = value.split(separator: " ").first?.lowercased(), first != "a", first != "an" else { return false }
        return NumberWords.value(of: first) != nil
    }

    /// A number or range of numbers followed by a word for servings, and nothing more.
    static func isServingCount(_ text: String) -> Bool {
        guard text.count < 30 else { return false }
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard let firstWord = words.firstIndex(where: { $0.first?.isLetter == true }), firstWord > 0,
              words[..<firstWord].allSatisfy({ $0.allSatisfy(\.isNumber) }), firstWord == words.count - 1 else { return false }
        return YieldParser.isServingWord(String(words[firstWord]))
    }
}

extension String {
    /// Without colons, dashes and white space at either end.
    var trimmingPunctuation: String {
        let skipped: Set<Character> = [":", "-", "–", " ", "|", "·"]
        var text = Substring(self).drop(while: { skipped.contains($0) })
        while let last = text.last, skipped.contains(last) { text = text.dropLast() }
        return String(text)
    }
}

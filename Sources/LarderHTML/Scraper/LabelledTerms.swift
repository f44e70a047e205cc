import LarderCore

/// A recipe's course and cuisine written as labelled text on the page ("Recipe Type: Baking",
/// `<strong>Cuisine:</strong> British`), for recipes whose markup leaves them out.
enum LabelledTerms {
    enum Term { case category, cuisine }

    static let labels: [(label: String, term: Term)] = [
        ("recipe category", .category), ("recipe type", .category), ("categories", .category), ("category", .category), ("course", .category),
        ("meal type", .category), ("dish type", .category), ("type of dish", .category), ("kategorie", .category),
        ("catégorie", .category), ("categoría", .category), ("categoria", .category), ("gang", .category),
        ("cuisine", .cuisine), ("cocina", .cuisine), ("cucina", .cuisine), ("keuken", .cuisine),
    ]

    static let prefixes = PageFacts.searchPrefixes(labels.map(\.label))

    /// Elements that hold a label and its value side by side, not menus or running text.
    static let labelElements: Set<String> = ["strong", "b", "dt", "th", "span", "div", "p", "label", "em", "h4", "h5", "h6", "li", "td"]

    /// The terms the page states, each split at commas.
    static func find(in page: PageIndex) -> [Term: [String]] {
        var found: [Term: [String]] = [:]
        for element in page.elements(withTextStartingWith: prefixes) where labelElements.contains(element.name) {
            guard element.rawText.utf8.count < 120, let (term, value) = read(element), found[term] == nil else { continue }
            let terms = value.split(separator: ",").map { TextCleaner.line(String($0)) }.filter { !$0.isEmpty }
            if !terms.isEmpty { found[term] = terms }
            if found.count == 2 { break }
        }
        return found
    }

    /// "Cuisine: British" in one element, or "Cuisine:" with "British" beside it. A label
    /// without its colon counts only when its value stands in the next element.
    static func read(_ element: HTMLElement) -> (Term, String)? {
        let text = TextCleaner.line(element.text)
        let lower = text.lowercased()
        guard let (label, term) = labels.first(where: { lower == $0.label || lower.hasPrefix($0.label + ":") || lower.hasPrefix($0.label + " :") }) else { return nil }
        var value = String(text.dropFirst(label.count)).trimmingPunctuation
        let hasColon = lower != label
        if value.isEmpty, hasColon, let parent = element.parent {
            let parentText = TextCleaner.line(parent.text)
            if parentText.lowercased().hasPrefix(lower), parentText.count < 80 {
                value = String(parentText.dropFirst(text.count)).trimmingPunctuation
            }
        }
        if value.isEmpty, let next = element.nextSibling, isPair(label: element, value: next, hasColon: hasColon) {
            value = TextCleaner.line(next.text).trimmingPunctuation
        }
        return isTerm(value) ? (term, value) : nil
    }

    /// A label beside its value, as cards lay them out: a label with its colon, a heading or
    /// term over it, or the two alone in their parent. Not a row of tags
    /// (`<span>Cuisine</span><span>News</span>…`) or a menu.
    static func isPair(label: HTMLElement, value: HTMLElement, hasColon: Bool) -> Bool {
        guard !["li", "a", "ul", "ol", "nav"].contains(value.name), label.name != "li", !hasListOrLinks(value) else { return false }
        return hasColon || ["h4", "h5", "h6", "dt", "th", "label"].contains(label.name) || label.parent?.children.count == 2
    }

    /// Whether the element holds a list item or more than one link.
    static func hasListOrLinks(_ element: HTMLElement) -> Bool {
        var links = 0
        return element.hasDescendant { node in
            if node.isNamed("a") { links += 1 }
            return links >= 2 || node.isNamed("li")
        }
    }

    /// A short name, not a sentence or a number.
    static func isTerm(_ value: String) -> Bool {
        !value.isEmpty && value.count <= 60 && value.contains(where: \.isLetter) && !value.contains(where: \.isNumber)
            && !value.hasSuffix(".") && value.split(separator: " ").count <= 8
    }
}

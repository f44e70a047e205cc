import LarderCore

/// schema.org microdata (`itemscope itemtype=".../Recipe"` with `itemprop`s) read into the same
/// JSON shape as JSON-LD, so one mapper serves both.
enum Microdata {
    /// The page's Recipe items, in page order, as JSON-LD-like objects: each one that is not
    /// inside another (a round-up page's several recipes; a recipe nested in another's item is
    /// a part of it, read with it).
    static func recipes(in page: PageIndex) -> [JSONValue] {
        let items = page.microdataRecipes
        guard !items.isEmpty else { return unmarkedRecipe(in: page).map { [$0] } ?? [] }
        let all = Set(items)
        return items.filter { item in !isInside(any: all, item) }.map { item in JSONValue.object(object(of: item, depth: 0)) }
    }

    /// Pages that mark their ingredients with itemprop but forgot the Recipe item around them.
    static func unmarkedRecipe(in page: PageIndex) -> JSONValue? {
        guard let first = page.microdataIngredient, let body = page.body ?? first.parent else { return nil }
        var object = object(of: body, depth: 0)
        object["@type"] = .string("Recipe")
        if object["name"] == nil, let title = page.firstHeading { object["name"] = .string(title) }
        return .object(object)
    }

    /// Whether one of `items` holds `element`.
    static func isInside(any items: Set<HTMLElement>, _ element: HTMLElement) -> Bool {
        var ancestor = element.parent
        while let current = ancestor {
            if items.contains(current) { return true }
            ancestor = current.parent
        }
        return false
    }

    static func object(of item: HTMLElement, depth: Int) -> [String: JSONValue] {
        var properties: [String: [JSONValue]] = [:]
        if let type = item.attribute("itemtype") {
            properties["@type"] = [.string(String(type.split(separator: "/").last ?? Substring(type)))]
        }
        guard depth < 8 else { return properties.mapValues { .array($0) } }
        item.forEachDescendant { element in
            let names = element.attribute("itemprop")?.split(separator: " ").map(String.init) ?? []
            let isItem = element.attribute("itemscope") != nil
            if !names.isEmpty {
                let value: JSONValue = isItem ? .object(object(of: element, depth: depth + 1)) : .string(value(of: element, names: names))
                // An ingredient is one line, however its parts are laid out (`<span>2</span>
                // <div>eggs</div>`), unless the page broke it into lines itself: a whole list in
                // one element, with `<br>`s, paragraphs, items or one `<div>` per line.
                let isOneLine = !isItem && element.attribute("content") == nil && names.contains { $0 == "recipeIngredient" || $0 == "ingredients" }
                    && !element.hasDescendant(where: { $0.isNamed("br") || $0.isNamed("p") || $0.isNamed("li") })
                    && element.children.filter({ $0.name == "div" }).count <= 1
                for name in names { properties[name, default: []].append(isOneLine ? .string(TextCleaner.line(value.stringValue ?? "")) : value) }
            }
            // A nested item's properties are its own.
            return !isItem
        }
        return properties.mapValues { $0.count == 1 ? $0[0] : .array($0) }
    }

    /// Properties whose values are addresses.
    static let urlProperties: Set<String> = ["url", "image", "photo", "logo", "thumbnailUrl", "contentUrl", "embedUrl", "sameAs", "video", "mainEntityOfPage"]

    /// An element's value as microdata defines it: `content`, then the URL or time attribute of
    /// the tags that carry one, else the text. Sites mark a linked word as a text property
    /// (`<a href="/cuisine/european" itemprop="recipeCuisine">European</a>`) and mean the word.
    static func value(of element: HTMLElement, names: [String]) -> String {
        if let content = element.attribute("content") { return content }
        switch element.name {
        case "a", "area":
            let text = TextCleaner.line(element.text)
            if !text.isEmpty, !names.contains(where: urlProperties.contains) { return text }
            return element.attribute("href") ?? element.text
        case "link": return element.attribute("href") ?? element.text
        case "img", "audio", "video", "source", "embed", "iframe": return element.attribute("src") ?? ""
        case "time": return element.attribute("datetime") ?? element.text
        case "meta": return ""
        case "data", "meter": return element.attribute("value") ?? element.text
        default: return element.text
        }
    }
}

import LarderCore

/// Facts a page labels with its markup rather than its words: a count beside an icon
/// (`<span class="icon-serves"></span><span>4</span>`) or inside a box named for it
/// (`<div class="portions"><h2>2</h2></div>`). Themes draw the label as a picture, so only
/// the class names say what the number counts.
enum FactMarkup {
    /// Words of a class name that say a number counts servings.
    static let servingNames: Set<String> = ["serves", "servings", "serving", "yield", "yields", "portions", "portion", "people", "persons", "personen", "porciones", "portioner", "porzioni"]

    /// Whether the markup around `element` (a number alone) names servings: its own class, its
    /// parent's, or the class of the element just before it (the icon).
    static func namesServings(around element: HTMLElement) -> Bool {
        if names(element.attribute("class")) || names(element.parent?.attribute("class")) { return true }
        return names(element.previousSibling?.attribute("class"))
    }

    /// Whether one of the words of a class list ("item portions", "gbcicon-serves") names
    /// servings.
    static func names(_ value: String?) -> Bool {
        guard let value, !value.isEmpty else { return false }
        return value.lowercased().split(whereSeparator: { !$0.isLetter }).contains { servingNames.contains(String($0)) }
    }
}

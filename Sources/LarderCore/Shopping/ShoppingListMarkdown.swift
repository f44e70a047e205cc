/// A shopping list as a Markdown checklist (`- [ ] 1¾ cups milk`), one heading per aisle.
extension ShoppingList {
    public func markdown() -> String {
        var out = "# Shopping list\n\n"
        out += "For \(recipes.count) recipe\(recipes.count == 1 ? "" : "s"): " + recipes.map(MarkdownText.inline).joined(separator: ", ") + ".\n"
        for (aisle, items) in byAisle {
            out += "\n## \(aisle.heading)\n\n"
            for item in items {
                let name = MarkdownText.inline(item.name)
                switch item.amounts.count {
                case 0: out += "- [ ] \(name)"
                case 1: out += "- [ ] \(MarkdownText.inline(item.amounts[0].text)) \(name)"
                default: out += "- [ ] \(name): " + item.amounts.map { MarkdownText.inline($0.text) }.joined(separator: " + ")
                }
                out += item.alsoUnmeasured ? " (plus some, unmeasured)\n" : "\n"
            }
        }
        if !notBought.isEmpty {
            out += "\nNot listed, from the tap or the freezer: " + notBought.map(MarkdownText.inline).joined(separator: ", ") + ".\n"
        }
        return out
    }
}

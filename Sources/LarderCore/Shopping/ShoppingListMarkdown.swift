/// A shopping list as a Markdown checklist (`- [ ] 1¾ cups milk`), one heading per aisle. With
/// more than one recipe the recipes are numbered at the top and each line ends with the numbers
/// of the recipes it is for (`*(1, 3)*`); the JSON names their lines.
extension ShoppingList {
    public func markdown() -> String {
        var out = "# Shopping list\n\n"
        let numbered = recipes.count > 1 && recipeIDs.count == recipes.count
        if numbered {
            out += "For \(recipes.count) recipes: "
                + recipes.enumerated().map { "(\($0.offset + 1)) " + MarkdownText.inline($0.element) }.joined(separator: ", ") + ".\n"
        } else {
            out += "For \(recipes.count) recipe\(recipes.count == 1 ? "" : "s"): " + recipes.map(MarkdownText.inline).joined(separator: ", ") + ".\n"
        }
        func line(_ item: Item) -> String {
            let name = MarkdownText.inline(item.name)
            var text: String
            switch item.amounts.count {
            case 0: text = "- [ ] \(name)"
            case 1: text = "- [ ] \(MarkdownText.inline(item.amounts[0].text)) \(name)"
            default: text = "- [ ] \(name): " + item.amounts.map { MarkdownText.inline($0.text) }.joined(separator: " + ")
            }
            if item.alsoUnmeasured { text += " (plus some, unmeasured)" }
            if numbered {
                let numbers = uniqueNumbers(of: item)
                if !numbers.isEmpty { text += " *(" + numbers.map(String.init).joined(separator: ", ") + ")*" }
            }
            return text + "\n"
        }
        for (aisle, items) in byAisle {
            out += "\n## \(MarkdownText.inline(aisle))\n\n"
            for item in items { out += line(item) }
        }
        if !checkYouHave.isEmpty {
            out += "\n## Check you have\n\nIn your pantry; the recipes need this much:\n\n"
            for item in checkYouHave { out += line(item) }
        }
        if !fromPantry.isEmpty {
            out += "\nLeft out, from your pantry: " + fromPantry.map(MarkdownText.inline).joined(separator: ", ") + ".\n"
        }
        if !notBought.isEmpty {
            out += "\nNot listed, from the tap or the freezer: " + notBought.map(MarkdownText.inline).joined(separator: ", ") + ".\n"
        }
        return out
    }

    /// The numbers of the recipes an item comes from, each once, in order.
    func uniqueNumbers(of item: Item) -> [Int] {
        var numbers: [Int] = []
        for source in item.sources {
            if let number = number(ofRecipe: source.id), !numbers.contains(number) { numbers.append(number) }
        }
        return numbers.sorted()
    }
}

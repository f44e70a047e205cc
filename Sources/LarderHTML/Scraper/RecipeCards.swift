import Foundation
import LarderCore

/// A recipe card as a card plugin (or a hand-made page) lays it out: its title, ingredient
/// groups and instruction sections. Read for the ingredient groups that JSON-LD cannot
/// express, and as the first fallback when a page has no structured recipe.
struct RecipeCard {
    var title: String?
    var ingredientGroups: [(name: String?, lines: [String])] = []
    var instructionSections: [(name: String?, steps: [String])] = []

    var ingredientCount: Int { ingredientGroups.reduce(0) { $0 + $1.lines.count } }

    /// Whether the card's lines say more of what `line` says: they hold its words ("Chicken"
    /// in "1 whole chicken, cut into 8 pieces"; each of "Cheese, Pasta, Za'atar"), or it holds
    /// several of them glued together.
    func expands(_ line: String) -> Bool {
        let cardKeys = ingredientGroups.flatMap { $0.lines.map(\.comparisonKey) }.filter { !$0.isEmpty }
        let parts = line.split(separator: ",").map(\.comparisonKey).filter { !$0.isEmpty }
        if !parts.isEmpty, parts.allSatisfy({ part in cardKeys.contains { $0.contains(part) } }) { return true }
        let whole = line.comparisonKey
        return cardKeys.filter { whole.contains($0) }.count >= 2
    }

    /// The card's lists in the recipe model's terms.
    var modelIngredientGroups: [IngredientGroup] {
        ingredientGroups.map { IngredientGroup(name: $0.name, ingredients: $0.lines.map { Ingredient(line: $0) }) }
    }

    var modelInstructionSections: [InstructionSection] {
        instructionSections.map { InstructionSection(name: $0.name, steps: $0.steps.map { Step(text: $0) }) }
    }
}

/// Reads a recipe card off the page with the first card adapter whose markup is there.
enum RecipeCards {
    /// Every class name (and `#id`) the adapters look for, for the page's index.
    static let wanted = PageIndex.Wanted(Set(CardAdapters.all.flatMap { $0.title + $0.ingredientAreas + $0.instructionAreas }))

    /// The first adapter that finds ingredients on the page, in `CardAdapters.all`'s order.
    static func card(in index: PageIndex) -> RecipeCard? {
        for adapter in CardAdapters.all {
            if let card = adapter.card(in: index) { return card }
        }
        return nil
    }

    static let headingTags: Set<String> = ["h2", "h3", "h4", "h5", "h6"]
    static let boldTags: Set<String> = ["strong", "b"]

    /// Items in document order, grouped under the headings that precede them. A heading that
    /// only names the section ("Ingredients") does not start a group.
    static func groups(in area: HTMLElement, item: CardAdapter.Test, heading: CardAdapter.Test?) -> [(name: String?, lines: [String])] {
        var groups: [(name: String?, lines: [String])] = [(nil, [])]
        area.forEachDescendant { element in
            let tag = element.name
            if item.matches(element, name: tag) {
                let line = IngredientLineCleaner.clean(element.text)
                if !line.isEmpty { groups[groups.count - 1].lines.append(line) }
                return false
            }
            // Bold text between the lists ("<p><b>For the glaze</b></p>") titles a group too,
            // when it is all the text of its line ("Cooking mode <b>disabled</b>" is not).
            let isBoldLine = boldTags.contains(tag) && element.parent.map { $0.text.comparisonKey == element.text.comparisonKey } != false
            if headingTags.contains(tag) || heading?.matches(element, name: tag) == true || isBoldLine {
                // Titles keep their words and punctuation ("For the glaze:") as the page shows them.
                let name = TextCleaner.line(element.text)
                // "Ingredients (US cups)" titles the whole list, not a group.
                if !name.isEmpty, name.count <= 80, !SectionWords.titlesWholeSection(name) {
                    if groups[groups.count - 1].lines.isEmpty { groups[groups.count - 1].name = name } else { groups.append((name, [])) }
                }
                return false
            }
            return true
        }
        return groups.filter { !$0.lines.isEmpty }
    }
}

import Foundation
import LarderCore

/// The markup of the recipe-card plugins that most food blogs use (WP Recipe Maker, Tasty
/// Recipes, Mediavine Create, WP Zoom, Cooked, Delicious Recipes, ZipList, EasyRecipe) and
/// the plain class names many hand-made sites use. Read for the ingredient groups that
/// JSON-LD cannot express, and as the first fallback when a page has no structured recipe.
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

enum RecipeCards {
    /// How to find an element: by class name or by tag.
    enum Test {
        case cls(String)
        case tag(String)

        func matches(_ element: HTMLElement) -> Bool {
            switch self {
            case .cls(let name): return element.hasClass(name)
            case .tag(let name): return element.name == name
            }
        }
    }

    struct Layout {
        var title: [String]
        var ingredientAreas: [String]
        var ingredientItem: Test
        var instructionAreas: [String]
        var instructionItem: Test
        /// Group headings inside an area, besides `h2`–`h6`.
        var heading: Test?
    }

    static let layouts: [Layout] = [
        Layout(title: ["wprm-recipe-name"], ingredientAreas: ["wprm-recipe-ingredients-container"], ingredientItem: .cls("wprm-recipe-ingredient"),
               instructionAreas: ["wprm-recipe-instructions-container"], instructionItem: .cls("wprm-recipe-instruction-text"), heading: .cls("wprm-recipe-group-name")),
        Layout(title: ["tasty-recipes-title"], ingredientAreas: ["tasty-recipes-ingredients-body", "tasty-recipes-ingredients"], ingredientItem: .tag("li"),
               instructionAreas: ["tasty-recipes-instructions-body", "tasty-recipes-instructions"], instructionItem: .tag("li"), heading: nil),
        Layout(title: ["mv-create-title"], ingredientAreas: ["mv-create-ingredients"], ingredientItem: .tag("li"),
               instructionAreas: ["mv-create-instructions"], instructionItem: .tag("li"), heading: nil),
        Layout(title: ["recipe-card-title"], ingredientAreas: ["ingredients-list"], ingredientItem: .cls("ingredient-item"),
               instructionAreas: ["directions-list"], instructionItem: .cls("direction-step"), heading: .cls("group-name")),
        Layout(title: ["cooked-recipe-name"], ingredientAreas: ["cooked-recipe-ingredients"], ingredientItem: .cls("cooked-ingredient"),
               instructionAreas: ["cooked-recipe-directions"], instructionItem: .cls("cooked-direction"), heading: .cls("cooked-heading")),
        Layout(title: ["dr-title"], ingredientAreas: ["dr-ingredients-list"], ingredientItem: .tag("li"),
               instructionAreas: ["dr-instructions"], instructionItem: .tag("li"), heading: .cls("dr-list-title")),
        Layout(title: ["#zlrecipe-title"], ingredientAreas: ["#zlrecipe-ingredients-list"], ingredientItem: .tag("li"),
               instructionAreas: ["#zlrecipe-instructions-list"], instructionItem: .tag("li"), heading: nil),
        Layout(title: ["ERSName"], ingredientAreas: ["ERSIngredients"], ingredientItem: .cls("ingredient"),
               instructionAreas: ["ERSInstructions"], instructionItem: .cls("instruction"), heading: .cls("ERSSeparator")),
        // Hand-made pages with telling class names.
        Layout(title: [], ingredientAreas: ["recipe-ingredients", "ingredients"], ingredientItem: .tag("li"),
               instructionAreas: ["recipe-instructions", "recipe-directions", "instructions", "directions", "method"],
               instructionItem: .tag("li"), heading: nil),
    ]

    /// Every class name (and `#id`) the layouts look for.
    static let wanted: Set<String> = Set(layouts.flatMap { $0.title + $0.ingredientAreas + $0.instructionAreas })

    /// The first layout that finds ingredients on the page.
    static func card(in index: PageScan) -> RecipeCard? {
        for layout in layouts {
            guard let area = layout.ingredientAreas.lazy.compactMap({ index.first($0) }).first else { continue }
            var card = RecipeCard()
            card.ingredientGroups = groups(in: area, item: layout.ingredientItem, heading: layout.heading)
            // One line is a tag list or a teaser, not a recipe's ingredients.
            guard card.ingredientCount > 1 else { continue }
            if let instructions = layout.instructionAreas.lazy.compactMap({ index.first($0) }).first {
                card.instructionSections = groups(in: instructions, item: layout.instructionItem, heading: layout.heading)
                    .map { (name: $0.name, steps: $0.lines) }
            }
            card.title = layout.title.lazy.compactMap { index.first($0).flatMap { TextCleaner.nonEmptyLine($0.text) } }.first
            return card
        }
        return nil
    }

    static let headingTags: Set<String> = ["h2", "h3", "h4", "h5", "h6"]
    static let boldTags: Set<String> = ["strong", "b"]

    /// Items in document order, grouped under the headings that precede them. A heading that
    /// only names the section ("Ingredients") does not start a group.
    static func groups(in area: HTMLElement, item: Test, heading: Test?) -> [(name: String?, lines: [String])] {
        var groups: [(name: String?, lines: [String])] = [(nil, [])]
        area.forEachDescendant { element in
            if item.matches(element) {
                let line = IngredientLineCleaner.clean(element.text)
                if !line.isEmpty { groups[groups.count - 1].lines.append(line) }
                return false
            }
            // Bold text between the lists ("<p><b>For the glaze</b></p>") titles a group too,
            // when it is all the text of its line ("Cooking mode <b>disabled</b>" is not).
            let isBoldLine = boldTags.contains(element.name) && element.parent.map { $0.text.comparisonKey == element.text.comparisonKey } != false
            if headingTags.contains(element.name) || heading?.matches(element) == true || isBoldLine {
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

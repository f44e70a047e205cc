import LarderCore

/// How one recipe-card plugin marks up its card: the class names (or `#id`s) of its title,
/// its ingredient and instruction areas, the items inside them and the group headings. An
/// adapter knows one plugin and fills only what its card holds: the title, the ingredient
/// groups and the instruction sections.
struct CardAdapter: Sendable {
    /// How to find an element: by class name or by tag.
    enum Test: Sendable {
        case cls(String)
        case tag(String)

        /// - Parameter name: the element's tag name, when the caller has it already.
        func matches(_ element: HTMLElement, name: String? = nil) -> Bool {
            switch self {
            case .cls(let wanted): return element.hasClass(wanted)
            case .tag(let wanted): return (name ?? element.name) == wanted
            }
        }
    }

    var name: String
    var title: [String]
    var ingredientAreas: [String]
    var ingredientItem: Test
    var instructionAreas: [String]
    var instructionItem: Test
    /// Group headings inside an area, besides `h2`–`h6`.
    var heading: Test?

    /// The card, when the page has this plugin's ingredient area with more than one line.
    func card(in index: PageIndex) -> RecipeCard? {
        guard let area = ingredientAreas.lazy.compactMap({ index.first($0) }).first else { return nil }
        var card = RecipeCard()
        card.ingredientGroups = RecipeCards.groups(in: area, item: ingredientItem, heading: heading)
        // One line is a tag list or a teaser, not a recipe's ingredients.
        guard card.ingredientCount > 1 else { return nil }
        if let instructions = instructionAreas.lazy.compactMap({ index.first($0) }).first {
            card.instructionSections = RecipeCards.groups(in: instructions, item: instructionItem, heading: heading)
                .map { (name: $0.name, steps: $0.lines) }
        }
        card.title = title.lazy.compactMap { index.first($0).flatMap { TextCleaner.nonEmptyLine($0.text) } }.first
        return card
    }
}

/// The recipe-card plugins most food blogs use, and the plain class names of hand-made pages.
/// To support another plugin, add its adapter here (and to `all`, before `plainClassNames`),
/// with a test in `CardAdapterTests` that reads a card of it.
enum CardAdapters {
    static let wpRecipeMaker = CardAdapter(
        name: "WP Recipe Maker", title: ["wprm-recipe-name"], ingredientAreas: ["wprm-recipe-ingredients-container"],
        ingredientItem: .cls("wprm-recipe-ingredient"), instructionAreas: ["wprm-recipe-instructions-container"],
        instructionItem: .cls("wprm-recipe-instruction-text"), heading: .cls("wprm-recipe-group-name"))

    static let tastyRecipes = CardAdapter(
        name: "Tasty Recipes", title: ["tasty-recipes-title"], ingredientAreas: ["tasty-recipes-ingredients-body", "tasty-recipes-ingredients"],
        ingredientItem: .tag("li"), instructionAreas: ["tasty-recipes-instructions-body", "tasty-recipes-instructions"],
        instructionItem: .tag("li"), heading: nil)

    static let mediavineCreate = CardAdapter(
        name: "Mediavine Create", title: ["mv-create-title"], ingredientAreas: ["mv-create-ingredients"], ingredientItem: .tag("li"),
        instructionAreas: ["mv-create-instructions"], instructionItem: .tag("li"), heading: nil)

    static let wpZoomRecipeCard = CardAdapter(
        name: "WPZOOM Recipe Card", title: ["recipe-card-title"], ingredientAreas: ["ingredients-list"], ingredientItem: .cls("ingredient-item"),
        instructionAreas: ["directions-list"], instructionItem: .cls("direction-step"), heading: .cls("group-name"))

    static let cooked = CardAdapter(
        name: "Cooked", title: ["cooked-recipe-name"], ingredientAreas: ["cooked-recipe-ingredients"], ingredientItem: .cls("cooked-ingredient"),
        instructionAreas: ["cooked-recipe-directions"], instructionItem: .cls("cooked-direction"), heading: .cls("cooked-heading"))

    static let deliciousRecipes = CardAdapter(
        name: "Delicious Recipes", title: ["dr-title"], ingredientAreas: ["dr-ingredients-list"], ingredientItem: .tag("li"),
        instructionAreas: ["dr-instructions"], instructionItem: .tag("li"), heading: .cls("dr-list-title"))

    /// ZipList writes a line its author marked as a label as `<div class="ingredient-label">`
    /// among the `<li>`s.
    static let zipList = CardAdapter(
        name: "ZipList", title: ["#zlrecipe-title"], ingredientAreas: ["#zlrecipe-ingredients-list"], ingredientItem: .tag("li"),
        instructionAreas: ["#zlrecipe-instructions-list"], instructionItem: .tag("li"), heading: .cls("ingredient-label"))

    static let easyRecipe = CardAdapter(
        name: "EasyRecipe", title: ["ERSName"], ingredientAreas: ["ERSIngredients"], ingredientItem: .cls("ingredient"),
        instructionAreas: ["ERSInstructions"], instructionItem: .cls("instruction"), heading: .cls("ERSSeparator"))

    /// Hand-made pages with telling class names: no plugin, so it comes last.
    static let plainClassNames = CardAdapter(
        name: "plain class names", title: [], ingredientAreas: ["recipe-ingredients", "ingredients"], ingredientItem: .tag("li"),
        instructionAreas: ["recipe-instructions", "recipe-directions", "instructions", "directions", "method"],
        instructionItem: .tag("li"), heading: nil)

    /// Tried in this order; the first that finds a card wins.
    static let all = [wpRecipeMaker, tastyRecipes, mediavineCreate, wpZoomRecipeCard, cooked, deliciousRecipes, zipList, easyRecipe, plainClassNames]
}

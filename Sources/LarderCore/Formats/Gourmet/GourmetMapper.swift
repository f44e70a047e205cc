import Foundation

/// Gourmet Recipe Manager's XML export (`.grmt`): `<gourmetDoc>` with one `<recipe>` each,
/// holding `title`, `category`, `cuisine`, `source`, `link`, `rating` (`4/5 stars`),
/// `preptime`, `cooktime`, `yields` (or older `servings`), `image` (base64), an
/// `ingredient-list` of `ingredient` (`amount`, `unit`, `item`) with `inggroup` groups and
/// `ingref` references to other recipes, `instructions` and `modifications`. Text is padded
/// with new lines and tabs, and the instructions hold HTML escaped twice.
public enum GourmetMapper {
    /// Its recipes: the root's `<recipe>` children.
    public static let elements = RecipeElements(app: "Gourmet", element: "<recipe>", place: .rootChildren(named: "recipe"),
                                                title: { $0.value("title") }, map: map)

    static func map(_ node: MarkupNode, context: MappingContext) throws -> Recipe {
        var element = ElementReader(node)
        guard let title = element.value("title").map(FlatText.title), !title.isEmpty else { throw MappingError.missingField("title") }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .gourmet, originalID: node.attributes["id"])
        recipe.categories = TextCleaner.uniqued(TextCleaner.list(element.value("category") ?? ""))
        recipe.cuisines = element.value("cuisine").map { [$0] } ?? []
        if let link = element.value("link").flatMap(WebAddress.init(trimming:))?.text {
            recipe.provenance.sourceURL = link
            recipe.provenance.site = SourceURL.host(of: link)
        }
        if let source = element.value("source") { SourceText.apply(source, to: &recipe) }
        if let rating = element.value("rating").flatMap(stars) { recipe.rating = rating }
        recipe.times.prep = element.value("preptime").flatMap(DurationParser.parse)
        recipe.times.cook = element.value("cooktime").flatMap(DurationParser.parse)
        recipe.yield = (element.value("yields") ?? element.value("servings")).flatMap(YieldParser.parse)
        if let encoded = element.child("image")?.text, let bytes = Base64Image.decode(encoded) {
            recipe.images = [RecipeImage(mediaType: ImageBytes.mediaType(of: bytes), embeddedData: bytes)]
        }
        recipe.ingredientGroups = ingredientGroups(element.child("ingredient-list"))
        let steps = StepSplitter.steps(from: unescaped(element.child("instructions")?.text ?? ""))
        if !steps.isEmpty { recipe.instructionSections = [InstructionSection(steps: steps)] }
        let modifications = TextCleaner.block(unescaped(element.child("modifications")?.text ?? ""))
        if !modifications.isEmpty { recipe.notes = [modifications] }
        recipe.extras.merge(element.leftovers) { kept, _ in kept }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// Ungrouped ingredients between groups form groups of their own, in order.
    static func ingredientGroups(_ list: MarkupNode?) -> [IngredientGroup] {
        var groups: [IngredientGroup] = []
        var loose: [Ingredient] = []
        func flushLoose() {
            if !loose.isEmpty { groups.append(IngredientGroup(ingredients: loose)) }
            loose = []
        }
        for node in list?.children ?? [] {
            switch node.name {
            case "inggroup":
                flushLoose()
                let ingredients = node.children.compactMap(ingredient)
                if !ingredients.isEmpty { groups.append(IngredientGroup(name: node.value("groupname"), ingredients: ingredients)) }
            default:
                if let ingredient = ingredient(node) { loose.append(ingredient) }
            }
        }
        flushLoose()
        return groups
    }

    static func ingredient(_ node: MarkupNode) -> Ingredient? {
        switch node.name {
        case "ingredient":
            var ingredient = AppIngredient.make(amount: node.value("amount"), unit: node.value("unit"), item: node.value("item"))
            if node.attributes["optional"] == "yes" { ingredient?.optional = true }
            return ingredient
        case "ingref":
            // Another recipe used as an ingredient: its title, with the amount.
            return AppIngredient.make(amount: node.attributes["amount"], unit: nil, item: node.text)
        default:
            return nil
        }
    }

    /// `3/5 stars`, `4 stars`.
    static func stars(_ text: String) -> Rating? {
        let number = text.lowercased().replacingOccurrences(of: "stars", with: "").replacingOccurrences(of: "star", with: "").trimmed
        let parts = number.split(separator: "/").map { Double($0.trimmed) }
        if parts.count == 2, let value = parts[0], let best = parts[1], value > 0, best > 0 { return Rating(value: value, best: best) }
        if parts.count == 1, let value = parts[0], value > 0, value <= 5 { return Rating(value: value, best: 5) }
        return nil
    }

    /// Gourmet stores its rich text as HTML inside XML text, escaped once more (`&lt;i&gt;`).
    static func unescaped(_ text: String) -> String {
        HTMLEntities.decode(text)
    }
}

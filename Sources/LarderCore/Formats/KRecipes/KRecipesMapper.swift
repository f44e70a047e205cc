/// KRecipes' XML export (`.kreml`): `<krecipes>` with one `<krecipes-recipe>` each, holding
/// `krecipes-description` (`title`, `author`s, `pictures/pic` base64, `category/cat`,
/// `serving` or `yield`, `preparation-time` `hh:mm`), `krecipes-ingredients` (`ingredient`
/// with `name`, `amount`, `unit`, `prep`; `ingredient-group name=…`) and
/// `krecipes-instructions`.
public enum KRecipesMapper {
    /// Its recipes: the root's `<krecipes-recipe>` children.
    public static let elements = RecipeElements(app: "KRecipes", element: "<krecipes-recipe>", place: .rootChildren(named: "krecipes-recipe"),
                                                title: { $0.child("krecipes-description")?.value("title") }, map: map)

    static func map(_ node: MarkupNode, context: MappingContext) throws -> Recipe {
        var element = ElementReader(node)
        var description = ElementReader(element.child("krecipes-description") ?? MarkupNode(name: "krecipes-description"))
        guard let title = description.value("title").map(FlatText.title), !title.isEmpty else { throw MappingError.missingField("title") }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .krecipes)
        let authors = description.children("author").compactMap { TextCleaner.nonEmptyLine($0.text) }
        if !authors.isEmpty { recipe.provenance.author = authors.joined(separator: ", ") }
        recipe.categories = TextCleaner.uniqued((description.child("category")?.children("cat") ?? []).compactMap { TextCleaner.nonEmptyLine($0.text) })
        recipe.yield = (description.value("serving") ?? yieldText(description.child("yield"))).flatMap(YieldParser.parse)
        if let time = description.value("preparation-time") {
            let parts = time.split(separator: ":")
            if parts.count >= 2, let hours = Double(parts[0]), let minutes = Double(parts[1]) {
                recipe.times.prep = DurationParser.minutes(hours * 60 + minutes)
            } else {
                recipe.times.prep = DurationParser.parse(time)
            }
        }
        recipe.images = (description.child("pictures")?.children("pic") ?? []).compactMap { picture in
            Base64Image.decode(picture.text).map { RecipeImage(mediaType: ImageBytes.mediaType(of: $0), embeddedData: $0) }
        }
        var groups: [IngredientGroup] = []
        var loose: [Ingredient] = []
        for node in element.child("krecipes-ingredients")?.children ?? [] {
            if node.name == "ingredient-group" {
                if !loose.isEmpty { groups.append(IngredientGroup(ingredients: loose)) }
                loose = []
                let ingredients = node.children("ingredient").compactMap(ingredient)
                if !ingredients.isEmpty {
                    groups.append(IngredientGroup(name: node.attributes["name"].flatMap(TextCleaner.nonEmptyLine), ingredients: ingredients))
                }
            } else if node.name == "ingredient", let ingredient = ingredient(node) {
                loose.append(ingredient)
            }
        }
        if !loose.isEmpty { groups.append(IngredientGroup(ingredients: loose)) }
        recipe.ingredientGroups = groups
        let steps = StepSplitter.steps(from: element.child("krecipes-instructions")?.text ?? "")
        if !steps.isEmpty { recipe.instructionSections = [InstructionSection(steps: steps)] }
        recipe.extras.merge(description.leftovers) { kept, _ in kept }
        recipe.extras.merge(element.leftovers) { kept, _ in kept }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// An ingredient; its `<substitutes>` (ingredients that may take its place) follow its
    /// preparation as `or 2 cups b`, so none is lost and the shopping list buys the first.
    static func ingredient(_ node: MarkupNode) -> Ingredient? {
        let substitutes = (node.child("substitutes")?.children("ingredient") ?? []).compactMap { substitute in
            TextCleaner.nonEmptyLine([amount(substitute), substitute.value("unit"), substitute.value("name")].compactMap { $0 }.joined(separator: " "))
        }
        let preparation = ([node.value("prep")].compactMap { $0 } + substitutes.map { "or " + $0 }).joined(separator: ", ")
        return AppIngredient.make(amount: amount(node), unit: node.value("unit"), item: node.value("name"),
                                  preparation: preparation.isEmpty ? nil : preparation)
    }

    /// An `<amount>` as text: `2`, or a range `<min>0.75</min><max>1</max>` as `0.75-1` (its
    /// text alone would run the ends together: `0.751`).
    static func amount(_ node: MarkupNode) -> String? {
        guard let amount = node.child("amount") else { return nil }
        if let low = amount.value("min") {
            guard let high = amount.value("max"), high != low else { return low }
            return low + "-" + high
        }
        return amount.value("max") ?? TextCleaner.nonEmptyLine(amount.text)
    }

    /// `<yield><amount>2</amount><type>loaves</type></yield>`, or a range of amounts (`2-3 dozen`).
    static func yieldText(_ node: MarkupNode?) -> String? {
        guard let node else { return nil }
        return TextCleaner.nonEmptyLine([amount(node), node.value("type")].compactMap { $0 }.joined(separator: " "))
    }
}

/// Copy Me That's export: a zip with `recipes.html` (one `div.recipe` per recipe) and the
/// pictures in `images/`. Inside a recipe, elements are named by id: `name`, `link` (with
/// `a#original_link`), `description`, `categories` (`span.recipeCategory`, shown as tags),
/// `extra_info` (`made_this`, `starred`, `ratingValue`), `servings` (`a#recipeYield`),
/// `recipeIngredients` (`li.recipeIngredient`, `li.recipeIngredient_subheader`),
/// `recipeInstructions` (`li.instruction`, `li.instruction_subheader`) and `recipeNotes`.
public enum CopyMeThatMapper {
    /// The export names itself in a `<meta name="copymethat_class_id_version">`.
    public static func looksLikeCopyMeThat(_ head: String) -> Bool {
        head.contains("copymethat_class_id_version")
    }

    /// Its recipes: every `div.recipe` of the page.
    public static let elements = RecipeElements(app: "Copy Me That", element: "div.recipe",
                                                place: .anywhere { $0.name == "div" && $0.classes.contains("recipe") },
                                                title: { element in
        element.descendants { $0.attributes["id"] == "name" }.first.map { FlatText.title($0.text) }.flatMap { $0.isEmpty ? nil : $0 }
    }, map: map)

    static func map(_ element: MarkupNode, context: MappingContext) throws -> Recipe {
        func byID(_ id: String) -> MarkupNode? { element.descendants { $0.attributes["id"] == id }.first }
        func byClass(_ name: String, in node: MarkupNode?) -> [MarkupNode] {
            node?.descendants { $0.classes.contains(Substring(name)) } ?? []
        }
        guard let title = byID("name").map({ FlatText.title($0.text) }), !title.isEmpty else { throw MappingError.missingField("name") }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .copyMeThat)
        if let url = byID("original_link")?.attributes["href"].flatMap(WebAddress.init(trimming:))?.text {
            recipe.provenance.sourceURL = url
            recipe.provenance.site = SourceURL.host(of: url)
        }
        recipe.description = byID("description").map { TextCleaner.block($0.text) }.flatMap { $0.isEmpty ? nil : $0 }
        recipe.tags = TextCleaner.uniqued(byClass("recipeCategory", in: byID("categories")).compactMap { TextCleaner.nonEmptyLine($0.text) })
        if let stars = byID("ratingValue").flatMap({ Double($0.text.trimmed) }), stars > 0 { recipe.rating = Rating(value: stars, best: 5) }
        if byID("made_this") != nil { recipe.extras["madeThis"] = .bool(true) }
        if byID("starred") != nil { recipe.extras["starred"] = .bool(true) }
        recipe.yield = byID("recipeYield").flatMap { YieldParser.parse($0.text) }
        // Pictures are named relative to the page (`images/x.jpg`); the reader of the export
        // puts the file's bytes in their place.
        recipe.images = element.descendants { $0.name == "img" && $0.classes.contains("recipeImage") }
            .compactMap { $0.attributes["src"].flatMap(TextCleaner.nonEmptyLine) }.map { RecipeImage(url: $0) }
        var groups: [IngredientGroup] = []
        var current = IngredientGroup(ingredients: [])
        for item in byID("recipeIngredients")?.children ?? [] where item.name == "li" {
            let text = TextCleaner.line(item.text)
            guard !text.isEmpty else { continue }
            if item.classes.contains("recipeIngredient_subheader") {
                if !current.ingredients.isEmpty || current.name != nil { groups.append(current) }
                current = IngredientGroup(name: text, ingredients: [])
            } else if item.classes.contains("recipeIngredient_note"), let last = current.ingredients.indices.last {
                current.ingredients[last].note = text
            } else {
                current.ingredients += FlatText.ingredientGroups(fromLines: [text]).flatMap(\.ingredients)
            }
        }
        if !current.ingredients.isEmpty { groups.append(current) }
        recipe.ingredientGroups = groups
        var sections: [InstructionSection] = []
        var section = InstructionSection(steps: [])
        for item in byID("recipeInstructions")?.children ?? [] where item.name == "li" {
            let text = TextCleaner.block(item.text)
            guard !text.isEmpty else { continue }
            if item.classes.contains("instruction_subheader") {
                if !section.steps.isEmpty || section.name != nil { sections.append(section) }
                section = InstructionSection(name: TextCleaner.line(text), steps: [])
            } else {
                section.steps.append(Step(text: text))
            }
        }
        if !section.steps.isEmpty { sections.append(section) }
        recipe.instructionSections = sections
        recipe.notes = byClass("recipeNote", in: byID("recipeNotes")).map { TextCleaner.block($0.text) }.filter { !$0.isEmpty }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }
}

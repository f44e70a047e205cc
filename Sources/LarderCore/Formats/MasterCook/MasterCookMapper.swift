/// MasterCook's XML export (`.mx2`): `<mx2>` holding a `<Summ>` list of names, then one
/// `<RcpE name=… author=…>` per recipe with `Serv`, `PrpT`/`CTim`/`TTim` times (`h:mm`),
/// `CatS`/`CatT` categories, `IngR` ingredients (`qty`, `unit`, `name`, `IPrp` preparation),
/// `DirS`/`DirT` directions, `Desc` (the description), `Srce` (the source: an address, or a book's or site's name), `AltS`, `Yield`, `Natn` and `Note`. `RTxt` repeats the
/// recipe as printed text and is not read.
public enum MasterCookMapper {
    /// Its recipes: the root's `<RcpE>` children.
    public static let elements = RecipeElements(app: "MasterCook", element: "<RcpE> recipe", place: .rootChildren(named: "RcpE"),
                                                title: { $0.attributes["name"].flatMap(TextCleaner.nonEmptyLine) }, map: map)

    static func map(_ node: MarkupNode, context: MappingContext) throws -> Recipe {
        var element = ElementReader(node)
        guard let title = node.attributes["name"].map(FlatText.title), !title.isEmpty else { throw MappingError.missingField("name") }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .masterCook)
        if let author = node.attributes["author"].flatMap(TextCleaner.nonEmptyLine), !isBlankMark(author) {
            recipe.provenance.author = author
        }
        let servings = element.child("Serv")?.attributes["qty"].flatMap(PlainAmount.number) ?? 0
        let yieldNode = element.child("Yield")
        let yieldText = yieldNode.map { node in
            [node.attributes["qty"].flatMap(PlainAmount.number).map(PlainAmount.text), node.attributes["unit"]].compactMap { $0 }.joined(separator: " ")
        }.flatMap(TextCleaner.nonEmptyLine)
        if servings > 0 {
            recipe.yield = YieldParser.parse(PlainAmount.text(servings))
            if let yieldText { recipe.extras["yield"] = .string(yieldText) }
        } else {
            recipe.yield = yieldText.flatMap(YieldParser.parse)
        }
        recipe.times.prep = element.child("PrpT").flatMap(elapsed)
        recipe.times.cook = element.child("CTim").flatMap(elapsed)
        recipe.times.total = element.child("TTim").flatMap(elapsed)
        recipe.categories = TextCleaner.uniqued((element.child("CatS")?.children("CatT") ?? []).compactMap { TextCleaner.nonEmptyLine($0.text) })
        recipe.cuisines = element.value("Natn").map { [$0] } ?? []
        var ingredients: [Ingredient] = []
        for node in element.children("IngR") {
            let measured = node.attributes["qty"].flatMap(TextCleaner.nonEmptyLine) != nil || node.attributes["unit"].flatMap(TextCleaner.nonEmptyLine) != nil
            if !measured, node.value("IPrp") == nil, let name = node.attributes["name"].flatMap(TextCleaner.nonEmptyLine),
               let last = ingredients.indices.last, continues(ingredients[last].line) {
                // MasterCook wraps a long name onto an ingredient line of its own.
                ingredients[last].line += " " + name
                ingredients[last].name = ingredients[last].name.map { $0 + " " + name }
                continue
            }
            if let ingredient = AppIngredient.make(amount: node.attributes["qty"], unit: node.attributes["unit"],
                                                   item: node.attributes["name"], preparation: node.value("IPrp")) {
                ingredients.append(ingredient)
            }
        }
        if !ingredients.isEmpty { recipe.ingredientGroups = [IngredientGroup(ingredients: ingredients)] }
        let steps = (element.child("DirS")?.children("DirT") ?? []).flatMap { StepSplitter.steps(from: $0.text) }
        if !steps.isEmpty { recipe.instructionSections = [InstructionSection(steps: steps)] }
        recipe.description = element.value("Desc").map(TextCleaner.block)
        if let source = element.value("Srce") { SourceText.apply(source, to: &recipe) }
        let alternates = element.children("AltS").compactMap { node -> String? in
            let parts = [node.attributes["label"], node.attributes["source"]].compactMap { TextCleaner.nonEmptyLine($0) }
            return parts.isEmpty ? nil : parts.joined(separator: ": ")
        }
        if !alternates.isEmpty { recipe.extras["alternateSources"] = .array(alternates.map(JSONValue.string)) }
        recipe.notes = element.children("Note").map { TextCleaner.block($0.text) }.filter { !$0.isEmpty }
        if let wine = element.value("Wine") { recipe.extras["wine"] = .string(wine) }
        // `RTxt` repeats the recipe as printed text.
        element.ignore("RTxt")
        recipe.extras.merge(element.leftovers) { kept, _ in kept }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// A line that stops mid-phrase (`Good Seasons Zesty Italian or`): the next line goes on.
    static func continues(_ line: String) -> Bool {
        let lower = line.lowercased()
        return [" or", " and", " of", " with", " in", ","].contains { lower.hasSuffix($0) }
    }

    /// `n/a`, `none`: MasterCook's way of leaving a field blank.
    static func isBlankMark(_ text: String) -> Bool {
        ["n/a", "na", "none", "unknown", "-"].contains(text.lowercased())
    }

    /// `elapsed="1:30"` (hours:minutes); `0:00` is no time.
    static func elapsed(_ node: MarkupNode) -> RecipeDuration? {
        guard let text = node.attributes["elapsed"]?.trimmed, !text.isEmpty else { return nil }
        let parts = text.split(separator: ":")
        if parts.count == 2, let hours = Double(parts[0]), let minutes = Double(parts[1]) {
            return DurationParser.minutes(hours * 60 + minutes)
        }
        return DurationParser.parse(text)
    }
}

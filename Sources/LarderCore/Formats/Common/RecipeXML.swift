/// An XML recipe file, sent to the mapper of the app that wrote it, told by the root element.
public enum RecipeXML {
    /// Every recipe of an XML document by the app its root element names, or one failure saying the root is no recipe format Larder knows.
    public static func recipes(in document: MarkupDocument, context: MappingContext) -> [MappedRecipe] {
        switch document.root.name {
        case "mx2": return MasterCookMapper.recipes(in: document, context: context)
        case "gourmetDoc": return GourmetMapper.recipes(in: document, context: context)
        case "krecipes": return KRecipesMapper.recipes(in: document, context: context)
        default:
            let why = document.problem.map { " (and it breaks at line \(document.breakLine ?? 0): \($0))" } ?? ""
            return [MappedRecipe(label: context.input, result: .failure(.noRecipe(
                "an XML file whose root <\(document.root.name)> is not a recipe format Larder reads (MasterCook <mx2>, Gourmet <gourmetDoc>, KRecipes <krecipes>)" + why)))]
        }
    }
}

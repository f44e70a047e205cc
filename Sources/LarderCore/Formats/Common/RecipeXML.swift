/// An XML recipe file's app, told by the root element.
public enum RecipeXML {
    /// How the app whose export has this root element holds its recipes; nil for no app Larder
    /// reads.
    public static func elements(forRoot name: String) -> RecipeElements? {
        switch name {
        case "mx2": return MasterCookMapper.elements
        case "gourmetDoc": return GourmetMapper.elements
        case "krecipes": return KRecipesMapper.elements
        default: return nil
        }
    }

    /// Why a file whose root is no app's is not read.
    public static func unknownRoot(_ name: String, context: MappingContext) -> MappedRecipe {
        MappedRecipe(label: context.input, result: .failure(.noRecipe(
            "an XML file whose root <\(name)> is not a recipe format Larder reads (MasterCook <mx2>, Gourmet <gourmetDoc>, KRecipes <krecipes>)")))
    }
}

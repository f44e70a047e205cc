/// How much room a recipe's page gives its picture and type. The PDF engine measures the book;
/// a recipe that runs onto another page is tried again in the next layout, and keeps the first
/// one that saves a page (see `RecipeFitting`). Browsers get the usual layout.
enum RecipeLayout: Int, CaseIterable, Comparable, Sendable {
    /// The picture as wide as the text under the title, the ingredients beside the method.
    case usual
    /// The picture set beside the method, above the ingredients, as narrow as their column.
    case pictureBeside
    /// A smaller picture and tighter type.
    case compact
    /// Smaller still: 9 pt type, a picture no taller than a few lines.
    case tight
    /// The ingredients above the method, as wide as the page, for a list so long that the
    /// engine lost part of it in its column (a float that runs over more than one page break).
    /// Not a step of the fitting: it is what such a recipe gets instead.
    case stacked

    /// The layouts tried, in turn, on a recipe that runs onto another page.
    static let tighter: [RecipeLayout] = [.pictureBeside, .compact, .tight]

    /// The class `recipe.mustache` puts on the recipe (see `style.mustache`).
    var cssClass: String? {
        switch self {
        case .usual: return nil
        case .pictureBeside: return "fit-beside"
        case .compact: return "fit-compact"
        case .tight: return "fit-tight"
        case .stacked: return "fit-stacked"
        }
    }

    static func < (a: RecipeLayout, b: RecipeLayout) -> Bool { a.rawValue < b.rawValue }
}

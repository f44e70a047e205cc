import Foundation
import LarderCore

/// What the library index keeps of one recipe: the columns `list` prints, the labels the
/// filters compare (folded: case and accents ignored), the texts full-text search reads, the
/// image paths `remove` checks, and the summary `list --json` prints. All derived from the
/// recipe's JSON file, so it can always be worked out again.
struct IndexedRecipe: Sendable {
    struct Label: Sendable {
        enum Kind: String, Sendable {
            case category, cuisine, diet
        }
        let kind: Kind
        let value: String
        let folded: String
    }

    /// The texts of the full-text table, one per column, in `LibraryIndex.searchColumns` order.
    struct SearchText: Sendable {
        var title: String
        var description: String
        var ingredients: String
        var tags: String
        var categories: String
        var cuisines: String
        var columns: [String] { [title, description, ingredients, tags, categories, cuisines] }
    }

    let id: String
    let title: String
    let category: String?
    let cuisine: String?
    let servings: Double?
    let servingsUpper: Double?
    let source: String
    let labels: [Label]
    let images: [String]
    let search: SearchText
    let summary: String

    init(_ recipe: Recipe) {
        id = recipe.id
        title = recipe.title
        category = recipe.categories.first
        cuisine = recipe.cuisines.first
        let servings = recipe.yield?.servings
        self.servings = servings?.value
        servingsUpper = servings?.upper
        source = Self.source(of: recipe)
        // Worked out once: the labels and the summary both list them.
        let diets = DietNames.diets(of: recipe).sorted()
        labels = recipe.categories.map { Label(kind: .category, value: $0, folded: SearchWords.fold($0)) }
            + recipe.cuisines.map { Label(kind: .cuisine, value: $0, folded: SearchWords.fold($0)) }
            + diets.map { Label(kind: .diet, value: $0, folded: $0) }
        images = Array(Set(recipe.images.compactMap(\.path))).sorted()
        // An ingredient's whole line and the name understood from it: "2 eggs" finds "egg"
        // whether or not the parser named it.
        // Each column holds its items' words as `SearchWords` reads them (the filter's reading),
        // a separator word between items so that no phrase spans two.
        func column(_ items: [String]) -> String {
            items.map { SearchWords.words($0).joined(separator: " ") }.joined(separator: SearchWords.itemSeparator)
        }
        let ingredients = recipe.ingredients.map { [$0.line, $0.name ?? ""].joined(separator: " ") }
        search = SearchText(
            title: column([recipe.title]), description: column([recipe.description ?? ""]), ingredients: column(ingredients),
            tags: column(recipe.tags), categories: column(recipe.categories), cuisines: column(recipe.cuisines))
        summary = Self.summary(of: recipe, source: source, diets: diets)
    }

    /// Where a recipe came from, for `stats`: the site, else the host of its address, else the
    /// kind of file it was read from.
    static func source(of recipe: Recipe) -> String {
        if let site = recipe.provenance.site?.trimmingCharacters(in: .whitespaces), !site.isEmpty { return site }
        if let address = recipe.provenance.sourceURL, let host = URL(string: address)?.host, !host.isEmpty { return host }
        if let origin = recipe.provenance.origin { return "\(origin.rawValue) files" }
        return "unknown"
    }

    /// One object of `list --json` (what `summary(of:source:diets:)` writes).
    struct Summary: Codable, Equatable {
        let id: String
        let title: String
        let categories: [String]
        let cuisines: [String]
        let tags: [String]
        let diets: [String]
        let servings: Double?
        /// The top of a yield given as a range ("4–6 servings"), beside its bottom in `servings`.
        let servingsUpper: Double?
        let sourceURL: String?
        let source: String
        let path: String
    }

    /// The `Summary` as compact JSON, keys sorted, written by hand: `JSONEncoder` per recipe was
    /// about half of working out a recipe's row (on a restore's read-ahead thread).
    static func summary(of recipe: Recipe, source: String, diets: [String]) -> String {
        func list(_ values: [String]) -> String {
            "[" + values.map(Manifest.quoted).joined(separator: ",") + "]"
        }
        var text = "{\"categories\":" + list(recipe.categories) + ",\"cuisines\":" + list(recipe.cuisines)
            + ",\"diets\":" + list(diets) + ",\"id\":" + Manifest.quoted(recipe.id)
            + ",\"path\":" + Manifest.quoted("recipes/\(RecipeIdentity.sanitize(recipe.id)).json")
        // Only finite servings are stored; a whole number is written without ".0", as JSONEncoder does.
        func number(_ value: Double) -> String {
            let text = value.description
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        if let servings = recipe.yield?.servings?.value, servings.isFinite { text += ",\"servings\":" + number(servings) }
        if let upper = recipe.yield?.servings?.upper, upper.isFinite { text += ",\"servingsUpper\":" + number(upper) }
        text += ",\"source\":" + Manifest.quoted(source)
        if let address = recipe.provenance.sourceURL { text += ",\"sourceURL\":" + Manifest.quoted(address) }
        return text + ",\"tags\":" + list(recipe.tags) + ",\"title\":" + Manifest.quoted(recipe.title) + "}"
    }
}

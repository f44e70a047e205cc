/// The search features of the recipe apps Larder serves: free text, category, cuisine, diets,
/// ingredients to include or exclude, and a servings range. Every criterion given must match.
public struct RecipeFilter: Sendable, Equatable {
    /// Words that must all begin a word of the title, description, an ingredient line, a tag, a
    /// category or a cuisine (`egg` finds "Eggs", not "nutmeg"): what the library index's
    /// full-text search finds, so `convert` and `list` agree.
    public var text: String?
    /// Categories, any of which a recipe must have (case and accents ignored).
    public var categories: [String] = []
    /// Cuisines, any of which a recipe must have (case and accents ignored).
    public var cuisines: [String] = []
    /// Every diet listed must be one of the recipe's diets (or a category or tag naming one).
    public var diets: [String] = []
    /// Each word must appear in some ingredient line.
    public var includeIngredients: [String] = []
    /// No ingredient line may mention any of these words.
    public var excludeIngredients: [String] = []
    /// The fewest servings a recipe may make.
    public var minServings: Double?
    /// The most servings a recipe may make.
    public var maxServings: Double?
    /// The recipe's id must be one of these (`--id`); empty allows any.
    public var ids: [String] = []

    /// A filter with the conditions given; all must hold.
    public init(
        text: String? = nil, categories: [String] = [], cuisines: [String] = [], diets: [String] = [],
        includeIngredients: [String] = [], excludeIngredients: [String] = [], minServings: Double? = nil,
        maxServings: Double? = nil, ids: [String] = []
    ) {
        self.ids = ids
        self.text = text
        self.categories = categories
        self.cuisines = cuisines
        self.diets = diets
        self.includeIngredients = includeIngredients
        self.excludeIngredients = excludeIngredients
        self.minServings = minServings
        self.maxServings = maxServings
    }

    /// Whether the filter lets every recipe through.
    public var isEmpty: Bool { self == RecipeFilter() }

    /// Whether the recipe meets every condition, read as the library's index reads it
    /// (`SearchWords` is the rule both follow).
    public func matches(_ recipe: Recipe) -> Bool {
        if !ids.isEmpty, !ids.contains(recipe.id) { return false }
        // An ingredient's whole line and the name understood from it: "2 eggs" finds "egg"
        // whether or not the parser named it.
        let lines = recipe.ingredients.map { SearchWords.words($0.line + " " + ($0.name ?? "")) }
        if let text {
            let items = ([recipe.title, recipe.description ?? ""] + recipe.tags + recipe.categories + recipe.cuisines).map(SearchWords.words) + lines
            for phrase in Self.phrases(of: text) where !items.contains(where: { SearchWords.begins($0, phrase: phrase) }) { return false }
        }
        if !categories.isEmpty, !anyEqual(categories, recipe.categories) { return false }
        if !cuisines.isEmpty, !anyEqual(cuisines, recipe.cuisines) { return false }
        let recipeDiets = DietNames.diets(of: recipe)
        for diet in diets where !recipeDiets.contains(DietNames.inEnglish(DietNames.normalize(diet))) { return false }
        for phrase in includeIngredients.map(SearchWords.words) where !phrase.isEmpty {
            if !lines.contains(where: { SearchWords.mentions($0, phrase: phrase) }) { return false }
        }
        for phrase in excludeIngredients.map(SearchWords.words) where !phrase.isEmpty {
            if lines.contains(where: { SearchWords.mentions($0, phrase: phrase) }) { return false }
        }
        if minServings != nil || maxServings != nil {
            guard let servings = recipe.yield?.servings else { return false }
            let high = servings.upper ?? servings.value
            if let minServings, high < minServings { return false }
            if let maxServings, servings.value > maxServings { return false }
        }
        return true
    }

    /// The phrases of a free-text search: what the user typed, split at spaces, each piece as its
    /// words (`half-and-half` is one phrase of three); a piece without letters or digits (a lone
    /// `&`) asks for nothing.
    public static func phrases(of text: String) -> [[String]] {
        text.split(whereSeparator: \.isWhitespace).map { SearchWords.words(String($0)) }.filter { !$0.isEmpty }
    }

    /// Category and cuisine match any of the given names, ignoring case, accents and the spaces
    /// around them.
    func anyEqual(_ wanted: [String], _ actual: [String]) -> Bool {
        let actualSet = Set(actual.map(SearchWords.fold))
        return wanted.contains { actualSet.contains(SearchWords.fold($0)) }
    }
}

import Foundation

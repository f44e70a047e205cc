/// The search features of the recipe apps Larder serves: free text, category, cuisine, diets,
/// ingredients to include or exclude, and a servings range. Every criterion given must match.
public struct RecipeFilter: Sendable, Equatable {
    /// Words that must all begin a word of the title, description, an ingredient line, a tag, a
    /// category or a cuisine (`egg` finds "Eggs", not "nutmeg"): what the library index's
    /// full-text search finds, so `convert` and `list` agree.
    public var text: String?
    public var categories: [String] = []
    public var cuisines: [String] = []
    /// Every diet listed must be one of the recipe's diets (or a category or tag naming one).
    public var diets: [String] = []
    /// Each word must appear in some ingredient line.
    public var includeIngredients: [String] = []
    /// No ingredient line may mention any of these words.
    public var excludeIngredients: [String] = []
    public var minServings: Double?
    public var maxServings: Double?
    /// The recipe's id must be one of these (`--id`); empty allows any.
    public var ids: [String] = []

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

    public var isEmpty: Bool { self == RecipeFilter() }

    public func matches(_ recipe: Recipe) -> Bool {
        if !ids.isEmpty, !ids.contains(recipe.id) { return false }
        let lines = recipe.ingredients.map { fold($0.line + " " + ($0.name ?? "")) }
        if let text, !text.isEmpty {
            let haystack = ([recipe.title, recipe.description ?? ""] + recipe.tags + recipe.categories + recipe.cuisines).map(fold) + lines
            for word in words(text) where !haystack.contains(where: { beginsWord($0, word) }) { return false }
        }
        if !categories.isEmpty, !anyEqual(categories, recipe.categories) { return false }
        if !cuisines.isEmpty, !anyEqual(cuisines, recipe.cuisines) { return false }
        let recipeDiets = DietNames.diets(of: recipe)
        for diet in diets where !recipeDiets.contains(DietNames.inEnglish(DietNames.normalize(diet))) { return false }
        for word in includeIngredients.map(fold) where !lines.contains(where: { mentions($0, word) }) { return false }
        for word in excludeIngredients.map(fold) where lines.contains(where: { mentions($0, word) }) { return false }
        if minServings != nil || maxServings != nil {
            guard let servings = recipe.yield?.servings else { return false }
            let high = servings.upper ?? servings.value
            if let minServings, high < minServings { return false }
            if let maxServings, servings.value > maxServings { return false }
        }
        return true
    }

    /// Category and cuisine match any of the given names, ignoring case and accents.
    func anyEqual(_ wanted: [String], _ actual: [String]) -> Bool {
        let actualSet = Set(actual.map(fold))
        return wanted.contains { actualSet.contains(fold($0)) }
    }

    /// A word is mentioned when it appears at a word start: `egg` matches `eggs` and `egg yolk`,
    /// not `eggplant`… unless the word itself is longer; plain substring for multi-word phrases.
    func mentions(_ line: String, _ word: String) -> Bool {
        guard !word.isEmpty else { return false }
        var searchStart = line.startIndex
        while let range = line.range(of: word, range: searchStart..<line.endIndex) {
            let atWordStart = range.lowerBound == line.startIndex || !line[line.index(before: range.lowerBound)].isLetter
            let rest = line[range.upperBound...]
            let atWordEnd = rest.isEmpty || !rest.first!.isLetter || ["s", "es"].contains(where: { suffix in
                rest.hasPrefix(suffix) && (rest.count == suffix.count || !rest[rest.index(rest.startIndex, offsetBy: suffix.count)].isLetter)
            })
            if atWordStart && atWordEnd { return true }
            searchStart = range.upperBound
        }
        return false
    }

    /// Whether `word` appears in `text` where a word begins (after nothing, or after a character
    /// that is neither a letter nor a digit).
    func beginsWord(_ text: String, _ word: String) -> Bool {
        var searchStart = text.startIndex
        while let range = text.range(of: word, range: searchStart..<text.endIndex) {
            if range.lowerBound == text.startIndex { return true }
            let before = text[text.index(before: range.lowerBound)]
            if !before.isLetter && !before.isNumber { return true }
            searchStart = text.index(after: range.lowerBound)
        }
        return false
    }

    /// The words of a search that have something to look for (a lone `&` has not).
    func words(_ text: String) -> [String] {
        fold(text).split(whereSeparator: { $0.isWhitespace }).map(String.init).filter { $0.contains { $0.isLetter || $0.isNumber } }
    }

    func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

import Foundation

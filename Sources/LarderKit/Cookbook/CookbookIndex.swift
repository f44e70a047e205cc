import Foundation
import LarderCore

/// The index at the back of the book: every recipe under its title, and under each of its main
/// ingredients (`MainIngredients`), in one alphabetical list grouped by initial letter. The
/// same ingredient in several recipes is one heading, named as the first recipe in the book
/// named it.
enum CookbookIndex {
    /// `recipes` in book order, each with its main ingredients.
    static func build(_ recipes: [(view: RecipeView, terms: [MainIngredients.Term])]) -> [IndexLetterView] {
        var entries: [(sortKey: String, isTitle: Bool, entry: IndexEntryView)] = []
        var byIngredient: [String: Int] = [:]
        for (view, terms) in recipes {
            let reference = IndexRecipeView(title: view.title, anchor: view.anchor, number: view.number)
            entries.append((sortKey(view.title), true, IndexEntryView(term: view.title, recipe: reference, recipes: [])))
            for term in terms {
                if let position = byIngredient[term.key] {
                    entries[position].entry.recipes.append(reference)
                } else {
                    byIngredient[term.key] = entries.count
                    entries.append((sortKey(term.key), false, IndexEntryView(term: term.name, recipe: nil, recipes: [reference])))
                }
            }
        }
        for position in byIngredient.values {
            entries[position].entry.recipes.sort { sortKey($0.title) < sortKey($1.title) }
        }
        // Titles before an ingredient of the same spelling; otherwise as a reader alphabetises.
        entries.sort { a, b in
            let order = a.sortKey.compare(b.sortKey, options: [.numeric])
            return order == .orderedSame ? (a.isTitle && !b.isTitle) : order == .orderedAscending
        }
        var letters: [IndexLetterView] = []
        for (key, _, entry) in entries {
            let letter = key.first.map { $0.isLetter ? String($0).uppercased() : "#" } ?? "#"
            if letters.last?.letter == letter {
                letters[letters.count - 1].entries.append(entry)
            } else {
                letters.append(IndexLetterView(letter: letter, entries: [entry]))
            }
        }
        // Figures and signs first, as indexes put them.
        return letters.filter { $0.letter == "#" } + letters.filter { $0.letter != "#" }
    }

    /// Case and accents folded, leading punctuation and quotes skipped: `"Épinards"` sorts with E.
    static func sortKey(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return String(folded.drop { !$0.isLetter && !$0.isNumber })
    }
}

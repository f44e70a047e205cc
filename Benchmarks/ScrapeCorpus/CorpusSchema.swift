import Foundation
import LarderCore

/// Larder's recipe in the scrape corpus's common schema, following the conventions of the
/// scraper whose outputs the corpus holds: yields as "N servings" / "N items", categories
/// joined with ",", times in whole minutes, one group with no purpose when there are no groups.
enum CorpusSchema {
    static func object(for recipe: Recipe, caseHost: String) -> [String: Any] {
        func null(_ value: Any?) -> Any { value ?? NSNull() }
        let lines = recipe.ingredientGroups.flatMap { $0.ingredients.map(\.line) }
        let steps = recipe.instructionSections.flatMap { $0.steps.map(\.text) }
        let host = recipe.provenance.site.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 } ?? caseHost
        return [
            "url": null(recipe.provenance.sourceURL),
            "host": host,
            "title": recipe.title,
            "description": null(recipe.description),
            "author": null(recipe.provenance.author),
            "yields": null(yields(recipe.yield)),
            "total_time": null(minutes(recipe.times.total) ?? sum(minutes(recipe.times.prep), minutes(recipe.times.cook))),
            "prep_time": null(minutes(recipe.times.prep)),
            "cook_time": null(minutes(recipe.times.cook)),
            "image": null(recipe.images.first?.url),
            "category": null(recipe.categories.isEmpty ? nil : recipe.categories.joined(separator: ",")),
            "cuisine": null(recipe.cuisines.isEmpty ? nil : recipe.cuisines.joined(separator: ",")),
            "ingredients": lines,
            "ingredient_groups": recipe.ingredientGroups.map { ["purpose": null($0.name), "ingredients": $0.ingredients.map(\.line)] as [String: Any] },
            "instructions": steps,
            "nutrients": recipe.nutrition.isEmpty ? NSNull() : recipe.nutrition,
            "language": null(recipe.extras["inLanguage"]?.stringValue),
        ]
    }

    static func minutes(_ duration: RecipeDuration?) -> Int? {
        duration?.minutes.map { Int($0.rounded()) }
    }

    static func sum(_ a: Int?, _ b: Int?) -> Int? {
        guard let a, let b else { return nil }
        return a + b
    }

    /// "4 servings", "12 items", or the text when it has no number.
    static func yields(_ yield: Yield?) -> String? {
        guard let yield else { return nil }
        guard let quantity = yield.quantity else { return yield.text }
        let number = quantity.value == quantity.value.rounded() ? String(Int(quantity.value)) : String(quantity.value)
        if yield.servings != nil { return "\(number) serving\(quantity.value == 1 ? "" : "s")" }
        return "\(number) item\(quantity.value == 1 ? "" : "s")"
    }
}

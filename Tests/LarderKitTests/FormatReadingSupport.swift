import Foundation
import LarderCore
import LarderKit
import TestSupport

/// What a source produced for one input: the recipes and failures in order, with their items.
struct ReadOutcome {
    var item: String?
    var recipe: Recipe?
    var failure: String?
    var skipped: String?
}

/// Reads a file, folder or archive the way `larder import` does, without a library: read, then
/// normalized (group headings found, lines parsed) unless `normalized` is false.
func readAll(_ path: String, forced: RecipeFormat? = nil, normalized: Bool = true) async throws -> [ReadOutcome] {
    var outcomes: [ReadOutcome] = []
    let normalize = NormalizeStage()
    try await FileSource(path: path, forced: forced).read { event in
        switch event {
        case .recipe(var recipe, _, let item), .recipeNoting(var recipe, _, let item, _, _):
            if normalized, case .keep(let kept) = try await normalize.apply(recipe) { recipe = kept }
            outcomes.append(ReadOutcome(item: item, recipe: recipe))
        case .failed(_, let item, let reason): outcomes.append(ReadOutcome(item: item, failure: reason))
        case .skipped(_, let item, let reason, _): outcomes.append(ReadOutcome(item: item, skipped: reason))
        case .fetched: break
        }
    }
    return outcomes
}

/// The fields of a recipe a person checks against the source file, as JSON: what the
/// table-driven tests compare with `Tests/Fixtures/formats-expected/`.
func summary(of outcome: ReadOutcome) -> [String: JSONValue] {
    var object: [String: JSONValue] = [:]
    if let failure = outcome.failure { object["failure"] = .string(failure) }
    guard let recipe = outcome.recipe else { return object }
    func strings(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
    object["title"] = .string(recipe.title)
    if let yield = recipe.yield {
        object["yield"] = .string(yield.text ?? yield.quantity.map { YAMLText.number($0.value) } ?? "")
    }
    for (key, duration) in [("prep", recipe.times.prep), ("cook", recipe.times.cook), ("total", recipe.times.total)] {
        if let minutes = duration?.minutes { object[key] = .number(minutes) }
    }
    object["categories"] = strings(recipe.categories)
    object["cuisines"] = strings(recipe.cuisines)
    object["tags"] = strings(recipe.tags)
    if let url = recipe.provenance.sourceURL { object["sourceURL"] = .string(url) }
    if let author = recipe.provenance.author { object["author"] = .string(author) }
    object["ingredients"] = strings(recipe.ingredients.map(\.line))
    object["groups"] = strings(recipe.ingredientGroups.map { $0.name ?? "" })
    object["steps"] = .number(Double(recipe.steps.count))
    if let first = recipe.steps.first { object["firstStep"] = .string(String(first.text.prefix(60))) }
    object["sections"] = strings(recipe.instructionSections.map { $0.name ?? "" })
    object["images"] = strings(recipe.images.map { image in
        let local = image.embeddedData.map { "local " + (ImageBytes.mediaType(of: $0) ?? "?") }
        return [image.url, local].compactMap { $0 }.joined(separator: " + ")
    })
    object["notes"] = .number(Double(recipe.notes.count))
    if let rating = recipe.rating { object["rating"] = .number(rating.value) }
    if !recipe.nutrition.isEmpty { object["nutrition"] = strings(recipe.nutrition.keys.sorted()) }
    if let created = recipe.dates.created { object["created"] = .string(CanonicalJSON.format(created)) }
    return object
}

/// A recipe with what differs between two reads of the same data (when and from where)
/// set aside, for comparing a read with the read of what was written from it.
func comparable(_ recipe: Recipe) -> Recipe {
    var copy = recipe
    copy.provenance.input = nil
    copy.provenance.importedAt = nil
    return copy
}

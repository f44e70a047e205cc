import Foundation
import LarderCore

/// Recipes that a page keeps in the state its JavaScript framework renders it from, rather than
/// in JSON-LD: Next.js's `__NEXT_DATA__`, Nuxt's `__NUXT_DATA__`, Inertia.js's `data-page`, `window.__INITIAL_STATE__`,
/// Apollo's `window.__APOLLO_STATE__` and the like. Found by shape, never by site: a schema.org
/// Recipe node anywhere in the state, else an object with a title, a list that reads like
/// ingredients and one that reads like steps. Each is handed on in schema.org's shape, so the
/// one mapper reads it.
enum PageStateRecipes {
    /// How far into the state the search goes, and how many values it looks at: states run to
    /// megabytes, and a recipe sits within a few levels of a page's props.
    static let maxDepth = 40
    static let maxValues = 200_000

    static func recipes(in states: [ScriptStripper.PageState]) -> [JSONValue] {
        var found: [JSONValue] = []
        for state in states {
            guard let parsed = try? JSONValue.parse(Data(state.json.utf8)) else { continue }
            let value = state.name == "__NUXT_DATA__" ? NuxtPayload.revive(parsed) : parsed
            var budget = maxValues
            search(value, depth: 0, budget: &budget, into: &found)
        }
        return found
    }

    /// Inertia.js (Laravel's and Rails' single-page bridge) writes its page object as JSON in
    /// the `data-page` attribute of the element it mounts on (`<div id="app" data-page="{…}">`).
    static func inertiaStates(in document: HTMLDocument) -> [ScriptStripper.PageState] {
        document.elements(matching: "//*[@data-page]").compactMap { element in
            guard let json = element.attribute("data-page"), json.first == "{" else { return nil }
            return ScriptStripper.PageState(name: "inertia", json: json)
        }
    }

    static func search(_ value: JSONValue, depth: Int, budget: inout Int, into found: inout [JSONValue]) {
        budget -= 1
        guard budget > 0, depth < maxDepth else { return }
        switch value {
        case .array(let items):
            for item in items { search(item, depth: depth + 1, budget: &budget, into: &found) }
        case .object(let object):
            if isSchemaRecipe(object) {
                found.append(value)
                return
            }
            if let recipe = recipeShaped(object) {
                found.append(.object(recipe))
                return
            }
            for key in object.keys.sorted() { search(object[key]!, depth: depth + 1, budget: &budget, into: &found) }
        default:
            break
        }
    }

    static func isSchemaRecipe(_ object: [String: JSONValue]) -> Bool {
        guard let type = object["@type"] else { return false }
        let types = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
        return types.contains { $0.lowercased() == "recipe" }
    }

    static let titleKeys = ["name", "title", "recipeName", "headline", "displayName"]
    static let descriptionKeys = ["description", "summary", "intro", "subtitle"]
    static let wholeLineKeys = ["text", "raw", "line", "displayText", "originalText"]
    static let lineTextKeys = ["text", "raw", "line", "displayText", "originalText", "description", "name", "title", "ingredient", "instruction", "step", "value"]
    static let groupListWords = ["ingredient", "instruction", "step", "items", "lines", "direction"]
    static let yieldKeys = ["recipeYield", "yield", "yields", "servings", "serves", "portions"]
    static let imageKeys = ["image", "imageUrl", "imageURL", "photo", "thumbnail", "picture"]

    /// An object that says its title and holds ingredient lines and steps, in schema.org's
    /// shape; nil for anything else.
    static func recipeShaped(_ object: [String: JSONValue]) -> [String: JSONValue]? {
        guard let title = titleKeys.lazy.compactMap({ object[$0]?.stringValue.flatMap(TextCleaner.nonEmptyLine) }).first else { return nil }
        let ingredientKey = object.keys.sorted().first { $0.lowercased().contains("ingredient") && lines(object[$0]!).count >= 2 }
        let instructionKey = object.keys.sorted().first { key in
            let lower = key.lowercased()
            return ["instruction", "step", "direction", "method", "preparation"].contains(where: lower.contains) && !lines(object[key]!).isEmpty
        }
        guard let ingredientKey, let instructionKey else { return nil }
        var recipe: [String: JSONValue] = [
            "@type": .string("Recipe"),
            "name": .string(title),
            "recipeIngredient": .array(lines(object[ingredientKey]!).map(JSONValue.string)),
            "recipeInstructions": .array(lines(object[instructionKey]!).map(JSONValue.string)),
        ]
        if let description = descriptionKeys.lazy.compactMap({ object[$0]?.stringValue }).first { recipe["description"] = .string(description) }
        if let yield = yieldKeys.lazy.compactMap({ object[$0]?.stringValue }).first { recipe["recipeYield"] = .string(yield) }
        if let image = imageKeys.lazy.compactMap({ object[$0].flatMap(imageURL) }).first { recipe["image"] = .string(image) }
        for key in ["prepTime", "cookTime", "totalTime", "recipeCategory", "recipeCuisine", "author"] where object[key] != nil {
            recipe[key] = object[key]
        }
        return recipe
    }

    /// The lines of a list: its strings, or the text of its objects (`{"text": "2 eggs"}`),
    /// through one level of groups (`[{"title": "Sauce", "ingredients": […]}]`); a string with
    /// line breaks is a list written as text.
    static func lines(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text):
            return text.split(whereSeparator: \.isNewline).compactMap { TextCleaner.nonEmptyLine(String($0)) }
        case .array(let items):
            return items.flatMap { item -> [String] in
                if let text = item.stringValue { return TextCleaner.nonEmptyLine(text).map { [$0] } ?? [] }
                guard let object = item.objectValue else { return [] }
                // A group: its own list of lines, under a key that says so.
                let listKey = object.keys.sorted().first { key in
                    let lower = key.lowercased()
                    return object[key]?.arrayValue != nil && groupListWords.contains(where: lower.contains)
                }
                if let listKey {
                    let inner = lines(object[listKey]!)
                    if !inner.isEmpty { return inner }
                }
                // A line written whole wins; then one kept in parts; then a name alone.
                if let text = wholeLineKeys.lazy.compactMap({ object[$0]?.stringValue.flatMap(TextCleaner.nonEmptyLine) }).first { return [text] }
                if let text = composedLine(object) { return [text] }
                return lineTextKeys.lazy.compactMap { object[$0]?.stringValue.flatMap(TextCleaner.nonEmptyLine) }.first.map { [$0] } ?? []
            }
        default:
            return []
        }
    }

    static let amountKeys = ["amount", "quantity", "qty"]
    static let unitKeys = ["unit", "measure"]
    static let foodKeys = ["ingredient", "food", "item", "product"]
    static let partNameKeys = ["name", "title", "abbreviation", "name_singular", "singular", "text"]

    /// A line an API keeps in parts: an amount, a unit and the food, each a value or an object
    /// that names it (`{"amount": 2, "unit": {"name": "dl"}, "ingredient": {"name": "milk"}}`).
    /// Nil unless the food is named.
    static func composedLine(_ object: [String: JSONValue]) -> String? {
        guard let food = foodKeys.lazy.compactMap({ object[$0].flatMap(partName) }).first,
              (amountKeys + unitKeys).contains(where: { object[$0] != nil }) else { return nil }
        var parts: [String] = []
        if let amount = amountKeys.lazy.compactMap({ object[$0] }).first {
            if let number = amount.doubleValue {
                parts.append(number == number.rounded() && abs(number) < 1e9 ? String(Int(number)) : String(number))
            } else if let text = amount.stringValue.flatMap(TextCleaner.nonEmptyLine) {
                parts.append(text)
            }
        }
        if let unit = unitKeys.lazy.compactMap({ object[$0].flatMap(partName) }).first { parts.append(unit) }
        parts.append(food)
        return parts.joined(separator: " ")
    }

    /// The name of one part of a line: its text, or the name of the object standing for it.
    static func partName(_ value: JSONValue) -> String? {
        if let text = value.stringValue { return TextCleaner.nonEmptyLine(text) }
        guard let object = value.objectValue else { return nil }
        return partNameKeys.lazy.compactMap { object[$0]?.stringValue.flatMap(TextCleaner.nonEmptyLine) }.first
    }

    static func imageURL(_ value: JSONValue) -> String? {
        if let text = value.stringValue, text.hasPrefix("http") || text.hasPrefix("/") { return text }
        if let object = value.objectValue { return ["url", "src", "href"].lazy.compactMap { object[$0]?.stringValue }.first }
        return value.arrayValue?.lazy.compactMap(imageURL).first
    }
}

/// Nuxt 3 writes its payload (`__NUXT_DATA__`) flattened: one array whose objects and arrays
/// hold the indices of their values, with markers for reactive wrappers
/// (`["Reactive", 3]`). Revived here into plain JSON.
enum NuxtPayload {
    static let wrappers: Set<String> = ["Reactive", "ShallowReactive", "Ref", "ShallowRef", "EmptyRef", "EmptyShallowRef", "NuxtError", "Island"]

    static func revive(_ payload: JSONValue) -> JSONValue {
        guard let table = payload.arrayValue, !table.isEmpty else { return payload }
        var memo: [Int: JSONValue] = [:]
        var budget = PageStateRecipes.maxValues
        return value(at: 0, table: table, memo: &memo, depth: 0, budget: &budget)
    }

    static func value(at index: Int, table: [JSONValue], memo: inout [Int: JSONValue], depth: Int, budget: inout Int) -> JSONValue {
        guard index >= 0, index < table.count, depth < PageStateRecipes.maxDepth, budget > 0 else { return .null }
        if let known = memo[index] { return known }
        budget -= 1
        let revived: JSONValue
        switch table[index] {
        case .array(let items):
            if let marker = items.first?.stringValue, wrappers.contains(marker) || marker == "Date" || marker == "Set" || marker == "Map" {
                revived = items.count > 1 ? reference(items[1], table: table, memo: &memo, depth: depth, budget: &budget) : .null
            } else {
                revived = .array(items.map { reference($0, table: table, memo: &memo, depth: depth, budget: &budget) })
            }
        case .object(let object):
            revived = .object(object.mapValues { reference($0, table: table, memo: &memo, depth: depth, budget: &budget) })
        case let primitive:
            revived = primitive
        }
        memo[index] = revived
        return revived
    }

    static func reference(_ value: JSONValue, table: [JSONValue], memo: inout [Int: JSONValue], depth: Int, budget: inout Int) -> JSONValue {
        guard case .number(let number) = value, number >= 0, number == number.rounded() else { return value }
        return self.value(at: Int(number), table: table, memo: &memo, depth: depth + 1, budget: &budget)
    }
}

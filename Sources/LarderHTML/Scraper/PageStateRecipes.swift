import Foundation
import LarderCore

/// Recipes that a page keeps in the state its JavaScript framework renders it from, rather than
/// in JSON-LD: Next.js's `__NEXT_DATA__`, Nuxt's `__NUXT_DATA__`, Inertia.js's `data-page`, `window.__INITIAL_STATE__`,
/// Apollo's `window.__APOLLO_STATE__` and the like. Found by shape, never by site: a schema.org
/// Recipe node anywhere in the state, else an object with a title, a list that reads like
/// ingredients and one that reads like steps. Each is handed on in schema.org's shape, so the
/// one mapper reads it.
enum PageStateRecipes {
    /// How far into the state the search goes, and how many values it looks at: a recipe sits
    /// within a few levels of a page's props. A state written as plain JSON has fewer values
    /// than bytes, so it is always searched whole; a Nuxt payload shares values (`NuxtPayload`),
    /// and one that shares lists within lists would unfold to far more values than its bytes:
    /// its search stops at the larger of `maxValues` and its size, and says so (`Found`).
    static let maxDepth = 40
    static let maxValues = 200_000

    /// The recipe-like values of the states, and the limit a search stopped at before it
    /// looked at all of a state's values (nil when every state was searched whole).
    struct Found {
        var recipes: [JSONValue] = []
        var stoppedAt: InputLimits.Exceeded?
    }

    static func recipes(in states: [ScriptStripper.PageState]) -> Found {
        var found = Found()
        for state in states {
            guard let parsed = try? JSONValue.parse(Data(state.json.utf8)) else { continue }
            let value = state.name == "__NUXT_DATA__" ? NuxtPayload.revive(parsed) : parsed
            let limit = max(maxValues, state.json.utf8.count)
            var budget = limit
            search(value, depth: 0, budget: &budget, into: &found.recipes)
            if budget <= 0, found.stoppedAt == nil {
                found.stoppedAt = InputLimits.Exceeded("values in the page's script state (\(state.name))", limit: limit, per: "page")
            }
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
        // A path on the site is resolved against the page later (`RecipeScraper.absolute`).
        if let text = value.stringValue, WebAddress.isWebAddress(text) || text.hasPrefix("/") { return text }
        if let object = value.objectValue { return ["url", "src", "href"].lazy.compactMap { object[$0]?.stringValue }.first }
        return value.arrayValue?.lazy.compactMap(imageURL).first
    }
}

/// Nuxt 3 writes its payload (`__NUXT_DATA__`) flattened: one array whose objects and arrays
/// hold the indices of their values, with markers for reactive wrappers
/// (`["Reactive", 3]`). Revived here into plain JSON, whole: each entry of the table is revived
/// once, after the entries it refers to, and a value used twice is shared, not copied, so the
/// work and the memory are linear in the payload however deep or wide it is. (A revival that
/// stopped after 200,000 values turned the rest into nulls, and a recipe past them lost its
/// lines without a word.) A reference back to an entry still being revived (a cycle, which
/// a tree cannot hold) is the only value left null.
enum NuxtPayload {
    static let wrappers: Set<String> = ["Reactive", "ShallowReactive", "Ref", "ShallowRef", "EmptyRef", "EmptyShallowRef", "NuxtError", "Island"]

    static func revive(_ payload: JSONValue) -> JSONValue {
        guard let table = payload.arrayValue, !table.isEmpty else { return payload }
        var revived = [JSONValue?](repeating: nil, count: table.count)
        var opened = [Bool](repeating: false, count: table.count)
        // Depth first without recursion (a chain of 100,000 entries must not exhaust the
        // stack): an entry is opened when first on top, its unopened references pushed above
        // it; when it is on top again they are all revived, and so is it.
        var stack = [0]
        while let index = stack.last {
            if revived[index] != nil {
                stack.removeLast()
            } else if !opened[index] {
                opened[index] = true
                for reference in references(of: table[index], count: table.count) where !opened[reference] { stack.append(reference) }
            } else {
                stack.removeLast()
                revived[index] = build(table[index], from: revived)
            }
        }
        return revived[0] ?? .null
    }

    /// A wrapper stands for the value it wraps; a date, set or map for its first value.
    static func wrapped(_ items: [JSONValue]) -> JSONValue?? {
        guard let marker = items.first?.stringValue, wrappers.contains(marker) || marker == "Date" || marker == "Set" || marker == "Map" else { return nil }
        return .some(items.count > 1 ? items[1] : nil)
    }

    /// The entries an entry refers to.
    static func references(of entry: JSONValue, count: Int) -> [Int] {
        let values: [JSONValue]
        switch entry {
        case .array(let items):
            if let inner = wrapped(items) { values = inner.map { [$0] } ?? [] } else { values = items }
        case .object(let object):
            values = Array(object.values)
        default:
            values = []
        }
        return values.compactMap { index(of: $0, count: count) }
    }

    /// The entry, with its references replaced by the values revived for them.
    static func build(_ entry: JSONValue, from revived: [JSONValue?]) -> JSONValue {
        func resolve(_ value: JSONValue) -> JSONValue {
            guard let index = index(of: value, count: revived.count) else { return value }
            return revived[index] ?? .null
        }
        switch entry {
        case .array(let items):
            if let inner = wrapped(items) { return inner.map(resolve) ?? .null }
            return .array(items.map(resolve))
        case .object(let object):
            return .object(object.mapValues(resolve))
        case let primitive:
            return primitive
        }
    }

    /// A whole, non-negative number within the table is a reference; anything else is itself.
    static func index(of value: JSONValue, count: Int) -> Int? {
        guard case .number(let number) = value, number >= 0, number == number.rounded(), number < Double(count) else { return nil }
        return Int(number)
    }
}

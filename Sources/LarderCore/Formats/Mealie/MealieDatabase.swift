import Foundation

/// Mealie's backup (`database.json` in the zip its admin page makes): every table of its
/// database as a list of rows. A recipe row holds only the recipe's own columns; its
/// ingredients, steps, notes, nutrition and settings are rows of other tables that name it by
/// `recipe_id`, its categories, tags and tools rows of their own tables joined through
/// `recipes_to_*`, and an ingredient names its unit and food by id. Reading the `recipes` table
/// alone gave recipes with nothing to cook from; this puts each recipe back together in the
/// shape Mealie's export writes, for `MealieMapper` to read.
public enum MealieDatabase {
    /// Whether `value` is a Mealie database dump: a `recipes` table beside the tables of its
    /// ingredients or steps.
    public static func isDatabase(_ value: JSONValue) -> Bool {
        guard let object = value.objectValue, object["recipes"]?.arrayValue != nil else { return false }
        return object["recipes_ingredients"]?.arrayValue != nil || object["recipe_instructions"]?.arrayValue != nil
    }

    /// Each recipe row with the rows that belong to it, as one Mealie recipe object:
    /// `recipe_ingredient` (units and foods by name), `recipe_instructions`, `recipe_category`,
    /// `tags`, `tools`, `notes`, `nutrition`, `assets` and `comments`, in Mealie's order
    /// (`position`, then the table's order).
    public static func recipes(in value: JSONValue) -> [JSONValue] {
        guard let tables = value.objectValue else { return [] }
        let units = names(tables["ingredient_units"])
        let foods = names(tables["ingredient_foods"])
        let categories = names(tables["categories"])
        let tags = names(tables["tags"])
        let tools = names(tables["tools"])
        let ingredients = rows(tables["recipes_ingredients"], ordered: true)
        let instructions = rows(tables["recipe_instructions"], ordered: true)
        let notes = rows(tables["notes"])
        let nutrition = rows(tables["recipe_nutrition"])
        let settings = rows(tables["recipe_settings"])
        let assets = rows(tables["recipe_assets"])
        let comments = rows(tables["recipe_comments"])
        let recipeCategories = joined(tables["recipes_to_categories"], key: "category_id", names: categories)
        let recipeTags = joined(tables["recipes_to_tags"], key: "tag_id", names: tags)
        let recipeTools = joined(tables["recipes_to_tools"], key: "tool_id", names: tools)

        return (tables["recipes"]?.arrayValue ?? []).compactMap { row in
            guard var recipe = row.objectValue else { return nil }
            let id = recipe["id"]?.stringValue ?? ""
            let disableAmount = settings[id]?.first?["disable_amount"] ?? .null
            recipe["recipe_ingredient"] = .array((ingredients[id] ?? []).map { item in
                ingredient(item, units: units, foods: foods, disableAmount: disableAmount)
            })
            recipe["recipe_instructions"] = .array((instructions[id] ?? []).map { step in
                .object(["title": step["title"] ?? .null, "text": step["text"] ?? .null])
            })
            recipe["recipe_category"] = nameList(recipeCategories[id])
            recipe["tags"] = nameList(recipeTags[id])
            recipe["tools"] = nameList(recipeTools[id])
            recipe["notes"] = .array((notes[id] ?? []).map { note in
                .object(["title": note["title"] ?? .null, "text": note["text"] ?? .null])
            })
            if let facts = nutrition[id]?.first?.objectValue {
                recipe["nutrition"] = .object(facts.filter { !bookkeeping.contains($0.key) && $0.key != "recipe_id" })
            }
            // Attached files and comments are the users' own: kept (and named as not read).
            recipe["assets"] = .array((assets[id] ?? []).map { asset in
                .object((asset.objectValue ?? [:]).filter { !bookkeeping.contains($0.key) && $0.key != "recipe_id" })
            })
            recipe["comments"] = .array((comments[id] ?? []).map { comment in
                .object((comment.objectValue ?? [:]).filter { !bookkeeping.contains($0.key) && $0.key != "recipe_id" })
            })
            return .object(recipe)
        }
    }

    /// The columns every table has that say nothing about the recipe.
    static let bookkeeping: Set<String> = ["id", "created_at", "update_at"]

    /// One ingredient row as Mealie's export writes an ingredient: its unit and food by name.
    static func ingredient(_ row: JSONValue, units: [String: String], foods: [String: String], disableAmount: JSONValue) -> JSONValue {
        var item: [String: JSONValue] = [
            "title": row["title"] ?? .null,
            "note": row["note"] ?? .null,
            "quantity": row["quantity"] ?? .null,
            "originalText": row["original_text"] ?? .null,
            "disableAmount": disableAmount,
        ]
        if let unit = row["unit_id"]?.stringValue.flatMap({ units[$0] }) { item["unit"] = .object(["name": .string(unit)]) }
        if let food = row["food_id"]?.stringValue.flatMap({ foods[$0] }) { item["food"] = .object(["name": .string(food)]) }
        return .object(item)
    }

    /// A table of named things (units, foods, tags) by id.
    static func names(_ table: JSONValue?) -> [String: String] {
        var result: [String: String] = [:]
        for row in table?.arrayValue ?? [] {
            guard let id = row["id"]?.stringValue, let name = row["name"]?.stringValue else { continue }
            result[id] = name
        }
        return result
    }

    /// A table's rows by the recipe they belong to; `ordered`: by their `position`, rows of
    /// equal position in the table's order.
    static func rows(_ table: JSONValue?, ordered: Bool = false) -> [String: [JSONValue]] {
        var result: [String: [JSONValue]] = [:]
        for row in table?.arrayValue ?? [] {
            guard let recipe = row["recipe_id"]?.stringValue else { continue }
            result[recipe, default: []].append(row)
        }
        guard ordered else { return result }
        return result.mapValues { rows in
            rows.enumerated().sorted { a, b in
                let (left, right) = (a.element["position"]?.doubleValue ?? 0, b.element["position"]?.doubleValue ?? 0)
                return left != right ? left < right : a.offset < b.offset
            }.map(\.element)
        }
    }

    /// A join table (`recipes_to_tags`) as each recipe's names, in the join table's order.
    static func joined(_ table: JSONValue?, key: String, names: [String: String]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for row in table?.arrayValue ?? [] {
            guard let recipe = row["recipe_id"]?.stringValue, let name = row[key]?.stringValue.flatMap({ names[$0] }) else { continue }
            result[recipe, default: []].append(name)
        }
        return result
    }

    static func nameList(_ names: [String]?) -> JSONValue {
        .array((names ?? []).map { .object(["name": .string($0)]) })
    }
}

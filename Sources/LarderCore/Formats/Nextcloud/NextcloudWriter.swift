import Foundation

/// Recipe → Nextcloud Cookbook's `recipe.json`: schema.org with the app's own habits — the
/// yield a whole number, one category, keywords as one comma string, steps as plain strings.
public enum NextcloudWriter {
    public static func object(for recipe: Recipe) -> [String: JSONValue] {
        var object = SchemaOrgWriter.object(for: recipe)
        if let servings = recipe.yield?.quantity?.value, servings.rounded() == servings, servings > 0,
           recipe.yield?.unit == nil || recipe.yield?.servings != nil {
            object["recipeYield"] = .number(servings)
        }
        object["recipeCategory"] = .string(recipe.categories.first ?? "")
        object["keywords"] = .string(recipe.tags.joined(separator: ","))
        object["recipeInstructions"] = .array(recipe.steps.map { .string($0.text) })
        object["recipeIngredient"] = .array(recipe.ingredients.map { .string($0.line) })
        if object["tool"] == nil { object["tool"] = .array([]) }
        if object["nutrition"] == nil { object["nutrition"] = .object([:]) }
        return object
    }

    public static func unheld(_ recipe: Recipe) -> [String] {
        var lost = SchemaOrgWriter.unheld(recipe)
        if recipe.categories.count > 1 { lost.append("more than one category") }
        if recipe.instructionSections.contains(where: { $0.name != nil }) { lost.append("instruction section names") }
        return lost
    }
}

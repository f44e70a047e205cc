import Foundation

/// Recognises group headings written inside ingredient lists ("For the sauce:", "FROSTING",
/// "--- Filling ---") so that they become group names instead of ingredients.
public enum IngredientHeading {
    /// The heading's name, or nil when the line is an ingredient.
    public static func name(of line: String) -> String? {
        var text = line.trimmed
        // `## Topping 1`: a Markdown heading, which Nextcloud Cookbook shows as a heading among
        // the ingredients, is a heading whatever its words.
        let markedHeading = text.hasPrefix("#") && text.drop(while: { $0 == "#" }).first == " "
        guard !text.isEmpty, text.count <= (markedHeading ? 200 : 60), !text.contains(where: \.isNumber) || endsWithNumberedTitle(text) || markedHeading else { return nil }
        // `[Soup]`: RecipeSage's and Tandoor's way of writing a group inside the lines.
        if text.count > 2, text.hasPrefix("["), text.hasSuffix("]"), !text.dropFirst().dropLast().contains(where: { "[]".contains($0) }) {
            return TextCleaner.nonEmptyLine(String(text.dropFirst().dropLast()))
        }
        // Decorations: "--- Filling ---", "== Sauce ==", "## Topping", "*Glaze*".
        let decoration: Set<Character> = ["-", "=", "#", "*", "_", "~", "—", "–"]
        let decorated = text.first.map(decoration.contains) == true || text.last.map(decoration.contains) == true
        text = String(text.drop(while: { decoration.contains($0) || $0 == " " }))
        while let last = text.last, decoration.contains(last) || last == " " { text.removeLast() }
        let endsWithColon = text.hasSuffix(":")
        if endsWithColon { text.removeLast() }
        text = text.trimmed
        let words = text.split(separator: " ")
        guard !words.isEmpty, words.count <= 6 || markedHeading, text.contains(where: \.isLetter) else { return nil }
        let letters = text.filter(\.isLetter)
        let shouting = letters.count >= 3 && letters.allSatisfy(\.isUppercase) && words.count <= 4
        let lower = text.lowercased()
        let forPart = lower.hasPrefix("for the ") || lower.hasPrefix("for ") && words.count <= 4
        guard endsWithColon || decorated || shouting || forPart else { return nil }
        // "Salt:" or "SALT" alone is an ingredient; headings name a part of the dish.
        if words.count == 1 && commonSingleIngredients.contains(lower) && !markedHeading { return nil }
        return text
    }

    /// `For layer 2:`, `Topping 1:`, `Heading2:`: a title that numbers its part, closed by a
    /// colon, with no other number in it. An amount comes first in an ingredient line and a
    /// colon does not close one (`Salt: 1 tsp`, `2 cups flour`).
    static func endsWithNumberedTitle(_ line: String) -> Bool {
        guard line.hasSuffix(":") else { return false }
        let words = line.dropLast().split(separator: " ")
        guard let last = words.last, let firstDigit = last.firstIndex(where: \.isNumber) else { return false }
        let numbered = last[firstDigit...].allSatisfy(\.isNumber) && last[..<firstDigit].allSatisfy(\.isLetter)
        let before = words.dropLast().joined(separator: " ") + last[..<firstDigit]
        return numbered && !before.contains(where: \.isNumber) && before.filter(\.isLetter).count >= 3
    }

    public static let commonSingleIngredients: Set<String> = ["salt", "pepper", "water", "oil", "sugar", "butter", "ice"]

    /// Heading lines inside a group ("For the sauce:") start a new group with that name; a
    /// heading with nothing after it stays a line, so nothing is lost. Only lines the source
    /// left unstructured are candidates: a line whose source named its ingredient (TheMealDB's
    /// split measure and name, an app's `food`, Cooklang's `@name`) is an ingredient, however
    /// its measure reads (`For frying` + `Oil`).
    /// - Parameter asWritten: keep a title's closing colon ("For the sauce:"), as pages show
    ///   their group titles; decorations ("--- Filling ---") go either way.
    public static func splitGroups(_ groups: [IngredientGroup], asWritten: Bool = false) -> [IngredientGroup] {
        groups.flatMap { group in
            split(group) { index, ingredient in
                guard ingredient.quantity == nil, ingredient.unit == nil, ingredient.name == nil,
                      index < group.ingredients.count - 1 else { return nil }
                let line = TextCleaner.line(ingredient.line)
                guard let name = name(of: line) else { return nil }
                let unwritten = line.dropLast().trimmingCharacters(in: .whitespaces)
                return asWritten && line.hasSuffix(":") && unwritten == name ? line : name
            }
        }
    }

    /// A group split at the lines `headingName` names as titles: each starts a group under
    /// that name, holding the lines after it.
    public static func split(_ group: IngredientGroup, headingName: (_ index: Int, _ ingredient: Ingredient) -> String?) -> [IngredientGroup] {
        var result: [IngredientGroup] = []
        var current = IngredientGroup(name: group.name, ingredients: [])
        for (index, ingredient) in group.ingredients.enumerated() {
            if let heading = headingName(index, ingredient) {
                if !current.ingredients.isEmpty { result.append(current) }
                current = IngredientGroup(name: heading, ingredients: [])
            } else {
                current.ingredients.append(ingredient)
            }
        }
        if !current.ingredients.isEmpty || current.name != nil { result.append(current) }
        return result
    }
}

import Foundation

/// A recipe's parts flattened to the plain text that formats without structure hold
/// (Paprika, Copy Me That, Plan to Eat): ingredient lines with group headings as lines of
/// their own, steps as paragraphs, durations and yields as words.
public enum FlatText {
    /// Ingredient lines as such formats hold them, one per line, tidied, in one group:
    /// headings among them are found later (`IngredientHeading`), like those of any source.
    public static func ingredientGroups(fromText text: String) -> [IngredientGroup] {
        ingredientGroups(fromLines: text.split(whereSeparator: \.isNewline).map(String.init))
    }

    public static func ingredientGroups(fromLines lines: [String]) -> [IngredientGroup] {
        let cleaned = lines.map(IngredientLineCleaner.clean).filter { !$0.isEmpty }
        return cleaned.isEmpty ? [] : [IngredientGroup(ingredients: cleaned.map { Ingredient(line: $0) })]
    }

    /// One line per ingredient; a named group starts with a heading line that
    /// `IngredientHeading` reads back as that name: `Name:`, as cooks and sites write it, or
    /// `## Name` for a name that does not read as a title so (`Pâte (4 heures)`, seven words).
    public static func ingredientLines(_ groups: [IngredientGroup]) -> [String] {
        var lines: [String] = []
        for group in groups {
            if let name = group.name, !name.isEmpty { lines.append(headingLine(name)) }
            lines += group.ingredients.map(ingredientLine)
        }
        return lines
    }

    static func headingLine(_ name: String) -> String {
        let titled = name.hasSuffix(":") ? name : name + ":"
        let bare = titled.dropLast().trimmed
        return IngredientHeading.name(of: titled) == bare ? titled : "## " + name
    }

    /// An ingredient as a line of its own that reads back as that ingredient. A line that
    /// would be taken for a group heading (TheMealDB's `For frying` + `Oil` joined as `For
    /// frying Oil`) is written name first, as cooks write it: `Oil, for frying`.
    public static func ingredientLine(_ ingredient: Ingredient) -> String {
        let line = ingredient.line
        guard ingredient.quantity == nil, ingredient.unit == nil, let name = ingredient.name, !name.isEmpty,
              IngredientHeading.name(of: line) != nil,
              let range = line.range(of: name, options: [.caseInsensitive, .backwards]) else { return line }
        let rest = (line[..<range.lowerBound] + " " + line[range.upperBound...])
            .split(separator: " ").joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,;"))
        guard !rest.isEmpty else { return line }
        // `For frying` → `for frying`; a word in capitals stays as written.
        let startsSentence = rest.first?.isUppercase == true && rest.dropFirst().first?.isLowercase == true
        return "\(line[range]), \(startsSentence ? rest.prefix(1).lowercased() + rest.dropFirst() : rest)"
    }

    /// Steps one per line; a named section starts with its name on a line of its own.
    public static func stepLines(_ sections: [InstructionSection]) -> [String] {
        var lines: [String] = []
        for section in sections {
            if let name = section.name, !name.isEmpty { lines.append(name) }
            lines += section.steps.map(\.text)
        }
        return lines
    }

    /// The source's own words when kept, else `1 h 30 min`.
    public static func duration(_ duration: RecipeDuration?) -> String? {
        guard let duration else { return nil }
        if let text = duration.text, !text.isEmpty { return text }
        return duration.minutes.map { DurationText.describe(minutes: $0, upper: duration.upperMinutes) }
    }

    public static func yield(_ yield: Yield?) -> String? {
        yield.flatMap(RecipeFacts.yieldText)
    }

    /// Titles from apps arrive with stray white space and, from macOS, decomposed accents.
    public static func title(_ raw: String) -> String {
        TextCleaner.line(raw).precomposedStringWithCanonicalMapping
    }
}

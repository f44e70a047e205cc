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
        // `Med Eggplant *`: a mark after a thing points to a note about it, not a title's
        // decoration, which stands on both sides (`*Glaze*`) or before it.
        if text.hasSuffix("*"), !text.hasPrefix("*") { return nil }
        let decorated = text.first.map(decoration.contains) == true || text.last.map(decoration.contains) == true
        text = String(text.drop(while: { decoration.contains($0) || $0 == " " }))
        while let last = text.last, decoration.contains(last) || last == " " { text.removeLast() }
        let endsWithColon = text.hasSuffix(":")
        if endsWithColon { text.removeLast() }
        text = text.trimmed
        let words = text.split(separator: " ")
        let purpose = isPurpose(words)
        guard !words.isEmpty, words.count <= 6 || markedHeading || purpose, text.contains(where: \.isLetter) else { return nil }
        let letters = text.filter(\.isLetter)
        let shouting = letters.count >= 3 && letters.allSatisfy(\.isUppercase) && words.count <= 4
        let lower = text.lowercased()
        let forPart = lower.hasPrefix("for the ") || lower.hasPrefix("for ") && words.count <= 4
        guard endsWithColon || decorated || shouting || forPart || purpose else { return nil }
        // "Salt:" or "SALT" alone is an ingredient; headings name a part of the dish.
        if words.count == 1 && commonSingleIngredients.contains(lower) && !markedHeading { return nil }
        return text
    }

    /// `To pour over the dough after mixing`, `To brush on the dough before baking`: what the
    /// lines below are for, as Zip Recipes' and other cards title them. It names no thing (only
    /// `to taste` opens a measure that way), has neither a comma nor a colon inside (`To serve:
    /// lemon wedges` holds its thing) and is short enough for a title.
    static func isPurpose(_ words: [Substring]) -> Bool {
        // `to taste`, `to your taste` open a measure, not a purpose.
        guard words.count >= 2, words.count <= 10, words[0].lowercased() == "to", words[1].first?.isLetter == true,
              !words.prefix(3).contains(where: { $0.lowercased().hasPrefix("taste") }) else { return false }
        return !words.dropLast().contains { $0.contains(",") || $0.contains(":") } && !words.last!.contains(",")
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

    /// Ingredients often written alone on a line (`Salt`): such a line is an ingredient, never a heading.
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
            let titled = titledLines(in: group.ingredients.map { TextCleaner.line($0.line) })
            return split(group) { index, ingredient in
                guard ingredient.quantity == nil, ingredient.unit == nil, ingredient.name == nil,
                      index < group.ingredients.count - 1 else { return nil }
                let line = TextCleaner.line(ingredient.line)
                guard let name = name(of: line) else { return titled.contains(index) ? line : nil }
                let unwritten = line.dropLast().trimmingCharacters(in: .whitespaces)
                return asWritten && line.hasSuffix(":") && unwritten == name ? line : name
            }
        }
    }

    /// The lines of a group that title the lines after them rather than name a thing, as an
    /// import would have split them (`splitGroups`): a line without amount or unit that `name(of:)`
    /// reads as a heading (`For the sauce:`, `To pour over the dough after mixing`) and whose
    /// name is the parse of the line, not one a source gave apart (TheMealDB's `For frying` +
    /// `Oil`), and the `titledLines`. A shopping list buys none of them.
    public static func headingLines(in ingredients: [Ingredient]) -> Set<Int> {
        let lines = ingredients.map { TextCleaner.line($0.line) }
        var headings = titledLines(in: lines)
        for (index, ingredient) in ingredients.enumerated() where ingredient.quantity == nil && ingredient.unit == nil {
            guard name(of: lines[index]) != nil, ingredient.name == nil || ingredient.name == IngredientParser.parse(lines[index]).name else { continue }
            headings.insert(index)
        }
        return headings
    }

    /// Titles written as plain lines among the ingredients, told apart by their case: a line in
    /// Title Case (`Tomato-Meat Sauce`, `Ricotta, Mozzarella, and Pasta Layers`) without an
    /// amount, followed by a line that opens with its amount and not following another such line,
    /// in a list whose measured lines (three at least) write their names in lower case (`1 onion,
    /// chopped fine`). Such a line names a part of the dish, as America's Test Kitchen and others
    /// put their group titles into `recipeIngredient`; so is one capitalised word (`Seasoning`)
    /// followed by two such lines. In a list that capitalises its names (`2
    /// Cups Flour`, `Basil 20 g`, TheMealDB's `Chicken Stock`) case tells nothing, and nothing is
    /// taken for a title. The indices of such lines.
    public static func titledLines(in lines: [String]) -> Set<Int> {
        let candidates = lines.indices.dropLast().filter { isTitleCased(lines[$0]) || isOneWordTitle(lines[$0]) }
        guard !candidates.isEmpty else { return [] }
        let parsed = lines.map { IngredientParser.parse($0) }
        // `Pinch of Salt` is measured too.
        let measured = parsed.map { $0.quantity != nil || $0.unit != nil }
        // The names of the measured lines, as the list writes them (`Basil 20 g` writes its
        // names capitalised; a column of figures, `5.000`, writes none).
        let names = lines.indices.filter { measured[$0] }.compactMap { parsed[$0].name?.first(where: \.isLetter) }
        let lowerCase = names.filter(\.isLowercase)
        guard names.count >= 3, Double(lowerCase.count) >= 0.75 * Double(names.count) else { return [] }
        // A run of such lines (`Fresh Basil Leaves`, `Parmesan Cheese`) is a list of things.
        let alone = { (index: Int) in index == 0 || measured[index - 1] || !isTitleCased(lines[index - 1]) }
        // A title is followed by a line in the list's own shape, its amount first (`1 onion`),
        // not by a name with figures in a remark (`Spicy Mayo (Mayo- 1/4 c, …)`).
        let opensWithAmount = { (index: Int) in parsed[index].layout?.amounts.first?.lowerBound == 0 }
        return Set(candidates.filter { index in
            guard !measured[index], opensWithAmount(index + 1), alone(index) else { return false }
            // One capitalised word names a thing as often as a part (`Tabasco`, `Seasoning`):
            // a title heads more than one line in the list's shape.
            return isTitleCased(lines[index]) || index + 2 < lines.count && opensWithAmount(index + 2)
        })
    }

    /// `Seasoning`, `Glaze`: one capitalised word that names a part of a dish (`partNames`).
    /// Any other word alone is as likely a thing written without its amount: `Roomboter`
    /// (butter) over `2 uien` and `2 tenen knoflook` is an ingredient, and the Slovak `Špízy`
    /// (skewers) heading its list stays the group's name.
    static func isOneWordTitle(_ line: String) -> Bool {
        let word = line.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        guard word.count >= 3, word.allSatisfy(\.isLetter), word.first?.isUppercase == true, word.dropFirst().allSatisfy(\.isLowercase) else { return false }
        return partNames.contains(word.lowercased()) && !commonSingleIngredients.contains(word.lowercased())
    }

    /// Words that name a part of a dish when written alone over its lines, in the languages of
    /// `SectionWords`: a dough, a filling, a sauce, a topping. Not words that are as often a
    /// thing bought (`Salsa`, `Stock`, `Spices`).
    static let partNames: Set<String> = [
        // English
        "sauce", "dressing", "filling", "topping", "toppings", "glaze", "marinade", "crust", "dough", "seasoning", "garnish",
        "frosting", "icing", "batter", "rub", "streusel", "crumble", "base", "assembly", "coating", "breading", "syrup",
        // German
        "teig", "füllung", "soße", "glasur", "belag", "boden", "garnitur",
        // French
        "pâte", "garniture", "glaçage", "croûte", "appareil",
        // Spanish
        "masa", "relleno", "cobertura", "glaseado", "aderezo", "marinada",
        // Italian
        "impasto", "ripieno", "glassa", "condimento", "copertura",
        // Dutch
        "deeg", "vulling", "saus", "glazuur", "bodem", "garnering",
    ]

    /// Words that Title Case leaves in lower case, in English and the other languages' titles.
    static let titleSmallWords: Set<String> = [
        "a", "an", "and", "or", "of", "the", "for", "with", "to", "in", "on", "&", "+", "au", "aux", "de", "du", "la", "le", "et",
        "und", "mit", "y", "con", "e", "di", "del", "en", "og", "och",
    ]

    /// At least two words that matter, each with a capital first letter, no figure, and not a
    /// pair of seasonings (`Salt and Pepper`).
    static func isTitleCased(_ line: String) -> Bool {
        guard line.count <= 60, !line.contains(where: \.isNumber), !line.unicodeScalars.contains(where: { NumberWords.vulgarFraction($0) != nil }) else {
            return false
        }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "/" }).map { $0.trimmingCharacters(in: .punctuationCharacters) }.filter { !$0.isEmpty }
        let significant = words.filter { !titleSmallWords.contains($0.lowercased()) }
        guard significant.count >= 2, words.count <= 8 else { return false }
        guard significant.allSatisfy({ word in word.first(where: \.isLetter)?.isUppercase == true }) else { return false }
        return !significant.allSatisfy { commonSingleIngredients.contains($0.lowercased()) }
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

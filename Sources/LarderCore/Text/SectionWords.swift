import Foundation
/// The words pages use to title their ingredient and instruction sections, in the languages of
/// the pages Larder meets most.
public enum SectionWords {
    /// Headings that open an ingredient list, normalised (lower case, no punctuation).
    public static let ingredients: Set<String> = [
        "ingredients", "ingredient", "ingredient list", "what you need", "what you'll need", "you will need", "shopping list",
        "zutaten", "ingrédients", "ingredientes", "ingredienti", "ingrediënten", "ingredienser", "ainekset", "składniki",
        "ingrediente", "hozzávalók", "sestavine", "suroviny", "ingredienten", "benodigdheden", "wat heb je nodig", "du skal bruge",
        "du behöver", "du trenger", "υλικά", "ингредиенты", "材料", "食材", "用料", "malzemeler", "bahan", "bahan-bahan",
        // Variants in the languages of most non-English recipe pages.
        "die zutaten", "zutatenliste", "les ingrédients", "liste des ingrédients", "lista de ingredientes", "los ingredientes",
        "gli ingredienti", "lista degli ingredienti", "de ingrediënten", "ingrediencie", "ingredience", "ingredienti per", "składniki na",
        "lista składników", "ingredientes para",
    ]
    /// Headings that open the method, normalised the same way.
    public static let instructions: Set<String> = [
        "instructions", "instruction", "directions", "direction", "method", "preparation", "steps", "how to make it",
        "how to make", "procedure", "zubereitung", "anleitung", "préparation", "instructions de préparation", "preparación",
        "elaboración", "modo de preparo", "preparazione", "procedimento", "bereiding", "bereidingswijze", "gör så här",
        "tillagning", "fremgangsmåde", "valmistus", "przygotowanie", "elkészítés", "postup", "instrucciones",
        "here's how to make it", "step-by-step", "step by step", "here's how", "sådan gør du", "slik gjør du", "fremgangsmåte", "werkwijze", "modo de preparación",
        "sposób przygotowania", "étapes", "οδηγίες", "εκτέλεση", "παρασκευή", "приготовление", "способ приготовления", "做法",
        "作り方", "步骤", "hazırlanışı", "yapılışı", "cara membuat", "langkah",
        // Variants in the languages of most non-English recipe pages.
        "zubereitungsschritte", "so wird's gemacht", "so geht's", "arbeitsschritte", "schritt für schritt", "die zubereitung",
        "réalisation", "étapes de préparation", "la préparation", "déroulement", "pasos", "procedimiento", "paso a paso", "cómo hacerlo",
        "istruzioni", "come fare", "passaggi", "metodo", "la preparazione", "zo maak je het", "instructies", "stappen", "tilberedning",
        "tilberedelse", "instruktioner", "så här gör du", "modo de preparação", "preparação", "instruções", "como fazer", "modo de fazer",
        "passo a passo", "wykonanie", "sposób wykonania", "instrukcje", "příprava", "valmistusohje", "ohje", "elkészítése",
    ]

    /// Titles of the parts of a recipe after its lists: a tip or a note is not a group.
    public static let otherParts: Set<String> = [
        "equipment", "tools", "utensils", "notes", "note", "nutrition", "video", "metric", "us customary", "tips", "tip",
        "recipe notes", "recipe tips", "variations", "variation", "storage", "serving suggestions", "serving suggestion",
        "sugerencia", "sugerencias", "consejo", "consejos", "nota", "notas", "tipp", "tipps", "hinweis", "astuce", "astuces",
        "conseil", "conseils", "suggerimento", "consiglio", "tip van", "vinkki",
        // The tools, in the languages of most non-English recipe pages.
        "ustensiles", "matériel", "équipement", "utensilios", "equipo", "utensili", "attrezzatura", "utensilien",
        "küchenutensilien", "küchengeräte", "zubehör", "keukengerei", "materiaal", "redskaber", "utensílios",
    ]

    /// Words that title a list of the tools a recipe needs, in the languages of the shopping
    /// list's names (`SameThingNames`): English, German, French, Spanish, Italian, Dutch,
    /// Danish, Norwegian, Swedish, Portuguese and Polish. One of them in a group's title
    /// (`Equipment Needed`, `Special Equipment`, `Matériel nécessaire`) makes the group a list
    /// of tools, which nobody buys for the dish.
    public static let equipment: Set<String> = [
        "equipment", "tools", "utensils", "cookware", "gear",
        "ausrüstung", "utensilien", "küchenutensilien", "küchengeräte", "geräte", "zubehör", "werkzeug", "kochgeschirr",
        "ustensiles", "matériel", "équipement", "équipements",
        "utensilios", "equipo", "equipamiento", "herramientas",
        "utensili", "attrezzatura", "attrezzi", "strumenti",
        "keukengerei", "gereedschap", "materiaal", "keukenmateriaal",
        "redskaber", "køkkenredskaber", "udstyr", "redskaper", "kjøkkenutstyr", "utstyr", "utrustning", "redskap", "köksredskap",
        "utensílios", "equipamento", "equipamentos", "ferramentas",
        "sprzęt", "przybory", "narzędzia", "akcesoria",
    ]

    /// Whether a group's title names the tools rather than things to use up: one of its words
    /// is one of `equipment` (`Equipment Needed`, `Kitchen Tools`, `Utensilios necesarios`).
    public static func titlesEquipment(_ title: String) -> Bool {
        normalized(title).split(whereSeparator: { !$0.isLetter }).contains { equipment.contains(String($0)) }
    }

    /// A title of one of the parts of a recipe that are not its lists ("Notes", "Tips").
    public static func isOtherPart(_ title: String) -> Bool {
        otherParts.contains(normalized(title))
    }

    /// A line that opens one of those parts with its label ("NOTE | the vegetables can…",
    /// "Tip: chill the dough").
    public static func opensOtherPart(_ line: String) -> Bool {
        guard let separator = line.firstIndex(where: { $0 == ":" || $0 == "|" }), line.distance(from: line.startIndex, to: separator) <= 20 else { return false }
        return isOtherPart(String(line[..<separator]))
    }

    /// English words for the method that another word may qualify ("Cooking Instructions").
    static let qualifiedInstructions: Set<String> = ["instructions", "directions", "method"]

    static let timeWords = ["time", "zeit", "tiempo", "temps", "tempo", "tijd", "tid"]

    /// "Ingredients", "INGREDIENTS:", "Method" — a section's own title, not a group's.
    public static func isSectionTitle(_ text: String) -> Bool {
        let key = normalized(text)
        return ingredients.contains(key) || instructions.contains(key)
    }

    /// The two sections a recipe page's headings open.
    public enum Section: Sendable {
        /// The ingredient list.
        case ingredients
        /// The method.
        case instructions
    }

    /// Which section a heading opens, allowing a short tail ("Ingredients (serves 4)",
    /// "🛒 What You’ll Need", "Zutaten für 2 Personen"); nil for other headings.

    public static func section(of heading: String) -> Section? {
        let key = normalized(heading)
        guard !key.isEmpty, key.count <= 64 else { return nil }
        // "Preparation time", "Zubereitungszeit" label a fact, not a section.
        guard !timeWords.contains(where: key.containsBytes) else { return nil }
        if ingredients.contains(key) { return .ingredients }
        if instructions.contains(key) { return .instructions }
        if opensWithWord(key, from: ingredients) { return .ingredients }
        if opensWithWord(key, from: instructions) { return .instructions }
        // A word before the method's ("Cooking Instructions"); "Cake Ingredients" names a group.
        let words = key.split(separator: " ")
        if words.count == 2, let last = words.last, qualifiedInstructions.contains(String(last)) { return .instructions }
        return nil
    }

    /// A title over the whole list ("Ingredients (US cups)", "Zutaten für 4 Personen"), as
    /// against a group's title that starts with the section's word ("Ingredients for the
    /// salad", "Zutaten für den Teig").
    public static func titlesWholeSection(_ title: String) -> Bool {
        guard let section = section(of: title) else { return false }
        let key = normalized(title)
        guard let word = longestWord(opening: key, from: section == .ingredients ? ingredients : instructions),
              key.dropFirst(word.count).first == " " else { return true }
        let tail = key.dropFirst(word.count + 1).split(separator: " ")
        guard tail.count >= 2, partLeads.contains(String(tail[0])) else { return true }
        return tail[1].first?.isNumber == true
    }

    /// What follows the section's word in an ingredients title ("Zutaten für 4 Personen" →
    /// "für 4 Personen"), where pages often say the yield; nil for other text.
    public static func ingredientsTitleTail(_ title: String) -> String? {
        guard section(of: title) == .ingredients else { return nil }
        let key = normalized(title)
        guard let word = longestWord(opening: key, from: ingredients) else { return nil }
        let tail = key.dropFirst(word.count).trimmingCharacters(in: CharacterSet(charactersIn: " ():"))
        return tail.isEmpty ? nil : tail
    }

    /// Whether one of `words` opens `key`, followed by a space or a bracket. Looks up each
    /// opening of the key rather than trying every word: this runs on every short text of a
    /// page.
    static func opensWithWord(_ key: String, from words: Set<String>) -> Bool {
        var start = key.startIndex
        while let separator = key[start...].firstIndex(where: { $0 == " " || $0 == "(" }) {
            if words.contains(String(key[..<separator])) { return true }
            start = key.index(after: separator)
        }
        return false
    }

    /// The longest of `words` that opens `key` followed by a space or a bracket.
    static func longestWord(opening key: String, from words: Set<String>) -> String? {
        words.filter { key.hasPrefix($0 + " ") || key.hasPrefix($0 + "(") }.max { $0.count < $1.count }
    }

    static let partLeads: Set<String> = ["for", "für", "pour", "para", "per", "voor", "til", "för"]

    /// Lower-cased, typographic apostrophes made plain, anything but letters trimmed from both
    /// ends (emoji, colons, numbering).
    public static func normalized(_ text: String) -> String {
        let lower = String(text.lowercased().map { $0 == "’" ? "'" : $0 })
        let trimmed = lower.drop(while: { !$0.isLetter })
        var result = Substring(trimmed)
        while let last = result.last, !last.isLetter && last != ")" { result = result.dropLast() }
        return result.split(whereSeparator: { $0 == " " || $0 == "\u{00A0}" }).joined(separator: " ")
    }
}

import Foundation
/// The words pages use to title their ingredient and instruction sections, in the languages of
/// the pages Larder meets most.
public enum SectionWords {
    public static let ingredients: Set<String> = [
        "ingredients", "ingredient", "ingredient list", "what you need", "what you'll need", "you will need", "shopping list",
        "zutaten", "ingrédients", "ingredientes", "ingredienti", "ingrediënten", "ingredienser", "ainekset", "składniki",
        "ingrediente", "hozzávalók", "sestavine", "suroviny", "ingredienten",
    ]
    public static let instructions: Set<String> = [
        "instructions", "instruction", "directions", "direction", "method", "preparation", "steps", "how to make it",
        "how to make", "procedure", "zubereitung", "anleitung", "préparation", "instructions de préparation", "preparación",
        "elaboración", "modo de preparo", "preparazione", "procedimento", "bereiding", "bereidingswijze", "gör så här",
        "tillagning", "fremgangsmåde", "valmistus", "przygotowanie", "elkészítés", "postup", "instrucciones",
    ]

    /// "Ingredients", "INGREDIENTS:", "Method" — a section's own title, not a group's.
    public static func isSectionTitle(_ text: String) -> Bool {
        let key = normalized(text)
        return ingredients.contains(key) || instructions.contains(key)
    }

    public static func normalized(_ text: String) -> String {
        text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
    }
}

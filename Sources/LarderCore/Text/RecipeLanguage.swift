/// Whether a recipe is written in English, judged by the small words its text is made of.
/// Scaling makes English nouns follow their new number (`2 onions`, `1 loaf`); the same rule
/// would write `2 Zwiebels` or `2 Blechs`, so it is applied only to recipes that read as English.
/// A recipe with too little text to tell is taken as English, the language most recipes here
/// come in.
public enum RecipeLanguage {
    public static func isEnglish(_ recipe: Recipe) -> Bool {
        var texts = [recipe.title] + [recipe.yield?.text].compactMap { $0 } + recipe.ingredients.map(\.line)
        texts += recipe.steps.prefix(6).map(\.text)
        var english = 0
        var other = 0
        var seen = 0
        for text in texts {
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
                if englishWords.contains(String(word)) { english += 1 }
                if otherWords.contains(String(word)) { other += 1 }
                seen += 1
                if seen >= 600 { return english >= other }
            }
        }
        return english >= other
    }

    /// Short words English recipes are full of and other languages do not use as words.
    static let englishWords: Set<String> = [
        "the", "and", "with", "of", "to", "into", "until", "for", "or", "add", "stir", "cup", "cups", "tablespoon", "tablespoons",
        "teaspoon", "teaspoons", "chopped", "minced", "large", "small", "about", "over", "heat", "minutes", "serve", "serves",
        "makes", "each", "then", "from", "is", "on", "it", "your", "cook", "bake", "pepper", "salt", "sliced", "diced", "fresh",
    ]

    /// The same kind of words in the other languages recipes come in: German, French, Spanish,
    /// Italian, Dutch, Portuguese and the Scandinavian languages.
    static let otherWords: Set<String> = [
        "und", "mit", "der", "die", "das", "den", "dem", "ein", "eine", "einen", "etwas", "oder", "für", "bis", "auf", "zum", "zur",
        "ist", "wird", "minuten", "prise", "el", "los", "las", "con", "para", "del", "una", "y", "et", "le", "les", "des", "du", "avec",
        "pour", "dans", "une", "au", "aux", "il", "gli", "della", "di", "per", "e", "het", "een", "met", "voor", "van", "en", "de",
        "os", "com", "da", "em", "och", "med", "og", "til", "på", "af", "sal", "pimienta", "sale", "pepe", "sel", "poivre",
    ]

    /// Whether a recipe reads as Dutch rather than German, for the words the two spell alike
    /// but inflect differently ("personen" is 1 persoon in Dutch, 1 Person in German).
    static func isDutchRatherThanGerman(_ recipe: Recipe) -> Bool {
        var texts = [recipe.title] + [recipe.yield?.text].compactMap { $0 } + recipe.ingredients.map(\.line)
        texts += recipe.steps.prefix(6).map(\.text)
        var dutch = 0
        var german = 0
        for text in texts {
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
                if dutchWords.contains(String(word)) { dutch += 1 }
                if germanWords.contains(String(word)) { german += 1 }
            }
        }
        return dutch > german
    }

    static let dutchWords: Set<String> = ["het", "een", "met", "voor", "van", "en", "de", "snijd", "doe", "ui", "kom", "tot", "eetlepel", "theelepel"]
    static let germanWords: Set<String> = ["und", "mit", "der", "die", "das", "den", "dem", "ein", "eine", "für", "zum", "zur", "ist", "esslöffel", "teelöffel"]
}

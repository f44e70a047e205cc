/// Whether a recipe is written in English, judged by the small words its text is made of.
/// Scaling makes English nouns follow their new number (`2 onions`, `1 loaf`); the same rule
/// would write `2 Zwiebels` or `2 Blechs`, so it is applied only to recipes that read as English.
/// A recipe with too little text to tell is taken as English, the language most recipes here
/// come in.
public enum RecipeLanguage {
    /// True when English's small words in `recipe`'s text are at least as many as other languages' (so a recipe with none of either counts as English).
    public static func isEnglish(_ recipe: Recipe) -> Bool {
        let (english, other) = wordCounts(in: recipe, of: englishWords, against: otherWords, upTo: 600)
        return english >= other
    }

    /// The same judgement for ingredient lines without a recipe (`larder parse`): all the lines
    /// given are read together, as a recipe's are.
    public static func isEnglish(lines: [String]) -> Bool {
        var recipe = Recipe(id: "lines", title: "")
        recipe.ingredientGroups = [IngredientGroup(ingredients: lines.map { Ingredient(line: $0) })]
        return isEnglish(recipe)
    }

    /// How many words of the recipe's title, yield, ingredient lines and first steps are in
    /// `first` and in `second`, counting at most `limit` words of text.
    static func wordCounts(in recipe: Recipe, of first: Set<String>, against second: Set<String>, upTo limit: Int = .max) -> (Int, Int) {
        var texts = [recipe.title] + [recipe.yield?.text].compactMap { $0 } + recipe.ingredients.map(\.line)
        texts += recipe.steps.prefix(6).map(\.text)
        var counts = (0, 0)
        var seen = 0
        for text in texts {
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
                if first.contains(String(word)) { counts.0 += 1 }
                if second.contains(String(word)) { counts.1 += 1 }
                seen += 1
                if seen >= limit { return counts }
            }
        }
        return counts
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
        // Staples, so that a short list of lines tells its language too (`2-3 Eier` is not
        // English, and scaled is `4–6 Eier`, never `4–6 Eiers`).
        "ei", "eier", "zwiebel", "zwiebeln", "knoblauch", "milch", "mehl", "zucker", "salz", "pfeffer", "sahne", "wasser",
        "kartoffeln", "tomaten", "möhren", "karotten", "oeuf", "oeufs", "œuf", "œufs", "lait", "farine", "sucre", "beurre",
        "oignon", "oignons", "eau", "huile", "huevo", "huevos", "leche", "harina", "azúcar", "cebolla", "cebollas", "ajo",
        "agua", "aceite", "uovo", "uova", "zucchero", "cipolla", "cipolle", "aglio", "acqua", "olio", "eieren", "uien",
        "melk", "suiker", "boter", "ovo", "ovos", "leite", "farinha", "açúcar", "cebola", "alho", "água", "azeite",
    ]

    /// Whether a recipe reads as Dutch rather than German, for the words the two spell alike
    /// but inflect differently ("personen" is 1 persoon in Dutch, 1 Person in German).
    static func isDutchRatherThanGerman(_ recipe: Recipe) -> Bool {
        let (dutch, german) = wordCounts(in: recipe, of: dutchWords, against: germanWords)
        return dutch > german
    }

    static let dutchWords: Set<String> = ["het", "een", "met", "voor", "van", "en", "de", "snijd", "doe", "ui", "kom", "tot", "eetlepel", "theelepel"]
    static let germanWords: Set<String> = ["und", "mit", "der", "die", "das", "den", "dem", "ein", "eine", "für", "zum", "zur", "ist", "esslöffel", "teelöffel"]
}

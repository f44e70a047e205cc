import Foundation

/// How a search reads text, the one rule of `RecipeFilter.matches` and of the library index's
/// full-text table (which stores the words this gives and is asked for them), so that `convert`
/// of files and `list` of a library choose the same recipes:
/// - case and accents are folded as Foundation folds them (`Jalapeño` is `jalapeno`, `Straße`
///   is `strasse`), and a label is trimmed;
/// - a word is a run of letters and digits, anything else parts words (`half-and-half` is three
///   words, `2eggs` one): SQLite's `unicode61` tokenizer splits the same way, so what is asked of
///   the index arrives as the words it holds;
/// - a phrase (the words of what the user typed) is found in one item — one ingredient line, one
///   tag — never across two, as the index keeps a separator word between items.
public enum SearchWords {
    /// A label or text as searches compare it: trimmed, case and accents folded.
    public static func fold(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The folded words of `text`, in order; none for text without a letter or digit (`&`).
    public static func words(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Put between the items of one full-text column (the lines of the ingredient list, the
    /// tags): a word of a private-use character, which the tokenizer keeps as a word and no
    /// search can ask for (searched words have letters or digits), so no phrase spans two items.
    public static let itemSeparator = " \u{E000} "

    /// Whether `phrase` occurs in `words` as consecutive words, each but the last equal and the
    /// last accepted by `last` (a prefix for free text, the word or its plural for ingredients).
    static func contains(_ words: [String], phrase: [String], last: (_ word: String, _ wanted: String) -> Bool) -> Bool {
        guard let final = phrase.last, words.count >= phrase.count else { return false }
        for start in 0...(words.count - phrase.count) {
            let candidate = words[start..<(start + phrase.count)]
            if zip(candidate.dropLast(), phrase.dropLast()).allSatisfy(==) && last(candidate.last!, final) { return true }
        }
        return false
    }

    /// Free text: `phrase` occurs in `words`, its last word beginning a word (`chick` finds
    /// `chickpeas`).
    public static func begins(_ words: [String], phrase: [String]) -> Bool {
        contains(words, phrase: phrase) { $0.hasPrefix($1) }
    }

    /// An ingredient: `phrase` occurs in `words`, its last word as itself or with `s` or `es`
    /// after it (`egg` finds `eggs`, not `eggplant`).
    public static func mentions(_ words: [String], phrase: [String]) -> Bool {
        contains(words, phrase: phrase) { $0 == $1 || $0 == $1 + "s" || $0 == $1 + "es" }
    }
}

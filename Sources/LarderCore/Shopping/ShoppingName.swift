import Foundation

/// The name under which one ingredient is bought: lower case, accents and punctuation
/// folded, and each word made singular, so "Tomatoes", "tomato" and "tomatoës" land on one
/// line of the list while "tomato paste" stays its own.
public enum ShoppingName {
    public static func key(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let words = folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" })
        return words.map { singular(String($0)) }.joined(separator: " ")
    }

    /// English plural endings cooks meet: berries → berry, tomatoes → tomato, leaves → leaf,
    /// dishes → dish, eggs → egg; words that only look plural (hummus, asparagus, couscous,
    /// molasses, swiss) stay.
    static func singular(_ word: String) -> String {
        if word.count <= 3 || unchanged.contains(word) || word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") {
            return word
        }
        if let irregular = irregular[word] { return irregular }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ves") { return String(word.dropLast(3)) + "f" }
        if word.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }

    private static let unchanged: Set<String> = ["molasses", "swiss", "series", "species", "grits", "oats", "peas", "chives", "greens", "brussels"]
    private static let irregular: [String: String] = ["knives": "knife", "halves": "half", "loaves": "loaf", "cloves": "clove", "olives": "olive"]
}

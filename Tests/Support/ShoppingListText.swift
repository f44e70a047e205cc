import Foundation

/// A Markdown shopping list without the recipe numbers its lines end in (`*(1, 3)*`), so that a
/// test can look for `- [ ] 2 onions\n` whatever recipes the onions came from.
public enum ShoppingListText {
    public static func withoutRecipeNumbers(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: #" \*\([0-9, ]+\)\*"#, with: "", options: .regularExpression)
    }
}

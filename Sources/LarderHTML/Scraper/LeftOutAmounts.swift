import LarderCore

/// Some sites' structured data names the ingredients and leaves their amounts out ("Kopfsalat",
/// "grüne Bohnen") while the page lists them in full ("1 Kopfsalat", "200 g grüne Bohnen").
/// A recipe without its amounts cannot be cooked; the page's lines are taken instead, when
/// each structured line is found in one of them, in order.
enum LeftOutAmounts {
    static func lines(for ingredients: [Ingredient], in page: PageIndex) -> [String]? {
        // Most lines without a number: amounts were left out.
        let withoutAmount = ingredients.filter { !$0.line.unicodeScalars.contains { $0.properties.numericType != nil } }.count
        guard ingredients.count >= 2, withoutAmount * 2 > ingredients.count,
              let (items, itemKeys) = IngredientGroupInference.listItems(in: page, atLeast: ingredients.count) else { return nil }
        let matched = IngredientGroupInference.match(ingredients, in: itemKeys) { item, line in
            !line.isEmpty && item.count <= line.count + 24 && item.contains(line)
        }
        let found = matched.compactMap { $0 }
        guard found.count == ingredients.count, let first = found.first, let last = found.last, last - first < ingredients.count * 2 + 4 else { return nil }
        let lines = found.map { IngredientLineCleaner.clean(items[$0].text) }
        // Only worth it when the page says more: its lines hold the numbers.
        guard lines.filter({ $0.unicodeScalars.contains { $0.properties.numericType != nil } }).count > ingredients.count - withoutAmount else { return nil }
        return lines
    }
}

import Foundation
import LarderCore

extension RecipeFormat {
    /// What to buy for the chosen recipes: one merged list, grouped by aisle.
    public static let shoppingList: RecipeFormat = RecipeFormat(
        name: "shopping-list",
        title: "shopping list",
        writer: FormatWriter(
            help: "what to buy",
            details: """
            shopping-list writes one list for the chosen recipes into the output file: the same \
            ingredient merged across recipes, amounts in convertible units added, grouped by aisle, \
            as a Markdown checklist (or JSON when the name ends in .json).
            """,
            layout: .file(examples: ["shopping-list.md", "shopping-list.json"]),
            text: { recipe in
                var list = ShoppingListBuilder()
                list.add(recipe)
                return list.build().markdown()
            }
        ) { output in
            ShoppingListSink(output: output.url, units: output.units, shopping: output.shopping)
        }
    )
}

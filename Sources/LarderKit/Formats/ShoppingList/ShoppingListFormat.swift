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
            shopping-list writes one list for the chosen recipes (or a plan's meals, --plan) into the \
            output file: the same thing merged across recipes however they name it, amounts added \
            where units, densities or counts allow, counted things whole, spoons as spoons, grouped \
            by aisle (--aisles) with your pantry apart (--pantry), each line naming its recipes, as \
            a Markdown checklist (or JSON when the name ends in .json).
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

import Foundation

/// One list to shop for several recipes (see `ShoppingListBuilder` for how it is made): one line
/// per thing to buy, grouped by aisle, each line saying which recipes and which of their lines
/// it comes from.
public struct ShoppingList: Codable, Equatable, Sendable {
    public struct Item: Codable, Equatable, Sendable {
        /// The name as the first recipe wrote it, or the name `SameThingNames` gives the thing.
        public var name: String
        /// The heading of its aisle: one of the user's (`--aisles`) or of `Aisle`.
        public var aisle: String
        /// What to buy; one per kind of amount that could not be added to the others.
        public var amounts: [Quantity]
        /// Some recipe wants it without saying how much ("salt to taste").
        public var alsoUnmeasured: Bool
        /// Titles of the recipes that need it.
        public var recipes: [String]
        /// The lines it was made from, recipe by recipe.
        public var sources: [Source]
    }

    /// One ingredient line behind an item.
    public struct Source: Codable, Equatable, Sendable {
        public var recipe: String
        public var id: String
        public var line: String
        /// The meal of a plan it is cooked for (`Mon`, `2024-06-03 dinner`), when made from a plan.
        public var meal: String?
    }

    /// An amount to buy: the numbers and canonical unit, and how cooks write it (`1 ¾ cups`).
    public struct Quantity: Codable, Equatable, Sendable {
        public var value: Double
        public var upper: Double?
        public var unit: String?
        /// The size of each thing counted (`15 oz` for `2 (15 oz) cans`), when a recipe gave it.
        public var itemSize: String?
        public var text: String
    }

    /// Titles of the recipes, one per recipe (a recipe cooked for two meals is listed once).
    public var recipes: [String]
    /// Their ids, in the same order.
    public var recipeIDs: [String] = []
    public var items: [Item]
    /// The aisles' headings in the order a shopper walks them.
    public var aisles: [String] = Aisle.allCases.map(\.heading)
    /// Things of the pantry (`--pantry`) that recipes measure: to check, not to buy.
    public var checkYouHave: [Item] = []
    /// Things of the pantry no recipe says how much of: left out, named here.
    public var fromPantry: [String] = []
    /// What the recipes use but nobody buys (water, ice), as the first recipe wrote it.
    public var notBought: [String] = []

    /// Items in aisle order, then by name.
    public var byAisle: [(aisle: String, items: [Item])] {
        aisles.compactMap { aisle in
            let inAisle = items.filter { $0.aisle == aisle }
            return inAisle.isEmpty ? nil : (aisle, inAisle)
        }
    }

    /// The number a recipe has in `recipes`, from 1, by its id.
    public func number(ofRecipe id: String) -> Int? {
        recipeIDs.firstIndex(of: id).map { $0 + 1 }
    }
}

import LarderCore

/// What a shopping list is made with besides the recipes: the user's aisles (`--aisles`) and
/// pantry (`--pantry`), and the plan whose meals the recipes are (`--plan`), so that each line
/// can name its meal.
public struct ShoppingListOptions {
    public var aisles: ShoppingAisles?
    public var pantry: ShoppingPantry?
    public var plan: PlannedMeals?

    public init(aisles: ShoppingAisles? = nil, pantry: ShoppingPantry? = nil, plan: PlannedMeals? = nil) {
        self.aisles = aisles
        self.pantry = pantry
        self.plan = plan
    }
}

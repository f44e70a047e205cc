import LarderCore

/// What a shopping list is made with besides the recipes: the user's aisles (`--aisles`) and
/// pantry (`--pantry`), and the plan whose meals the recipes are (`--plan`), so that each line
/// can name its meal.
public struct ShoppingListOptions {
    /// Which aisle each ingredient is shopped in; nil uses Larder's built-in aisles.
    public var aisles: ShoppingAisles?
    /// What the user has at home already: those lines are left off the list.
    public var pantry: ShoppingPantry?
    /// The plan the recipes are cooked for, so each line can say which meals need it.
    public var plan: PlannedMeals?

    /// Options for a list with no aisles, pantry or plan given: built-in aisles, nothing left off.
    public init(aisles: ShoppingAisles? = nil, pantry: ShoppingPantry? = nil, plan: PlannedMeals? = nil) {
        self.aisles = aisles
        self.pantry = pantry
        self.plan = plan
    }
}

import Foundation

/// Collects recipes one at a time and makes their `ShoppingList`: the same thing (by
/// `ShoppingName.key`, which folds plurals, describing words and the names `SameThingNames`
/// lists as one) is one line across recipes, its amounts added as `ShoppingAmounts` says, a
/// group title written as a line (`IngredientHeading.headingLines`) and the tools of a group
/// titled as such (`SectionWords.titlesEquipment`) are never things to buy, and
/// every line keeps the ingredient lines it came from. Water and ice are not bought: they are
/// named apart. Aisles come from the user's file (`ShoppingAisles`) or `Aisle`; things of the
/// user's pantry (`ShoppingPantry`) are listed apart to check, or left out when no recipe says
/// how much.
public struct ShoppingListBuilder: Sendable {
    private var tallies: [String: ShoppingTally] = [:]
    private var notBought: [String: String] = [:]
    private var recipeTitles: [String] = []
    private var recipeIDs: [String] = []
    /// The measuring system asked for (`--units`), or nil to keep each as written.
    private let units: MeasureUnit.System?
    private let aisles: ShoppingAisles?
    private let pantry: ShoppingPantry?

    /// - Parameters:
    ///   - units: the system to add amounts in (`--units`); nil keeps the one they were
    ///     written in (metric where both were).
    ///   - aisles: the user's aisles, walked before the built-in ones.
    ///   - pantry: what the user has at home.
    public init(units: MeasureUnit.System? = nil, aisles: ShoppingAisles? = nil, pantry: ShoppingPantry? = nil) {
        self.units = units
        self.aisles = aisles
        self.pantry = pantry
    }

    /// Adds what one recipe needs; `meal` names the meal of a plan it is cooked for. A recipe
    /// added twice (two meals) is needed twice.
    public mutating func add(_ recipe: Recipe, meal: String? = nil) {
        if !recipeIDs.contains(recipe.id) {
            recipeIDs.append(recipe.id)
            recipeTitles.append(recipe.title)
        }
        let english = RecipeLanguage.isEnglish(recipe)
        // The tools a recipe lists (`Equipment Needed`) are not bought for it.
        for group in recipe.ingredientGroups where !(group.name.map(SectionWords.titlesEquipment) ?? false) {
            let headings = IngredientHeading.headingLines(in: group.ingredients)
            for (index, ingredient) in group.ingredients.enumerated() where !headings.contains(index) {
                add(ingredient, of: recipe, meal: meal, english: english)
            }
        }
    }

    private mutating func add(_ ingredient: Ingredient, of recipe: Recipe, meal: String?, english: Bool) {
        // The parsed name, never the whole line with its preparation ("2 eggs, beaten").
        let parsedName = (ingredient.name ?? IngredientParser.parse(ingredient.line).name ?? ingredient.line).trimmingCharacters(in: .whitespacesAndNewlines)
        // `3 garlic cloves` with no unit counts cloves, the unit garlic is counted in.
        let countedIn = ingredient.unit == nil ? ShoppingName.countingUnit(namedIn: parsedName) : nil
        let name = countedIn?.name ?? ShoppingName.withoutUnitWord(parsedName, unit: ingredient.unit)
        // Libraries made before units were made canonical on import may hold "g" or "tbsps".
        let unitName = countedIn?.unit ?? ingredient.measuringUnit.map { UnitVocabulary.canonical($0) ?? $0 }
        var key = ShoppingName.key(name)
        // A name the table lists in another language is not English, whatever the recipe's few
        // words made it seem (`2 jajka` is never `2 jajkos`).
        let written = SameThingNames.entry(listing: name)
        let inflects = english && (written?.language ?? "en") == "en"
        var shown = ShoppingName.shown(name, english: inflects)
        // `1 cup chopped onion` is bought as onions; a can of diced tomatoes is not fresh tomatoes.
        if !ShoppingTally.containers.contains(unitName ?? ""), let whole = CountedThings.wholeThing(forKey: key) {
            key = whole
            shown = CountedThings.wholeThingName(shown)
        }
        guard !key.isEmpty else { return }
        if ShoppingName.isNotBought(key) {
            if notBought[key] == nil { notBought[key] = name }
            return
        }
        var tally = tallies[key] ?? ShoppingTally(name: shown, order: tallies.count, inflects: inflects)
        // `Milk` (TheMealDB's capitals) and `milk`: the list writes names as recipes write them in a sentence.
        if tally.name != shown, tally.name.lowercased() == shown.lowercased(), shown.first?.isLowercase == true { tally.name = shown }
        if tally.plural == nil, !inflects { tally.plural = written?.plural }
        defer { tallies[key] = tally }
        if tally.recipes.last != recipe.title { tally.recipes.append(recipe.title) }
        tally.sources.append(ShoppingList.Source(recipe: recipe.title, id: recipe.id, line: ingredient.line, meal: meal))
        guard let amount = ingredient.quantity, amount.value > 0 else {
            tally.unmeasured = true
            return
        }
        tally.add(amount, unit: unitName, of: ingredient)
    }

    /// The list of every recipe added so far, by aisle; the builder can go on collecting.
    public func build() -> ShoppingList {
        var items: [(key: String, item: ShoppingList.Item)] = []
        var checks: [(key: String, item: ShoppingList.Item)] = []
        var fromPantry: [String] = []
        for (key, tally) in tallies {
            let amounts = ShoppingAmounts.amounts(of: tally, key: key, units: units)
            var name = tally.name
            // "3 onions" when the recipes said "1 onion" and "2 onions".
            let one = amounts.count == 1 && amounts[0].unit == nil && amounts[0].itemSize == nil && amounts[0].value == 1 && amounts[0].upper == nil
            if tally.inflects, amounts.count == 1, let count = amounts.first, count.unit == nil, count.itemSize == nil {
                name = EnglishNoun.inflectingLastWord(of: name, for: Amount(count.value, upper: count.upper))
            } else if let plural = tally.plural, !one {
                // `2 Zwiebeln`, `500 g Tomaten`: the plural the table gives, as Larder makes none in German.
                name = plural
            }
            let aisle = aisles?.aisle(forKey: key) ?? Self.builtInAisle(forKey: key, amounts: amounts).heading
            // An item with no amount at all is just listed; "also" matters beside amounts.
            let item = ShoppingList.Item(name: name, aisle: aisle, amounts: amounts, alsoUnmeasured: tally.unmeasured && !amounts.isEmpty,
                                         recipes: tally.recipes, sources: tally.sources)
            if pantry?.has(key) == true {
                if amounts.isEmpty { fromPantry.append(name) } else { checks.append((key, item)) }
            } else {
                items.append((key, item))
            }
        }
        var order = aisles?.headings ?? []
        for aisle in Aisle.allCases where !order.contains(aisle.heading) { order.append(aisle.heading) }
        func sorted(_ items: [(key: String, item: ShoppingList.Item)]) -> [ShoppingList.Item] {
            items.sorted { (order.firstIndex(of: $0.item.aisle) ?? order.count, $0.key) < (order.firstIndex(of: $1.item.aisle) ?? order.count, $1.key) }
                .map(\.item)
        }
        var list = ShoppingList(recipes: recipeTitles, items: sorted(items))
        list.recipeIDs = recipeIDs
        list.aisles = order
        list.checkYouHave = sorted(checks)
        list.fromPantry = fromPantry.sorted { $0.lowercased() < $1.lowercased() }
        list.notBought = notBought.keys.sorted().map { notBought[$0]! }
        return list
    }

    /// `Aisle.of` the thing, except that what is bought only in cans or jars (diced tomatoes,
    /// tuna, chickpeas) is on the shelves of the pantry, wherever the fresh thing is.
    static func builtInAisle(forKey key: String, amounts: [ShoppingList.Quantity]) -> Aisle {
        let preserved: Set<String> = ["can", "jar"]
        if !amounts.isEmpty, amounts.allSatisfy({ preserved.contains($0.unit ?? "") }) { return .pantry }
        return Aisle.of(key)
    }
}

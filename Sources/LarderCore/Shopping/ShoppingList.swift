import Foundation

/// One list to shop for several recipes: the same ingredient (by `ShoppingName`) is merged
/// across recipes, amounts in units that convert into each other are added (`1 cup milk` and
/// `200 ml milk`): in the one measuring system they were written in, in metric where both
/// systems were used (a weight in grams never becomes ounces), and in the system asked for
/// (`--units`); a volume of a solid whose weight is unknown stays as written (`1 cup + 200 g`
/// grated cheddar), amounts that
/// cannot be added stay side by side (`2 cans` and `400 g`), counts
/// keep the size of what is counted (`1 (12 oz.) stir-fry vegetables` is one 12 oz package), an
/// ingredient without an amount is listed once, and items are grouped by `Aisle`. Water and
/// ice are not bought: they are named apart, in `notBought`.
public struct ShoppingList: Codable, Equatable, Sendable {
    public struct Item: Codable, Equatable, Sendable {
        /// The name as the first recipe wrote it.
        public var name: String
        public var aisle: Aisle
        /// What to buy; one per kind of amount that could not be added to the others.
        public var amounts: [Quantity]
        /// Some recipe wants it without saying how much ("salt to taste").
        public var alsoUnmeasured: Bool
        /// Titles of the recipes that need it.
        public var recipes: [String]
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

    public var recipes: [String]
    public var items: [Item]
    /// What the recipes use but nobody buys (water, ice), as the first recipe wrote it.
    public var notBought: [String] = []

    /// Items in aisle order, then by name.
    public var byAisle: [(aisle: Aisle, items: [Item])] {
        Aisle.allCases.compactMap { aisle in
            let inAisle = items.filter { $0.aisle == aisle }
            return inAisle.isEmpty ? nil : (aisle, inAisle)
        }
    }
}

/// Collects recipes one at a time and makes their `ShoppingList`.
public struct ShoppingListBuilder: Sendable {
    private struct Tally: Sendable {
        var name: String
        var order: Int
        /// The name is English, so a count can make it plural (`3 onions`).
        var inflects: Bool
        var recipes: [String] = []
        /// Millilitres and grams, low and high ends of ranges, by the system they were written
        /// in; spoons (both systems use them) apart, under a nil system.
        var measures: [Measured: (low: Double, high: Double)] = [:]
        /// Counted amounts by what is counted: the unit ("" for plain numbers: 3 eggs) and the
        /// size of each ("" when not given), so that 15 oz cans and 28 oz cans are not added.
        var counted: [CountedThing: (low: Double, high: Double)] = [:]
        var countedOrder: [CountedThing] = []
        var unmeasured = false
    }

    private struct Measured: Hashable, Sendable {
        var system: MeasureUnit.System?
        var dimension: MeasureUnit.Dimension
    }

    private struct CountedThing: Hashable, Sendable {
        var unit: String
        var size: String
    }

    private var tallies: [String: Tally] = [:]
    private var notBought: [String: String] = [:]
    private var recipeTitles: [String] = []
    /// The measuring system asked for (`--units`), or nil to keep each as written.
    private let units: MeasureUnit.System?

    /// - Parameter units: the system to add amounts in (`--units`); nil keeps the one they were
    ///   written in (metric where both were).
    public init(units: MeasureUnit.System? = nil) {
        self.units = units
    }

    public mutating func add(_ recipe: Recipe) {
        recipeTitles.append(recipe.title)
        let english = RecipeLanguage.isEnglish(recipe)
        for ingredient in recipe.ingredients {
            // The parsed name, never the whole line with its preparation ("2 eggs, beaten").
            let parsedName = (ingredient.name ?? IngredientParser.parse(ingredient.line).name ?? ingredient.line).trimmingCharacters(in: .whitespacesAndNewlines)
            let name = ShoppingName.withoutUnitWord(parsedName, unit: ingredient.unit)
            let key = ShoppingName.key(name)
            guard !key.isEmpty else { continue }
            if ShoppingName.isNotBought(key) {
                if notBought[key] == nil { notBought[key] = name }
                continue
            }
            var tally = tallies[key] ?? Tally(name: ShoppingName.display(name), order: tallies.count, inflects: english)
            if tally.recipes.last != recipe.title { tally.recipes.append(recipe.title) }
            defer { tallies[key] = tally }
            guard let amount = ingredient.quantity, amount.value > 0 else {
                tally.unmeasured = true
                continue
            }
            let high = amount.upper ?? amount.value
            // Libraries made before units were made canonical on import may hold "g" or "tbsps".
            let unitName = ingredient.unit.map { UnitVocabulary.canonical($0) ?? $0 }
            if let unit = MeasureUnit.named(unitName) {
                let plus = Self.plusPart(of: ingredient, dimension: unit.dimension)
                let key = Measured(system: unit.system, dimension: unit.dimension)
                let sum = tally.measures[key] ?? (0, 0)
                tally.measures[key] = (sum.low + amount.value * unit.size + plus, sum.high + high * unit.size + plus)
            } else {
                let thing = CountedThing(unit: unitName ?? "", size: Self.itemSize(of: ingredient) ?? "")
                if tally.counted[thing] == nil { tally.countedOrder.append(thing) }
                let sum = tally.counted[thing] ?? (0, 0)
                tally.counted[thing] = (sum.low + amount.value, sum.high + high)
            }
        }
    }

    public func build() -> ShoppingList {
        let items = tallies.map { key, tally in
            let amounts = Self.amounts(of: tally, units: units)
            var name = tally.name
            // "3 onions" when the recipes said "1 onion" and "2 onions".
            if tally.inflects, amounts.count == 1, let count = amounts.first, count.unit == nil, count.itemSize == nil {
                name = EnglishNoun.inflectingLastWord(of: name, for: Amount(count.value, upper: count.upper))
            }
            // An item with no amount at all is just listed; "also" matters beside amounts.
            let item = ShoppingList.Item(name: name, aisle: Aisle.of(key), amounts: amounts,
                                         alsoUnmeasured: tally.unmeasured && !amounts.isEmpty, recipes: tally.recipes)
            return (key: key, item: item)
        }
        let sorted = items.sorted { ($0.item.aisle.sortIndex, $0.key) < ($1.item.aisle.sortIndex, $1.key) }.map(\.item)
        return ShoppingList(recipes: recipeTitles, items: sorted, notBought: notBought.keys.sorted().map { notBought[$0]! })
    }

    /// The "plus" part of a line (`+ 1 teaspoon` in `1 tablespoon + 1 teaspoon sugar`) in base
    /// units, when it measures the same dimension as the first amount; 0 otherwise.
    private static func plusPart(of ingredient: Ingredient, dimension: MeasureUnit.Dimension) -> Double {
        let parsed = IngredientParser.parse(ingredient.line)
        guard parsed.quantity == ingredient.quantity else { return 0 }
        return PlusPart.baseAmount(in: parsed, line: Array(ingredient.line.unicodeScalars), dimension: dimension) ?? 0
    }

    /// The size of each thing the line counts, in the line's own words made regular
    /// (`(12 oz.)` → `12 oz`), when the line says it and the parse agrees with the ingredient.
    private static func itemSize(of ingredient: Ingredient) -> String? {
        let parsed = IngredientParser.parse(ingredient.line)
        guard let span = parsed.layout?.itemSize, parsed.quantity == ingredient.quantity else { return nil }
        let scalars = Array(ingredient.line.unicodeScalars)
        let written = String(String.UnicodeScalarView(scalars[span])).trimmingCharacters(in: CharacterSet(charactersIn: "() ").union(.whitespaces))
        let measure = IngredientParser.parse(written)
        if let amount = measure.quantity, let unit = measure.unit, let measureUnit = MeasureUnit.named(unit), measure.name == nil {
            let style: AmountText.Style = measureUnit.system == .metric ? .decimal : .fraction
            return AmountText.format(amount, style: style) + " " + MeasureUnit.written(unit, plural: EnglishNoun.isPlural(amount))
        }
        return written.isEmpty ? nil : written
    }

    private static func amounts(of tally: Tally, units: MeasureUnit.System?) -> [ShoppingList.Quantity] {
        var measures = tally.measures
        let written = Set(measures.keys.compactMap(\.system))
        if let target = units ?? (written.count > 1 ? .metric : nil) { measures = converted(measures, to: target, name: tally.name) }
        // Spoons (both systems use them) join the volume of the system added in: the one asked
        // for or written, US measures when spoons are all there is.
        if let spoons = measures.removeValue(forKey: Measured(system: nil, dimension: .volume)) {
            let alone: MeasureUnit.System = measures[Measured(system: .us, dimension: .volume)] == nil
                && measures[Measured(system: .metric, dimension: .volume)] != nil ? .metric : .us
            let home = units ?? (written.count > 1 ? .metric : alone)
            let sum = measures[Measured(system: home, dimension: .volume)] ?? (0, 0)
            measures[Measured(system: home, dimension: .volume)] = (sum.low + spoons.low, sum.high + spoons.high)
        }
        var texts: [ShoppingList.Quantity] = []
        for system in MeasureUnit.System.allCases.reversed() {
            var volume = measures[Measured(system: system, dimension: .volume)], mass = measures[Measured(system: system, dimension: .mass)]
            // Volume and weight of one thing add up when its density is known: cups of flour and ounces of flour.
            if let v = volume, let m = mass, let density = IngredientDensity.entry(for: tally.name) {
                mass = (m.low + v.low * density.gramsPerMilliliter, m.high + v.high * density.gramsPerMilliliter)
                volume = nil
            }
            if let volume { texts.append(measured(volume, .volume, system)) }
            if let mass { texts.append(measured(mass, .mass, system)) }
        }
        for thing in tally.countedOrder {
            let sum = tally.counted[thing]!
            let amount = Amount(AmountText.shown(sum.low, style: .fraction), upper: sum.high > sum.low ? AmountText.shown(sum.high, style: .fraction) : nil)
            var text = AmountText.format(amount, style: .fraction)
            if !thing.size.isEmpty { text += " (\(thing.size))" }
            if !thing.unit.isEmpty { text += " " + MeasureUnit.written(thing.unit, plural: (amount.upper ?? amount.value) > 1) }
            texts.append(.init(value: amount.value, upper: amount.upper, unit: thing.unit.isEmpty ? nil : thing.unit,
                               itemSize: thing.size.isEmpty ? nil : thing.size, text: text))
        }
        return texts
    }

    /// The amounts of the other system moved into `target`, where a cook of that system would
    /// measure them so: weights always; volumes of liquids, of things with a known density, and
    /// of things the recipes also measured by volume in `target`. The rest stay as written.
    private static func converted(_ measures: [Measured: (low: Double, high: Double)], to target: MeasureUnit.System,
                                  name: String) -> [Measured: (low: Double, high: Double)] {
        var result = measures
        func move(_ from: Measured, to: Measured, by ratio: Double = 1) {
            guard let amount = result.removeValue(forKey: from) else { return }
            let sum = result[to] ?? (0, 0)
            result[to] = (sum.low + amount.low * ratio, sum.high + amount.high * ratio)
        }
        let other: MeasureUnit.System = target == .metric ? .us : .metric
        move(Measured(system: other, dimension: .mass), to: Measured(system: target, dimension: .mass))
        let otherVolume = Measured(system: other, dimension: .volume), targetVolume = Measured(system: target, dimension: .volume)
        if target == .us || result[targetVolume] != nil || IngredientDensity.isLiquid(name) {
            move(otherVolume, to: targetVolume)
        } else if let density = IngredientDensity.entry(for: name) {
            move(otherVolume, to: Measured(system: target, dimension: .mass), by: density.gramsPerMilliliter)
        }
        return result
    }

    private static func measured(_ base: (low: Double, high: Double), _ dimension: MeasureUnit.Dimension, _ system: MeasureUnit.System) -> ShoppingList.Quantity {
        let unit = UnitConversion.bestUnit(for: base.high, dimension: dimension, system: system)
        let low = UnitConversion.round(base.low / unit.size, unit: unit)
        let high = UnitConversion.round(base.high / unit.size, unit: unit)
        let amount = Amount(low, upper: high > low ? high : nil)
        let style: AmountText.Style = unit.system == .metric ? .decimal : .fraction
        let text = AmountText.format(amount, style: style) + " " + MeasureUnit.written(unit.name, plural: (amount.upper ?? amount.value) > 1)
        return .init(value: amount.value, upper: amount.upper, unit: unit.name, itemSize: nil, text: text)
    }
}

extension Aisle {
    var sortIndex: Int { Aisle.allCases.firstIndex(of: self)! }
}

import Foundation

/// What the recipes of a list need of one thing, as it is collected: measures in millilitres
/// and grams by the system they were written in (spoons, which both systems use, apart),
/// counts by what they count, and the lines they came from.
struct ShoppingTally: Sendable {
    /// Low and high ends, for ranges (`1–2 cups`).
    struct Sum: Sendable, Equatable {
        var low: Double
        var high: Double

        static let zero = Sum(low: 0, high: 0)
        static func + (a: Sum, b: Sum) -> Sum { Sum(low: a.low + b.low, high: a.high + b.high) }
        static func * (a: Sum, factor: Double) -> Sum { Sum(low: a.low * factor, high: a.high * factor) }
    }

    struct Measured: Hashable, Sendable {
        /// Nil for spoons.
        var system: MeasureUnit.System?
        var dimension: MeasureUnit.Dimension
    }

    /// What a count counts: the unit ("" for plain numbers: 3 eggs) and the size of each (""
    /// when not given), so that 15 oz cans and 28 oz cans are not added.
    struct CountedThing: Hashable, Sendable {
        var unit: String
        var size: String
    }

    /// Units that hold a product as it is sold (`1 can diced tomatoes`): what is in them is
    /// bought as such, never as the fresh thing of the same name.
    static let containers: Set<String> = ["can", "jar", "package", "packet", "box", "bag", "carton", "tub", "bottle", "container", "canister", "tube"]

    var name: String
    var order: Int
    /// The name is English, so a count can make it plural (`3 onions`).
    var inflects: Bool
    /// The plural `SameThingNames` gives the name, in a language Larder does not inflect.
    var plural: String?
    var recipes: [String] = []
    var sources: [ShoppingList.Source] = []
    var measures: [Measured: Sum] = [:]
    var counted: [CountedThing: Sum] = [:]
    var countedOrder: [CountedThing] = []
    var unmeasured = false

    init(name: String, order: Int, inflects: Bool) {
        self.name = name
        self.order = order
        self.inflects = inflects
    }

    mutating func add(_ amount: Amount, unit: String?, of ingredient: Ingredient) {
        let high = amount.upper ?? amount.value
        if let measure = MeasureUnit.named(unit) {
            let plus = Self.plusPart(of: ingredient, dimension: measure.dimension)
            let key = Measured(system: measure.system, dimension: measure.dimension)
            measures[key, default: .zero] = measures[key, default: .zero] + Sum(low: amount.value * measure.size + plus, high: high * measure.size + plus)
        } else {
            let thing = CountedThing(unit: unit ?? "", size: Self.itemSize(of: ingredient) ?? "")
            addCount(Sum(low: amount.value, high: high), of: thing)
        }
    }

    mutating func addCount(_ sum: Sum, of thing: CountedThing) {
        if counted[thing] == nil { countedOrder.append(thing) }
        counted[thing, default: .zero] = counted[thing, default: .zero] + sum
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
}

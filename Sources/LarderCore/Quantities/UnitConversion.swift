/// Converts an amount between US customary and metric units. Volume and mass convert into each
/// other only through `IngredientDensity`; teaspoons and tablespoons, which both systems use,
/// and counting units (clove, can) stay as they are, except a stick of butter, which is a weight.
public enum UnitConversion {
    /// The amount in the other system, rounded as cooks write it, or nil when it stays as it is.
    /// `namesInEnglish`: the ingredient's name is English, the only language `IngredientDensity`
    /// knows; for another (`Mehl`, `farine`) no density or liquid is looked up by name: weights
    /// stay weights, volumes volumes, and a cup a metric kitchen would weigh stays a cup.
    public static func convert(_ amount: Amount, unit: String?, ingredient name: String?, to system: MeasureUnit.System,
                               namesInEnglish: Bool = true) -> (Amount, String)? {
        // A stick is a weight of butter whatever the recipe's language (`1 stick Butter`).
        if unit == "stick", system == .metric, isButter(name) {
            return inBestUnit(amount, base: { $0 * gramsPerStickOfButter }, dimension: .mass, system: .metric)
        }
        let name = namesInEnglish ? name : nil
        guard let source = MeasureUnit.named(unit), let sourceSystem = source.system, sourceSystem != system else { return nil }
        let density = IngredientDensity.entry(for: name)
        // A metric kitchen weighs solids: a cup of chopped walnuts becomes grams through its
        // density, or stays a cup when the density is not known — never millilitres of walnuts.
        // Liquids (and fluid ounces, which say so) become millilitres.
        if system == .metric, source.dimension == .volume, density == nil, source.name != "fluid ounce", !IngredientDensity.isLiquid(name) {
            return nil
        }
        // What to measure in: solids with a known density by weight in metric and by cups in
        // US recipes; liquids by volume; anything else in its own dimension.
        var dimension = source.dimension
        if let density {
            switch system {
            case .metric: dimension = density.isLiquid ? .volume : .mass
            case .us: dimension = .volume
            }
        }
        func base(_ value: Double) -> Double? {
            let own = value * source.size
            if dimension == source.dimension { return own }
            guard let density else { return nil }
            return source.dimension == .volume ? own * density.gramsPerMilliliter : own / density.gramsPerMilliliter
        }
        return inBestUnit(amount, base: base, dimension: dimension, system: system)
    }

    /// US sticks of butter are a quarter pound each (½ cup), wrapped and marked by the tablespoon.
    static let gramsPerStickOfButter = 113.4

    /// Butter or margarine, not peanut or apple butter, which no one sells by the stick.
    static func isButter(_ name: String?) -> Bool {
        guard let words = name?.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init), let head = words.last else { return false }
        let notDairy: Set<String> = ["peanut", "almond", "cashew", "nut", "apple", "cocoa", "shea", "cookie", "seed", "sunflower"]
        return ["butter", "margarine"].contains(head) && words.allSatisfy { !notDairy.contains($0) }
    }

    /// The amount, turned into grams or millilitres by `base`, in the unit a cook would use for it.
    static func inBestUnit(_ amount: Amount, base: (Double) -> Double?, dimension: MeasureUnit.Dimension, system: MeasureUnit.System) -> (Amount, String)? {
        guard let low = base(amount.value) else { return nil }
        let target = bestUnit(for: low, dimension: dimension, system: system)
        let value = round(low / target.size, unit: target)
        let upper = amount.upper.flatMap(base).map { round($0 / target.size, unit: target) }
        return (Amount(value, upper: upper), target.name)
    }

    /// The unit a cook would use for this much: spoons for little, cups and pounds for more,
    /// litres and kilograms from a thousand.
    static func bestUnit(for base: Double, dimension: MeasureUnit.Dimension, system: MeasureUnit.System) -> MeasureUnit {
        let name: String
        switch (dimension, system) {
        case (.volume, .metric): name = base >= 1000 ? "liter" : "milliliter"
        case (.mass, .metric): name = base >= 1000 ? "kilogram" : "gram"
        case (.volume, .us):
            switch base {
            case ..<14.5: name = "teaspoon"
            case ..<59: name = "tablespoon"
            case ..<1892: name = "cup"
            default: name = "quart"
            }
        case (.mass, .us): name = base >= 453 ? "pound" : "ounce"
        }
        return MeasureUnit.byName[name]!
    }

    static func round(_ value: Double, unit: MeasureUnit) -> Double {
        switch unit.name {
        case "gram", "milliliter": return CookRounding.metric(value)
        case "kilogram", "liter": return CookRounding.large(value)
        default: return AmountText.shown(value, style: .fraction)
        }
    }
}

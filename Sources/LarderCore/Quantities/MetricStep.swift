/// A scaled metric amount moves to the unit a cook would write it in: `250 g` ×10 is `2.5 kg`,
/// not `2500 g`; `0.65 kg` quartered is `160 g`, not `0.15 kg`. Only grams ↔ kilograms and
/// millilitres ↔ litres: a recipe that wrote centilitres or decilitres keeps them. A US
/// measure moves up within its own system (`usStep`): `8 oz` ×10 is `5 lb`, not `80 oz`.
enum MetricStep {
    /// The unit to move to and the amount expressed in it (before scaling), or nil to stay.
    static func unit(for amount: Amount, scaledBy factor: Double, unit: String?, cupsAllowed: Bool = false, liquid: Bool = false) -> (unit: String, amount: Amount)? {
        let smallest = amount.value * factor
        let largest = (amount.upper ?? amount.value) * factor
        let target: (String, Double)?
        switch unit {
        case "gram" where smallest >= 1000: target = ("kilogram", 1.0 / 1000)
        case "kilogram" where largest < 1: target = ("gram", 1000)
        case "milliliter" where smallest >= 1000: target = ("liter", 1.0 / 1000)
        case "liter" where largest < 1: target = ("milliliter", 1000)
        default: target = nil
        }
        guard let (name, ratio) = target ?? usStep(from: unit, smallest: smallest, cupsAllowed: cupsAllowed, liquid: liquid) else { return nil }
        return (name, Amount(amount.value * ratio, upper: amount.upper.map { $0 * ratio }))
    }

    /// A US measure steps up once the amount makes at least two of a larger one (`80 oz` is
    /// `5 lb`, `2000 cups` of milk `125 gallons`, `6 tsp` `2 tbsp`), never to a fraction of
    /// one (`4 tsp` stays, not `1 ⅓ tbsp`); to the largest such, and never down. Spoons step
    /// up to cups only in a recipe measured in US units (`cupsAllowed`: both systems use
    /// spoons, and a metric recipe has no cups); quarts and gallons hold liquids only, as
    /// nobody measures flour by the quart.
    static func usStep(from unit: String?, smallest: Double, cupsAllowed: Bool, liquid: Bool) -> (String, Double)? {
        guard let current = MeasureUnit.named(unit) else { return nil }
        var targets: [String]
        switch current.name {
        case "ounce": targets = ["pound"]
        case "teaspoon": targets = ["tablespoon"] + (cupsAllowed ? ["cup"] : [])
        case "tablespoon": targets = cupsAllowed ? ["cup"] : []
        case "fluid ounce": targets = ["cup"]
        case "cup", "pint", "quart": targets = []
        default: return nil
        }
        let spoon = current.name == "teaspoon" || current.name == "tablespoon"
        if liquid, !spoon || cupsAllowed {
            targets += ["quart", "gallon"]
        }
        let base = smallest * current.size
        let larger = targets.compactMap { MeasureUnit.named($0) }
            .filter { $0.size > current.size * 1.5 && base >= 2 * $0.size * 0.999 }
        guard let target = larger.max(by: { $0.size < $1.size }) else { return nil }
        return (target.name, current.size / target.size)
    }

    /// The new unit spelled as the line spelled the old one: an abbreviation (`g` → `kg`) or a
    /// full word (`grams` → `kilograms`), with the old one's capital.
    /// Outside English lines the new unit is written as its symbol (`1,5 l`, `1,2 kg`), which
    /// every language reads, rather than as an English word.
    static func written(_ unit: String, like old: String, plural: Bool, english: Bool = true) -> String {
        let abbreviated = old.count <= 3 || old.contains(".") || !english
        var word = abbreviated ? MeasureUnit.written(unit, plural: plural) : (plural ? MeasureUnit.pluralWord(unit) : unit)
        if old.first?.isUppercase == true, !abbreviated { word = word.prefix(1).uppercased() + word.dropFirst() }
        return word
    }
}

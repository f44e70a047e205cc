/// A scaled metric amount moves to the unit a cook would write it in: `250 g` ×10 is `2.5 kg`,
/// not `2500 g`; `0.65 kg` quartered is `160 g`, not `0.15 kg`. Only grams ↔ kilograms and
/// millilitres ↔ litres: a recipe that wrote centilitres or decilitres keeps them.
enum MetricStep {
    /// The unit to move to and the amount expressed in it (before scaling), or nil to stay.
    static func unit(for amount: Amount, scaledBy factor: Double, unit: String?) -> (unit: String, amount: Amount)? {
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
        guard let (name, ratio) = target else { return nil }
        return (name, Amount(amount.value * ratio, upper: amount.upper.map { $0 * ratio }))
    }

    /// The new unit spelled as the line spelled the old one: an abbreviation (`g` → `kg`) or a
    /// full word (`grams` → `kilograms`), with the old one's capital.
    static func written(_ unit: String, like old: String, plural: Bool) -> String {
        let abbreviated = old.count <= 3 || old.contains(".")
        var word = abbreviated ? MeasureUnit.written(unit, plural: plural) : (plural ? MeasureUnit.pluralWord(unit) : unit)
        if old.first?.isUppercase == true, !abbreviated { word = word.prefix(1).uppercased() + word.dropFirst() }
        return word
    }
}

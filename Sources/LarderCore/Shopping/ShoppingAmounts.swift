import Foundation

/// How much of one thing to buy, from what the recipes asked for (`ShoppingTally`):
/// - amounts in units that convert into each other are added: in the one measuring system they
///   were written in, in metric where both were (a weight in grams never becomes ounces), and
///   all in the system asked for (`--units`), where a volume of a solid whose weight is not known
///   is in millilitres or cups;
/// - a volume and a weight of one thing are added where its density is known (`IngredientDensity`);
/// - things a shop sells by the piece (`CountedThings`) are bought by the piece: a cup of chopped
///   onion and half an onion are two onions;
/// - spoons stay spoons (`1 ⅓ tbsp butter`, never `20 ml`) unless they add to a cup, a
///   millilitre or a gram of the same thing, or come to a quarter cup;
/// - a count is whole: half an egg is an egg to buy;
/// - what cannot be added stays side by side (`2 cans + 400 g`), and a count keeps the size of
///   what it counts (`2 (15 oz) cans`).
enum ShoppingAmounts {
    typealias Sum = ShoppingTally.Sum
    typealias Measured = ShoppingTally.Measured
    typealias CountedThing = ShoppingTally.CountedThing

    /// Spoons that come to this many millilitres (a quarter cup, 4 tablespoons) or more are
    /// measured as the system's volume: nobody buys 12 tablespoons of oil.
    static let spoonfuls = 59.0

    static let spoonVolume = Measured(system: nil, dimension: .volume)

    static func amounts(of tally: ShoppingTally, key: String, units: MeasureUnit.System?) -> [ShoppingList.Quantity] {
        var measures = tally.measures
        var counted = tally.counted
        var countedOrder = tally.countedOrder
        let written = Set(measures.keys.compactMap(\.system))
        let density = IngredientDensity.entry(for: tally.name)

        // A stick of butter is a quarter pound: a weight, where weights are wanted or there are others.
        let sticks = CountedThing(unit: "stick", size: "")
        if let sum = counted[sticks], UnitConversion.isButter(tally.name), units == .metric || !measures.isEmpty {
            counted[sticks] = nil
            countedOrder.removeAll { $0 == sticks }
            let usMass = Measured(system: .us, dimension: .mass)
            measures[usMass] = (measures[usMass] ?? .zero) + sum * UnitConversion.gramsPerStickOfButter
        }

        if let target = units ?? (written.count > 1 ? .metric : nil) {
            measures = converted(measures, to: target, name: tally.name, asked: units != nil)
        }

        if let thing = CountedThings.entry(forKey: key) {
            byThePiece(&measures, &counted, &countedOrder, thing: thing)
        }

        // Spoons join another volume of the thing, or a weight through its density, in the
        // system asked for or written (metric when that is all there is); alone and few, they
        // stay spoons.
        var spoons: Sum?
        var weighInMetric = units == .metric
        if let sum = measures.removeValue(forKey: spoonVolume) {
            let systems = Set(measures.keys.compactMap(\.system))
            let home: MeasureUnit.System = units ?? (systems.count > 1 ? .metric : systems.first ?? .us)
            let joins = measures[Measured(system: home, dimension: .volume)] != nil
                || density != nil && measures[Measured(system: home, dimension: .mass)] != nil
                || sum.high >= spoonfuls
            if joins {
                let volume = Measured(system: home, dimension: .volume)
                measures[volume] = (measures[volume] ?? .zero) + sum
                weighInMetric = weighInMetric || home == .metric
            } else {
                spoons = sum
            }
        }
        // A metric kitchen weighs solids: millilitres of cornstarch or flour are grams.
        if weighInMetric, let density, !density.isLiquid, let volume = measures.removeValue(forKey: Measured(system: .metric, dimension: .volume)) {
            let mass = Measured(system: .metric, dimension: .mass)
            measures[mass] = (measures[mass] ?? .zero) + volume * density.gramsPerMilliliter
        }

        var texts: [ShoppingList.Quantity] = []
        for system in MeasureUnit.System.allCases.reversed() {
            var volume = measures[Measured(system: system, dimension: .volume)], mass = measures[Measured(system: system, dimension: .mass)]
            // Volume and weight of one thing add up when its density is known: cups of flour and ounces of flour.
            if let v = volume, let m = mass, let density {
                mass = m + v * density.gramsPerMilliliter
                volume = nil
            }
            if let volume { texts.append(measured(volume, .volume, system)) }
            if let mass { texts.append(measured(mass, .mass, system)) }
        }
        if let spoons { texts.append(inSpoons(spoons)) }
        for thing in countedOrder {
            texts.append(count(counted[thing]!, of: thing))
        }
        return texts
    }

    /// Volumes of a thing sold by the piece become pieces when nothing else says how much to
    /// buy or a count does; weights become pieces beside a count, and take in the volumes where
    /// there is no count.
    static func byThePiece(_ measures: inout [Measured: Sum], _ counted: inout [CountedThing: Sum], _ order: inout [CountedThing],
                           thing: CountedThings.Entry) {
        let pieces = CountedThing(unit: thing.unit ?? "", size: "")
        let volumeKeys = measures.keys.filter { $0.dimension == .volume }
        let massKeys = measures.keys.filter { $0.dimension == .mass }
        let volume = volumeKeys.reduce(Sum.zero) { $0 + measures[$1]! }
        let mass = massKeys.reduce(Sum.zero) { $0 + measures[$1]! }
        func addPieces(_ sum: Sum) {
            if counted[pieces] == nil { order.append(pieces) }
            counted[pieces] = (counted[pieces] ?? .zero) + sum
        }
        let hasCount = counted[pieces] != nil
        if hasCount || massKeys.isEmpty, !volumeKeys.isEmpty {
            addPieces(Sum(low: thing.items(inMilliliters: volume.low), high: thing.items(inMilliliters: volume.high)))
            volumeKeys.forEach { measures[$0] = nil }
        }
        if hasCount, !massKeys.isEmpty {
            addPieces(Sum(low: thing.items(inGrams: mass.low), high: thing.items(inGrams: mass.high)))
            massKeys.forEach { measures[$0] = nil }
        } else if !volumeKeys.isEmpty, massKeys.count == 1, let massKey = massKeys.first {
            // Grams of onions and a cup of chopped onion: the cup weighed in with the grams.
            measures[massKey] = mass + volume * (thing.gramsPerCup / CountedThings.cupMilliliters)
            volumeKeys.forEach { measures[$0] = nil }
        }
    }

    /// The amounts of the other system moved into `target`, where a cook of that system would
    /// measure them so: weights always; volumes of liquids, of things with a known density, and
    /// of things the recipes also measured by volume in `target`. When `target` was asked for
    /// (`asked`), the rest move too: a volume of a solid whose weight is not known is in
    /// millilitres (or cups) like every other amount of the list.
    static func converted(_ measures: [Measured: Sum], to target: MeasureUnit.System, name: String, asked: Bool) -> [Measured: Sum] {
        var result = measures
        func move(_ from: Measured, to: Measured, by ratio: Double = 1) {
            guard let amount = result.removeValue(forKey: from) else { return }
            result[to] = (result[to] ?? .zero) + amount * ratio
        }
        let other: MeasureUnit.System = target == .metric ? .us : .metric
        move(Measured(system: other, dimension: .mass), to: Measured(system: target, dimension: .mass))
        let otherVolume = Measured(system: other, dimension: .volume), targetVolume = Measured(system: target, dimension: .volume)
        if target == .us || result[targetVolume] != nil || IngredientDensity.isLiquid(name) {
            move(otherVolume, to: targetVolume)
        } else if let density = IngredientDensity.entry(for: name) {
            move(otherVolume, to: Measured(system: target, dimension: .mass), by: density.gramsPerMilliliter)
        } else if asked {
            move(otherVolume, to: targetVolume)
        }
        return result
    }

    static func measured(_ base: Sum, _ dimension: MeasureUnit.Dimension, _ system: MeasureUnit.System) -> ShoppingList.Quantity {
        let unit = UnitConversion.bestUnit(for: base.high, dimension: dimension, system: system)
        let low = UnitConversion.round(base.low / unit.size, unit: unit)
        let high = UnitConversion.round(base.high / unit.size, unit: unit)
        let amount = Amount(low, upper: high > low ? high : nil)
        let style: AmountText.Style = unit.system == .metric ? .decimal : .fraction
        let text = AmountText.format(amount, style: style) + " " + MeasureUnit.written(unit.name, plural: (amount.upper ?? amount.value) > 1)
        return .init(value: amount.value, upper: amount.upper, unit: unit.name, itemSize: nil, text: text)
    }

    /// Millilitres of spoons in tablespoons, or teaspoons below one.
    static func inSpoons(_ base: Sum) -> ShoppingList.Quantity {
        let unit = MeasureUnit.named(base.high < 14.5 ? "teaspoon" : "tablespoon")!
        let low = UnitConversion.round(base.low / unit.size, unit: unit)
        let high = UnitConversion.round(base.high / unit.size, unit: unit)
        let amount = Amount(low, upper: high > low ? high : nil)
        let text = AmountText.format(amount, style: .fraction) + " " + MeasureUnit.written(unit.name, plural: (amount.upper ?? amount.value) > 1)
        return .init(value: amount.value, upper: amount.upper, unit: unit.name, itemSize: nil, text: text)
    }

    /// A count in whole things, rounded up: a shop sells no half egg, and the recipe needs the half.
    static func count(_ sum: Sum, of thing: CountedThing) -> ShoppingList.Quantity {
        // A sum that is whole but for the error of adding fractions (⅓ + ⅔) is that whole.
        func whole(_ value: Double) -> Double { max(1, (value - 1e-6).rounded(.up)) }
        let low = whole(sum.low), high = whole(sum.high)
        let amount = Amount(low, upper: high > low ? high : nil)
        var text = AmountText.format(amount, style: .fraction)
        if !thing.size.isEmpty { text += " (\(thing.size))" }
        if !thing.unit.isEmpty { text += " " + MeasureUnit.written(thing.unit, plural: (amount.upper ?? amount.value) > 1) }
        return .init(value: amount.value, upper: amount.upper, unit: thing.unit.isEmpty ? nil : thing.unit,
                     itemSize: thing.size.isEmpty ? nil : thing.size, text: text)
    }
}

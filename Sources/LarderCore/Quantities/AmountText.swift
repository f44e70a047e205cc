import Foundation

/// Writes amounts the way cooks do: `1 ½`, `⅓`, `2–3` for spoons, cups and counts; `250`,
/// `2.5`, `1.25` for grams and millilitres.
public enum AmountText {
    public enum Style: Sendable { case fraction, decimal }

    static let fractions: [(value: Double, glyph: String)] = [
        (0, ""), (1.0 / 8, "⅛"), (1.0 / 4, "¼"), (1.0 / 3, "⅓"), (3.0 / 8, "⅜"), (1.0 / 2, "½"),
        (5.0 / 8, "⅝"), (2.0 / 3, "⅔"), (3.0 / 4, "¾"), (7.0 / 8, "⅞"), (1, ""),
    ]

    public static func format(_ amount: Amount, style: Style) -> String {
        let low = format(amount.value, style: style)
        guard let upper = amount.upper else { return low }
        return low + "–" + format(upper, style: style)
    }

    /// Total on every finite number: amounts far past anything a kitchen measures (a scale
    /// factor of 1e300) are written out in whole digits rather than trapping in `Int(_:)`.
    /// A value that is not a number at all has no amount to show, and shows as `?`.
    public static func format(_ value: Double, style: Style) -> String {
        guard value.isFinite else { return "?" }
        guard value >= 0 else { return "-" + format(-value, style: style) }
        switch style {
        case .decimal:
            let rounded = shown(value, style: .decimal)
            if rounded == rounded.rounded() { return wholeNumber(rounded) }
            var text = String(format: "%.2f", rounded)
            while text.hasSuffix("0") { text.removeLast() }
            return text
        case .fraction:
            if value >= 10 { return wholeNumber(value.rounded()) }
            let (whole, fraction) = nearestFraction(value)
            if fraction.glyph.isEmpty { return wholeNumber(whole) }
            return whole == 0 ? fraction.glyph : "\(wholeNumber(whole)) \(fraction.glyph)"
        }
    }

    /// The value `format(_:style:)` shows, as a number.
    public static func shown(_ value: Double, style: Style) -> Double {
        switch style {
        case .decimal:
            // Past 1e13 a double has no hundredths left to round, and `value * 100` could
            // overflow to infinity.
            return value.magnitude >= 1e13 ? value.rounded() : (value * 100).rounded() / 100
        case .fraction:
            if value >= 10 { return value.rounded() }
            let (whole, fraction) = nearestFraction(value)
            return whole + fraction.value
        }
    }

    /// A whole, non-negative, finite number in digits, however large (`Int` stops at 2⁶³).
    static func wholeNumber(_ value: Double) -> String {
        value < 1e15 ? String(Int(value)) : String(format: "%.0f", value)
    }

    /// The whole number and the eighth or third nearest to the rest (`2.97` is 3 and no fraction).
    static func nearestFraction(_ value: Double) -> (whole: Double, fraction: (value: Double, glyph: String)) {
        let whole = value.rounded(.down)
        let nearest = fractions.min { abs($0.value - (value - whole)) < abs($1.value - (value - whole)) }!
        return nearest.value == 1 ? (whole + 1, fractions[0]) : (whole, nearest)
    }
}

/// Rounds converted or scaled amounts to what a cook would measure: no `236.588 ml`.
public enum CookRounding {
    /// Grams and millilitres: finer steps for small amounts.
    public static func metric(_ value: Double) -> Double {
        let step: Double
        switch value {
        case ..<10: step = 0.5
        case ..<25: step = 1
        case ..<100: step = 5
        default: step = 10
        }
        return max(step, (value / step).rounded() * step)
    }

    /// Things counted (eggs, cloves, cans): halves up to two, whole numbers above, never none.
    public static func count(_ value: Double) -> Double {
        value < 2 ? max(0.5, (value * 2).rounded() / 2) : value.rounded()
    }

    /// Kilograms and litres: to the nearest 0.05.
    public static func large(_ value: Double) -> Double {
        (value * 20).rounded() / 20
    }
}

import Foundation

/// Writes amounts the way cooks do: `1 ½`, `⅓`, `2–3` for spoons, cups and counts; `250`,
/// `2.5`, `1.25` for grams and millilitres.
public enum AmountText {
    /// How the part after the whole number is written.
    public enum Style: Sendable {
        /// Fraction signs (`1 ½`), for spoons, cups and counts.
        case fraction
        /// Decimals (`2.5`), for grams and millilitres.
        case decimal
    }

    static let fractions: [(value: Double, glyph: String)] = [
        (0, ""), (1.0 / 8, "⅛"), (1.0 / 4, "¼"), (1.0 / 3, "⅓"), (3.0 / 8, "⅜"), (1.0 / 2, "½"),
        (5.0 / 8, "⅝"), (2.0 / 3, "⅔"), (3.0 / 4, "¾"), (7.0 / 8, "⅞"), (1, ""),
    ]

    /// `amount` in `style`, rounded to what a cook measures; a range as `2–3`.
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
            if wholeIsClose(value) { return wholeNumber(value.rounded()) }
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
            if wholeIsClose(value) { return value.rounded() }
            let (whole, fraction) = nearestFraction(value)
            return whole + fraction.value
        }
    }

    /// From 10 up an amount is written whole where that moves it little (`32`, not `32 ⅛`),
    /// and with its fraction where it does not (`10 ½`, not `11`).
    static func wholeIsClose(_ value: Double) -> Bool {
        value >= 10 && (value.magnitude >= 1e15 || abs(value.rounded() - value) <= value * CookRounding.tolerance)
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

/// Rounds converted or scaled amounts to what a cook would measure: no `236.588 ml`. A round
/// figure is taken only when it is close: an amount never moves by more than `tolerance` of
/// itself, so `473.176 ml` reads `470 ml` and a cup `240 ml`, while `125` stays `125` and `32`
/// stays `32` (steps of 5 and 10 from 25 up made them `130` and `30`).
public enum CookRounding {
    /// How far, as a part of the amount, rounding for readability may move it.
    public static let tolerance = 0.02

    /// The amount to the coarsest of `steps` (largest first) that moves it by at most
    /// `tolerance`; else to the finest, and never to nothing.
    static func nearest(_ value: Double, steps: [Double]) -> Double {
        guard value.isFinite, value > 0 else { return value }
        for step in steps {
            let rounded = (value / step).rounded() * step
            if rounded > 0, abs(rounded - value) <= value * tolerance { return rounded }
        }
        let finest = steps.last!
        return max(finest, (value / finest).rounded() * finest)
    }

    /// Grams and millilitres: tens, fives and whole ones where they are close, else halves and
    /// finer for small amounts.
    public static func metric(_ value: Double) -> Double {
        nearest(value, steps: [10, 5, 1, 0.5, 0.1, 0.05, 0.01])
    }

    /// Things counted (eggs, cloves, bunches): halves up to two, whole numbers above, never
    /// none. A quarter, or less, is a quarter: `0,5 Bund` halved is `¼ Bund`, not doubled to
    /// `½`; a third of an onion is still half of one.
    public static func count(_ value: Double) -> Double {
        if value <= 0.25 * (1 + tolerance) { return 0.25 }
        return value < 2 ? max(0.5, (value * 2).rounded() / 2) : value.rounded()
    }

    /// Kilograms and litres: to the nearest 0.05 where that is close, else finer.
    public static func large(_ value: Double) -> Double {
        nearest(value, steps: [0.05, 0.01])
    }
}

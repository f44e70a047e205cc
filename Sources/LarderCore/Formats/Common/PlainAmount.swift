/// Amounts as plain-text recipe formats write them: `2`, `1.5`, `1/2`, `1 1/3`, ranges
/// `1-2`, `1-1 1/2`, `1/2-1`. Nil for anything else (`few`, `01/2`), which stays text.
public enum PlainAmount {
    /// The amount `text` writes, or nil when it is not one of the plain forms.
    public static func amount(_ text: String) -> Amount? {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty else { return nil }
        let parts = trimmed.split(separator: "-", maxSplits: 1).map { $0.trimmed }
        if parts.count == 2 {
            guard let low = number(parts[0]), let high = number(parts[1]), high > low else { return nil }
            return Amount(low, upper: high)
        }
        if let value = number(trimmed) { return Amount(value) }
        // Two numbers that are no mixed number (`0.75 1`, `3/4 1`): a range, as KRecipes writes
        // one into MasterCook's `qty`.
        let words = trimmed.split(separator: " ")
        if words.count == 2, let low = simple(String(words[0])), let high = simple(String(words[1])), high > low {
            return Amount(low, upper: high)
        }
        return nil
    }

    /// A range written with a word between its ends, as recipes write it: `1 to 2`, `½ or 1`,
    /// `1 1/2 to 2`. Cooklang has no syntax for a range, so `CooklangWriter` keeps this
    /// wording as the amount's text and `CooklangMapper` reads it back as the same range.
    public static func wordedRange(_ text: String) -> Amount? {
        let words = text.trimmed.split(separator: " ").map(String.init)
        guard let joint = words.firstIndex(where: { rangeWords.contains($0.lowercased()) }), joint > 0, joint < words.count - 1,
              let low = anyNumber(words[..<joint].joined(separator: " ")),
              let high = anyNumber(words[(joint + 1)...].joined(separator: " ")), high > low else { return nil }
        return Amount(low, upper: high)
    }

    static let rangeWords: Set<String> = ["to", "or"]

    /// One number, also with a fraction glyph (`½`, `1½`, `1 ½`).
    static func anyNumber(_ text: String) -> Double? {
        if let plain = number(text) { return plain }
        var whole = 0.0
        var rest = text.filter { $0 != " " }
        guard let glyph = rest.last, let fraction = glyphs[glyph] else { return nil }
        rest.removeLast()
        if !rest.isEmpty {
            guard let value = simple(rest), value == value.rounded() else { return nil }
            whole = value
        }
        return whole + fraction
    }

    static let glyphs: [Character: Double] = ["½": 1.0 / 2, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 1.0 / 4, "¾": 3.0 / 4, "⅛": 1.0 / 8, "⅜": 3.0 / 8, "⅝": 5.0 / 8, "⅞": 7.0 / 8]

    /// A number as plain text formats write it: `2`, `1/3`, `1 1/2`, else a short decimal.
    /// `number(_:)` reads every form back to the same value.
    public static func text(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0" }
        let whole = value.rounded(.down)
        let rest = value - whole
        if rest < 1e-9 { return YAMLText.number(whole) }
        for denominator in [2.0, 3, 4, 8, 16] {
            let top = rest * denominator
            if abs(top - top.rounded()) < 1e-6 {
                let fraction = "\(Int(top.rounded()))/\(Int(denominator))"
                return whole == 0 ? fraction : "\(YAMLText.number(whole)) \(fraction)"
            }
        }
        return YAMLText.number(value)
    }

    /// One number: whole, decimal (point or comma), fraction or mixed number.
    public static func number(_ text: String) -> Double? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if words.count == 2, let whole = simple(String(words[0])), whole == whole.rounded(),
           words[1].contains("/"), let fraction = simple(String(words[1])) {
            return whole + fraction
        }
        // `1 / 2`: a fraction written with spaces, every space beside its slash. Other words
        // are not run together (`3/4 1` is no `3/41`).
        for (left, right) in zip(words, words.dropFirst()) where !left.hasSuffix("/") && !right.hasPrefix("/") { return nil }
        return simple(words.joined())
    }

    /// Digits only (no number words, no `½`): what these formats write. `01/2` is not a
    /// fraction anyone writes; it stays text.
    static func simple(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "," || $0 == "/") }),
              !(text.hasPrefix("0") && text.contains("/")) else { return nil }
        return NumberWords.value(of: text)
    }
}

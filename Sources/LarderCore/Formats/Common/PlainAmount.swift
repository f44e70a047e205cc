/// Amounts as plain-text recipe formats write them: `2`, `1.5`, `1/2`, `1 1/3`, ranges
/// `1-2`, `1-1 1/2`, `1/2-1`. Nil for anything else (`few`, `01/2`), which stays text.
public enum PlainAmount {
    public static func amount(_ text: String) -> Amount? {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty else { return nil }
        let parts = trimmed.split(separator: "-", maxSplits: 1).map { $0.trimmed }
        if parts.count == 2 {
            guard let low = number(parts[0]), let high = number(parts[1]), high > low else { return nil }
            return Amount(low, upper: high)
        }
        return number(trimmed).map { Amount($0) }
    }

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
        // `1 / 2`: a fraction written with spaces.
        let joined = words.joined()
        return simple(joined)
    }

    /// Digits only (no number words, no `½`): what these formats write. `01/2` is not a
    /// fraction anyone writes; it stays text.
    static func simple(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "," || $0 == "/") }),
              !(text.hasPrefix("0") && text.contains("/")) else { return nil }
        return NumberWords.value(of: text)
    }
}

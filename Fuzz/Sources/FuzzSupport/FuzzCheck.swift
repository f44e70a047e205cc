import LarderCore

/// What a parser's result must be whatever the input: a number it reads is a real amount
/// (finite, not negative). An infinite or NaN amount would be scaled, converted and written as
/// nonsense ("0 cups") instead of the text being kept as written.
public enum FuzzCheck {
    public static func number(_ value: Double?, of input: String) {
        guard let value else { return }
        precondition(value.isFinite && value >= 0, "read \(value) from \(input.debugDescription)")
    }

    public static func amount(_ amount: Amount?, of input: String) {
        number(amount?.value, of: input)
        number(amount?.upper, of: input)
    }
}

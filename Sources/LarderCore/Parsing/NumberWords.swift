/// Numbers as recipes write them: `3`, `1.5`, `0,5`, `1/2`, `½`, `one`, `a dozen`.
public enum NumberWords {
    public static let vulgarFractions: [Character: Double] = [
        "½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75, "⅕": 0.2, "⅖": 0.4, "⅗": 0.6,
        "⅘": 0.8, "⅙": 1.0 / 6, "⅚": 5.0 / 6, "⅐": 1.0 / 7, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625,
        "⅞": 0.875, "⅑": 1.0 / 9, "⅒": 0.1,
    ]

    /// The value of a vulgar fraction scalar (`½`), or nil. Checks the block first: most
    /// scalars the tokenizer asks about are ASCII.
    @inline(__always) static func vulgarFraction(_ scalar: Unicode.Scalar) -> Double? {
        guard scalar.value == 0xBC || scalar.value == 0xBD || scalar.value == 0xBE || (scalar.value >= 0x2150 && scalar.value <= 0x215E) else {
            return nil
        }
        return vulgarFractions[Character(scalar)]
    }

    public static let words: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
        "half": 0.5, "quarter": 0.25, "dozen": 12, "ein": 1, "eine": 1, "zwei": 2, "drei": 3, "vier": 4,
        "un": 1, "une": 1, "deux": 2, "trois": 3,
    ]

    /// The value of one token, or nil. Accepts integers, decimals with `.` or `,`, fractions with
    /// `/` or `⁄`, vulgar fractions alone or glued to a whole number (`1½`), and number words.
    public static func value(of token: String) -> Double? {
        if let word = words[token] { return word }
        guard let first = token.first, first.isNumber || first == "." || first == "," else { return nil }
        if token.count == 1, let fraction = vulgarFractions[first] { return fraction }
        if let last = token.last, let fraction = vulgarFractions[last] {
            guard let whole = Double(token.dropLast()) else { return nil }
            return whole + fraction
        }
        let slash = token.firstIndex(where: { $0 == "/" || $0 == "⁄" })
        if let slash {
            guard let numerator = Double(token[..<slash]), let denominator = Double(token[token.index(after: slash)...]),
                  denominator != 0 else { return nil }
            return numerator / denominator
        }
        guard token.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }) else { return nil }
        let value = Double(token.replacingOccurrences(of: ",", with: "."))
        guard let value, value.isFinite else { return nil }
        return value
    }
}

/// Numbers as recipes write them: `3`, `1.5`, `0,5`, `1/2`, `½`, `one`, `a dozen`.
public enum NumberWords {
    /// Unicode fraction signs and their values (`½` → 0.5).
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

    /// Number words of English and of the languages Larder reads recipes in. Words that are
    /// also common connectors are left out (Danish and Norwegian `to`, 2, is English `to`;
    /// `et`, Danish one, is French `and`; `ni`, Danish nine, is Spanish `nor`).
    public static let words: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
        "half": 0.5, "quarter": 0.25, "dozen": 12,
        // German.
        "ein": 1, "eine": 1, "einen": 1, "einem": 1, "einer": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6,
        "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "halb": 0.5, "halbe": 0.5, "halben": 0.5, "halber": 0.5,
        // French.
        "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10,
        "douze": 12, "demi": 0.5, "demie": 0.5,
        // Spanish and Italian (`medio`, `media` are Spanish halves; Italian `medio` is a size).
        "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
        "diez": 10, "doce": 12, "medio": 0.5, "media": 0.5, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6,
        "sette": 7, "otto": 8, "nove": 9, "dieci": 10, "dodici": 12, "mezzo": 0.5, "mezza": 0.5,
        // Dutch.
        "een": 1, "één": 1, "twee": 2, "drie": 3, "vijf": 5, "zes": 6, "zeven": 7, "negen": 9, "tien": 10, "twaalf": 12,
        "halve": 0.5,
        // Danish, Norwegian, Swedish.
        "ett": 1, "två": 2, "fire": 4, "fyra": 4, "fem": 5, "seks": 6, "sex": 6, "syv": 7, "sju": 7,
        "otte": 8, "åtte": 8, "åtta": 8, "nio": 9, "tio": 10, "ti": 10, "tolv": 12, "halv": 0.5, "halvt": 0.5, "halva": 0.5,
        // Portuguese.
        "um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "sete": 7, "oito": 8, "dez": 10, "meio": 0.5, "meia": 0.5,
        // Polish.
        "jeden": 1, "jedna": 1, "jedno": 1, "dwa": 2, "dwie": 2, "trzy": 3, "cztery": 4, "pięć": 5, "sześć": 6,
        "siedem": 7, "osiem": 8, "dziewięć": 9, "dziesięć": 10, "pół": 0.5,
    ]

    /// Words for "and" between a whole number and a fraction (`1 i 1/2`, `1 e meia`, `1 und ½`).
    static let fractionJoiners: Set<String> = ["and", "und", "et", "y", "e", "i", "en", "og", "och"]

    /// Counting nouns that stand for a round number (`une vingtaine`, about twenty).
    static let roundCounts: [String: Double] = [
        "dizaine": 10, "douzaine": 12, "quinzaine": 15, "vingtaine": 20, "trentaine": 30, "centaine": 100,
        "decena": 10, "docena": 12, "veintena": 20, "decina": 10, "dozzina": 12, "ventina": 20, "dúzia": 12, "dezena": 10,
        "dutzend": 12, "dozijn": 12, "dusin": 12, "dussin": 12, "tuzin": 12,
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
        // `1,1/2`: a comma before a fraction parts a whole number from the fraction (1½), as
        // Cooklang files and some lists write it; `1,5` alone stays a decimal comma.
        if let slash, let comma = token[..<slash].firstIndex(of: ","), let whole = Double(token[..<comma]),
           let fraction = value(of: String(token[token.index(after: comma)...])), fraction < 1 {
            return whole + fraction
        }
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

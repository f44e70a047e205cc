import Foundation

/// Reads cooking times: ISO-8601 durations (`PT1H30M`, `P0DT0H35M`, `PT0.5H`, `PT00:30:00`, and
/// `P30M` or `PT0D0H30M` as sites misspell them) and the text forms
/// recipes write (`1 hr 20 mins`, `90 minutes`, `2-3 hours`). What it cannot read stays as text
/// with no minutes (`overnight`), never a guess.
public enum DurationParser {
    /// The duration `raw` writes, nil when empty; text it cannot read is kept as the duration's text.
    public static func parse(_ raw: String) -> RecipeDuration? {
        let text = raw.trimmed
        guard !text.isEmpty else { return nil }
        if let minutes = iso8601Minutes(text) {
            return RecipeDuration(minutes: minutes, text: text)
        }
        if let (low, high) = textMinutes(text) ?? rangeOfTwo(text) {
            return RecipeDuration(minutes: low, upperMinutes: high, text: text)
        }
        return RecipeDuration(text: text)
    }

    /// A range of two whole durations, `10 min–13 min`, `1 h – 1 h 30 min`, `1 hour to 90
    /// minutes` (as `DurationText.describe` writes a range): each end read on its own.
    static func rangeOfTwo(_ text: String) -> (Double, Double?)? {
        for separator in ["–", "—", " - ", " to "] {
            guard let cut = text.range(of: separator) else { continue }
            guard let (low, lowUpper) = textMinutes(String(text[..<cut.lowerBound])), lowUpper == nil,
                  let (high, highUpper) = textMinutes(String(text[cut.upperBound...])), highUpper == nil, high > low else { return nil }
            return (low, high)
        }
        return nil
    }

    /// A duration given as a number of minutes by the source.
    public static func minutes(_ value: Double) -> RecipeDuration? {
        guard value.isFinite, value > 0 else { return nil }
        return RecipeDuration(minutes: value)
    }

    /// Minutes of an ISO-8601 duration, or nil when `text` is not one. Read whole: every
    /// designator (`P1Y2M3W4DT5H6M7.5S`, a fraction on any part, a comma for the decimal mark),
    /// the alternative form (`PT00:30:00`, `P0000-00-01T01:30`), and the misspellings sites
    /// publish: no `T` (`P30M`: thirty minutes, as no recipe takes thirty months), and days
    /// after the `T` (`PT0D0H30M`, a day part with zero days).
    public static func iso8601Minutes(_ text: String) -> Double? {
        let upper = text.uppercased()
        guard upper.hasPrefix("P"), upper.count > 1, upper.count < 64 else { return nil }
        let body = upper.dropFirst()
        let minutes = body.contains(":") || body.contains("-") ? alternativeMinutes(body) : designatedMinutes(body)
        return minutes.map { ($0 * 1000).rounded() / 1000 }
    }

    /// `1DT2H30M`: numbers, each followed by the part it counts.
    private static func designatedMinutes(_ body: Substring) -> Double? {
        var body = String(body)
        // `P30M`, `P1H`: sites leave out the `T`. With no years, weeks or days the parts are a time.
        if !body.contains("T"), !body.contains(where: { "YWD".contains($0) }) { body = "T" + body }
        var minutes = 0.0
        var number = ""
        var inTime = false
        var sawComponent = false
        /// Parts of the time section so far: a day part may come first in it (`PT0D0H30M`), not after.
        var timeParts = 0
        for character in body {
            switch character {
            case "0"..."9", ".", ",":
                number.append(character == "," ? "." : character)
            case "T":
                guard number.isEmpty, !inTime else { return nil }
                inTime = true
            case "Y", "M", "W", "D", "H", "S":
                guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
                number = ""
                sawComponent = true
                switch (character, inTime) {
                case ("Y", false): minutes += value * 525_600
                case ("M", false): minutes += value * 43_200
                case ("W", false): minutes += value * 10_080
                case ("D", false): minutes += value * 1_440
                case ("D", true) where timeParts == 0: minutes += value * 1_440
                case ("H", true): minutes += value * 60
                case ("M", true): minutes += value
                case ("S", true): minutes += value / 60
                default: return nil
                }
                if inTime { timeParts += 1 }
            default:
                return nil
            }
        }
        guard number.isEmpty, sawComponent else { return nil }
        return minutes
    }

    /// ISO 8601's alternative form: `YYYY-MM-DD` before the `T`, `hh:mm[:ss]` after it (each
    /// part optional from the left: `T00:30`, `T30:00` is thirty hours and no minutes).
    private static func alternativeMinutes(_ body: Substring) -> Double? {
        let halves = body.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        let date = halves.count == 2 ? halves[0] : (body.contains(":") ? "" : halves[0])
        let time = halves.count == 2 ? halves[1] : (body.contains(":") ? halves[0] : "")
        func numbers(_ part: Substring, separator: Character, weights: [Double]) -> Double? {
            guard !part.isEmpty else { return 0 }
            let fields = part.split(separator: separator, omittingEmptySubsequences: false)
            guard fields.count <= weights.count else { return nil }
            var total = 0.0
            for (field, weight) in zip(fields, weights) {
                guard !field.isEmpty, let value = Double(field.replacingOccurrences(of: ",", with: ".")), value.isFinite, value >= 0 else { return nil }
                total += value * weight
            }
            return total
        }
        guard let days = numbers(date, separator: "-", weights: [525_600, 43_200, 1_440]),
              let clock = numbers(time, separator: ":", weights: [60, 1, 1.0 / 60]), !(date.isEmpty && time.isEmpty) else { return nil }
        return days + clock
    }

    /// Reads `1 hr 20 mins`, `1½ hours`, `90 minutes`, `2-3 hours`, `45`, `about 20 minutes`,
    /// `half an hour`, `an hour and a half`, `1 Std. 30 Min.`, `20 minutos`, `une heure et demie`.
    static func textMinutes(_ text: String) -> (Double, Double?)? {
        let lowered = text.lowercased().replacingOccurrences(of: "–", with: "-").replacingOccurrences(of: "—", with: "-")
        // "un'ora", "d'heure": an elided article is a word of its own; "Std." and "approx." lose their dot.
        let tokens = tokenize(lowered.replacingOccurrences(of: "'", with: " ").replacingOccurrences(of: "’", with: " "))
            .map { $0.count > 1 && $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
            .filter { $0 != "." }
        guard !tokens.isEmpty else { return nil }
        var total = 0.0
        var upperTotal: Double?
        /// A number waiting for its unit, with the end of its range.
        var pending: (Double, Double?)?
        /// The pending number is an article ("an hour"), which a fraction replaces ("half an hour").
        var pendingIsArticle = false
        var joined = false
        var lastUnit: Double?
        var sawUnit = false
        var index = 0
        func add(_ minutes: Double) {
            total += minutes
            if upperTotal != nil { upperTotal! += minutes }
        }
        while index < tokens.count {
            let token = tokens[index]
            let number = pending != nil && !pendingIsArticle
            if number, pending?.1 == nil, DurationWords.rangeWords.contains(token), index + 1 < tokens.count,
               let low = pending?.0, let high = NumberWords.value(of: tokens[index + 1]), high > low {
                // "2-3 hours", "20 à 25 minutes", "20 a 25 minutos".
                pending = (low, high)
                index += 1
            } else if pending == nil, sawUnit, DurationWords.joiners.contains(token) {
                // "1 hour and 20 minutes", "une heure et demie", "1 uur en 20 minuten".
                joined = true
            } else if let fraction = DurationWords.fractions[token] {
                if let (low, high) = pending, number {
                    // "1 and a half hours".
                    guard high == nil, joined || fraction < 1 else { return nil }
                    pending = (low + fraction, nil)
                } else if joined, let unit = lastUnit {
                    // "an hour and a half", "une heure et demie", "1 time og en halv".
                    add(fraction * unit)
                    pending = nil
                    joined = false
                } else {
                    // "half an hour", "een half uur", "anderthalb Stunden".
                    pending = (fraction, nil)
                }
                pendingIsArticle = false
            } else if DurationWords.articles.contains(token) {
                // "an hour", "une heure"; after "half" it adds nothing ("half an hour").
                if pending == nil { pending = (1, nil); pendingIsArticle = true }
            } else if let value = NumberWords.value(of: token) {
                if let (low, high) = pending, number, high == nil, value < 1, low == low.rounded() {
                    pending = (low + value, nil)  // "1 ½ hours"
                } else if number {
                    return nil
                } else {
                    pending = (value, nil)
                }
                pendingIsArticle = false
            } else if DurationWords.connectors.contains(token), index + 1 < tokens.count,
                      pending != nil || index > 0 && DurationWords.approximations.contains(tokens[index - 1]) {
                // "a quarter of an hour", "un quart d'heure", "cerca de 30 minutos".
            } else if let minutes = DurationWords.units[token] {
                guard let (low, high) = pending else { return nil }
                total += low * minutes
                if let high {
                    upperTotal = (upperTotal ?? total - low * minutes) + high * minutes
                } else if upperTotal != nil {
                    upperTotal! += low * minutes
                }
                pending = nil
                pendingIsArticle = false
                joined = false
                lastUnit = minutes
                sawUnit = true
            } else if DurationWords.joiners.contains(token) {
                // Joiners inside a number: "1 and a half hours".
                joined = true
            } else if DurationWords.approximations.contains(token) {
                // "about 20 minutes", "ca. 1 Stunde".
            } else {
                return nil
            }
            index += 1
        }
        if let (low, high) = pending {
            // A bare number is minutes; a number after "1 hour" is minutes too ("1 hour 20").
            guard !pendingIsArticle else { return nil }
            total += low
            if let high { upperTotal = (upperTotal ?? total - low) + high }
        }
        guard sawUnit || pending != nil else { return nil }
        guard total.isFinite, total > 0, total < 1_000_000 else { return nil }
        return (total, upperTotal)
    }

    /// Splits `1hr20mins` into `1`, `hr`, `20`, `mins`; keeps `½` and `1/2` as numbers.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var currentIsNumber = false
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        for character in text {
            let isNumberish = character.isNumber || character == "." || character == "/" || character == "⁄"
            if character.isWhitespace {
                flush()
            } else if character == "-" || character == "," {
                flush()
                tokens.append(String(character))
            } else if NumberWords.vulgarFractions[character] != nil {
                flush()
                tokens.append(String(character))
            } else {
                if !current.isEmpty && isNumberish != currentIsNumber { flush() }
                current.append(character)
                currentIsNumber = isNumberish
            }
        }
        flush()
        return tokens
    }
}

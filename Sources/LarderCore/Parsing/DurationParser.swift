import Foundation

/// Reads cooking times: ISO-8601 durations (`PT1H30M`, `P0DT0H35M`, `PT0.5H`, and `P30M` as
/// sites misspell it) and the text forms
/// recipes write (`1 hr 20 mins`, `90 minutes`, `2-3 hours`). What it cannot read stays as text
/// with no minutes (`overnight`), never a guess.
public enum DurationParser {
    public static func parse(_ raw: String) -> RecipeDuration? {
        let text = raw.trimmed
        guard !text.isEmpty else { return nil }
        if let minutes = iso8601Minutes(text) {
            return RecipeDuration(minutes: minutes, text: text)
        }
        if let (low, high) = textMinutes(text) {
            return RecipeDuration(minutes: low, upperMinutes: high, text: text)
        }
        return RecipeDuration(text: text)
    }

    /// A duration given as a number of minutes by the source.
    public static func minutes(_ value: Double) -> RecipeDuration? {
        guard value.isFinite, value > 0 else { return nil }
        return RecipeDuration(minutes: value)
    }

    /// Minutes of an ISO-8601 duration, or nil when `text` is not one.
    public static func iso8601Minutes(_ text: String) -> Double? {
        var upper = text.uppercased()
        guard upper.hasPrefix("P"), upper.count > 1, upper.count < 64 else { return nil }
        // `P30M`, `P1H`: sites leave out the `T`. No recipe takes thirty months, and an hour
        // has no other place: with no years, weeks or days, the parts are a time.
        if !upper.contains("T"), !upper.contains(where: { "YWD".contains($0) }) { upper.insert("T", at: upper.index(after: upper.startIndex)) }
        var minutes = 0.0
        var number = ""
        var inTime = false
        var sawComponent = false
        for character in upper.dropFirst() {
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
                case ("H", true): minutes += value * 60
                case ("M", true): minutes += value
                case ("S", true): minutes += value / 60
                default: return nil
                }
            default:
                return nil
            }
        }
        guard number.isEmpty, sawComponent else { return nil }
        return (minutes * 1000).rounded() / 1000
    }

    static let unitMinutes: [(words: [String], minutes: Double)] = [
        (["days", "day", "d", "tage", "tag", "jours", "jour"], 1_440),
        (["hours", "hour", "hrs", "hr", "h", "stunden", "stunde", "std", "heures", "heure"], 60),
        (["minutes", "minute", "mins", "min", "m", "minuten"], 1),
        (["seconds", "second", "secs", "sec", "s", "sekunden"], 1.0 / 60),
    ]

    /// Reads `1 hr 20 mins`, `1½ hours`, `90 minutes`, `2-3 hours`, `45`.
    static func textMinutes(_ text: String) -> (Double, Double?)? {
        let lowered = text.lowercased().replacingOccurrences(of: "–", with: "-").replacingOccurrences(of: "—", with: "-")
        let tokens = tokenize(lowered)
        guard !tokens.isEmpty else { return nil }
        var total = 0.0
        var upperTotal: Double?
        var pending: (Double, Double?)?
        var sawUnit = false
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if let value = NumberWords.value(of: token) {
                if let (low, high) = pending, high == nil, value < 1, low == low.rounded() {
                    pending = (low + value, nil)  // "1 ½ hours"
                } else if pending != nil {
                    return nil
                } else {
                    pending = (value, nil)
                }
            } else if token == "-" || token == "to", let (low, upper) = pending, upper == nil, index + 1 < tokens.count,
                      let high = NumberWords.value(of: tokens[index + 1]) {
                pending = (low, high)
                index += 1
            } else if let unit = unitMinutes.first(where: { $0.words.contains(token) }) {
                guard let (low, high) = pending else { return nil }
                total += low * unit.minutes
                if let high {
                    upperTotal = (upperTotal ?? total - low * unit.minutes) + high * unit.minutes
                } else if upperTotal != nil {
                    upperTotal! += low * unit.minutes
                }
                pending = nil
                sawUnit = true
            } else if ["and", "plus", ","].contains(token) {
                // Joiners between parts: "1 hour and 20 minutes".
            } else {
                return nil
            }
            index += 1
        }
        if let (low, high) = pending {
            // A bare number is minutes; a number after "1 hour" is minutes too ("1 hour 20").
            total += low
            if let high { upperTotal = (upperTotal ?? total - low) + high }
        }
        guard sawUnit || tokens.count == 1 || pending != nil else { return nil }
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

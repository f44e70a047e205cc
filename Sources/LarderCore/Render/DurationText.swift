/// Writes durations: ISO-8601 for machines (`PT1H30M`), words for people (`1 h 30 min`).
public enum DurationText {
    /// `PT1H30M`, `PT45M`, `P1DT2H`; seconds only when the minutes are not whole.
    public static func iso8601(minutes: Double) -> String {
        guard minutes.isFinite, minutes > 0 else { return "PT0M" }
        let totalSeconds = Int((minutes * 60).rounded())
        let days = totalSeconds / 86_400
        let hours = totalSeconds % 86_400 / 3600
        let wholeMinutes = totalSeconds % 3600 / 60
        let seconds = totalSeconds % 60
        var text = "P"
        if days > 0 { text += "\(days)D" }
        guard hours > 0 || wholeMinutes > 0 || seconds > 0 else { return text }
        text += "T"
        if hours > 0 { text += "\(hours)H" }
        if wholeMinutes > 0 { text += "\(wholeMinutes)M" }
        if seconds > 0 { text += "\(seconds)S" }
        return text
    }

    /// `1 h 30 min`, `45 min`, `20–30 min`, for people.
    public static func describe(minutes: Double, upper: Double? = nil) -> String {
        let low = format(minutes)
        guard let upper else { return low }
        return low + "–" + format(upper)
    }

    static func format(_ minutes: Double) -> String {
        let total = Int(minutes.rounded())
        if total < 60 { return "\(max(total, minutes > 0 ? 1 : 0)) min" }
        let hours = total / 60, rest = total % 60
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }
}

import Foundation

/// Reads the dates sources write: ISO-8601 dates and date-times, `YYYY-MM-DD HH:MM:SS` (taken as
/// UTC, since sources that write it give no zone), epoch seconds as strings, and numbers.
public enum DateReader {
    /// Apple's reference date, 2001-01-01 00:00:00 UTC, as Unix time.
    static let appleReferenceOffset: Double = 978_307_200

    /// Every date is kept to the whole second, so canonical JSON round-trips exactly.
    public static func read(_ value: JSONValue) -> Date? {
        let date: Date?
        switch value {
        case .number(let number): date = fromNumber(number)
        case .string(let text): date = fromString(text)
        default: date = nil
        }
        return date.map(CanonicalJSON.wholeSeconds)
    }

    /// Numbers are read by size, because sources do not say which clock they count from:
    /// below 1e9 they are seconds since 2001 (what Swift's default `JSONEncoder` writes, used by
    /// the apps Larder grew from; as Unix time they would predate 2001), up to 1e11 Unix seconds,
    /// above that Unix milliseconds.
    public static func fromNumber(_ number: Double) -> Date? {
        guard number.isFinite, number > 0 else { return nil }
        if number < 1e9 { return Date(timeIntervalSince1970: appleReferenceOffset + number) }
        if number < 1e11 { return Date(timeIntervalSince1970: number) }
        return Date(timeIntervalSince1970: number / 1000)
    }

    /// The date `raw` writes in any of the forms above, nil when it is none.
    public static func fromString(_ raw: String) -> Date? {
        let text = raw.trimmed
        guard !text.isEmpty else { return nil }
        if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let number = Double(text) {
            // Epoch strings (Nextcloud writes them) are Unix time; `"0"` means never set.
            guard number > 0 else { return nil }
            return number < 1e11 ? Date(timeIntervalSince1970: number) : Date(timeIntervalSince1970: number / 1000)
        }
        var normalized = text.replacingOccurrences(of: " ", with: "T")
        if normalized.count == 10 { normalized += "T00:00:00" }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(normalized) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(normalized) { return date }
        // No zone given: UTC.
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(normalized + "Z") { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(normalized + "Z") { return date }
        return nil
    }
}

import Foundation

/// When a failed attempt is worth repeating, and how long to wait first: exponential backoff
/// with full jitter, or the server's own `Retry-After` when it gives one.
public struct RetryPolicy: Sendable {
    /// Attempts in total, the first included.
    public var maxAttempts = 4
    /// The ceiling of the first backoff wait, in seconds; each later attempt doubles it.
    public var baseDelay: TimeInterval = 0.5
    /// No backoff wait is longer than this, however many attempts failed.
    public var maxDelay: TimeInterval = 30
    /// A `Retry-After` longer than this is not waited for: the input fails and says so.
    public var maxRetryAfter: TimeInterval = 120

    /// Statuses that say "try again later"; any other 4xx is final.
    public static let retriedStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// The defaults: four attempts, waits from 0.5 s up to 30 s, `Retry-After` honoured up to two minutes.
    public init() {}

    /// The wait before attempt `attempt + 1` (attempt counts from 1), without a server hint.
    public func backoff(afterAttempt attempt: Int, random: Double = Double.random(in: 0...1)) -> TimeInterval {
        let ceiling = min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
        // Full jitter: many clients hit by the same outage do not come back in step.
        return ceiling * (0.5 + random / 2)
    }

    /// `Retry-After` as seconds from `now`: either a number of seconds or an HTTP date.
    public static func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// The date format of HTTP headers (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7), plus the
/// two obsolete forms servers still send.
public enum HTTPDate {
    private static let formats = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]

    /// The date in an HTTP header (`Retry-After`, `Last-Modified`) in any of the three forms, nil when it is none of them.
    public static func parse(_ text: String) -> Date? {
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// The preferred IMF-fixdate form, in GMT: the form `parse` tries first and servers should send.
    public static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

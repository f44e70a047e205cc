import Foundation

/// How politely and how patiently Larder fetches. Every limit is configurable from the CLI; the
/// defaults suit a few thousand recipe pages from many sites.
public struct FetchSettings: Sendable {
    /// Transfers in flight at once, over all hosts.
    public var jobs = 8
    /// Transfers in flight at once to one host.
    public var perHost = 2
    /// Minimum time between the starts of two requests to one host. Zero leaves the per-host
    /// concurrency as the only limit.
    public var hostInterval: TimeInterval = 0
    /// Seconds to wait for a connection.
    public var connectTimeout: TimeInterval = 10
    /// The whole transfer, redirects excluded (each hop has its own).
    public var totalTimeout: TimeInterval = 30
    /// A transfer slower than `lowSpeedBytesPerSecond` for `lowSpeedTime` seconds is aborted.
    public var lowSpeedBytesPerSecond = 100
    /// Seconds a transfer may stay below `lowSpeedBytesPerSecond`.
    public var lowSpeedTime: TimeInterval = 15
    /// Bodies larger than this (after decompression) are refused.
    public var maxBodyBytes = 20 * 1024 * 1024
    /// Redirects followed in a row, at most.
    public var maxRedirects = 10
    /// The User-Agent sent with every request.
    public var userAgent = FetchSettings.defaultUserAgent
    /// When and how often a failed request is tried again.
    public var retry = RetryPolicy()
    /// Headers and cookies the user gave for named sites (`--header`, `--cookies`), sent to
    /// those sites only.
    public var session = SessionHeaders()

    /// Larder's User-Agent: its name, version and where to read about it.
    public static let defaultUserAgent = "Larder/\(LarderNetVersion.current) (recipe importer; +https://github.com/larder-recipes/larder)"

    /// The defaults.
    public init() {}
}

/// The version the User-Agent names; kept equal to `LarderVersion.current` in LarderKit.
public enum LarderNetVersion {
    public static let current = "0.1.0"
}

/// What a bundle may hold before it is refused as hostile. The figures are far above any real
/// library's and far below what would fill a disk.
public struct BundleLimits: Sendable {
    public var maxEntries = 1_000_000
    /// One entry, counted as it is decompressed (a compression bomb stops here).
    public var maxEntryBytes = 256 * 1024 * 1024
    public var maxTotalBytes = 16 * 1024 * 1024 * 1024

    public init() {}
}

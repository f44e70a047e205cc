/// What a bundle may hold before it is refused as hostile. The figures are far above any real
/// library's and far below what would fill a disk. Counts and the sizes the entries declare are
/// checked before anything is written; sizes are checked again as each entry is decompressed.
public struct BundleLimits: Sendable {
    public var maxEntries = 1_000_000
    /// Any one entry (the manifest of a large library is the largest).
    public var maxEntryBytes = 256 * 1024 * 1024
    /// One recipe's JSON.
    public var maxRecipeBytes = 16 * 1024 * 1024
    /// One image.
    public var maxImageBytes = 32 * 1024 * 1024
    public var maxTotalBytes = 16 * 1024 * 1024 * 1024

    public init() {}

    /// The most an entry at `path` may hold.
    func maxBytes(of path: String) -> Int {
        if path.hasPrefix("images/") { return min(maxEntryBytes, maxImageBytes) }
        if path.hasPrefix("recipes/") { return min(maxEntryBytes, maxRecipeBytes) }
        return maxEntryBytes
    }
}

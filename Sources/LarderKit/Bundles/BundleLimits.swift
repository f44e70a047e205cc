import LarderCore

/// What a bundle may hold before it is refused as hostile. The figures are far above any real
/// library's and far below what would fill a disk. Counts and the sizes the entries declare are
/// checked before anything is written; sizes are checked again as each entry is decompressed.
/// The figures shared with every input (entries and bytes of an archive, one picture) are
/// `InputLimits`' (the README's one table of limits); the entry sizes are a bundle's own, as a
/// large library's manifest is one entry.
public struct BundleLimits: Sendable {
    /// Entries in the archive, files and folders together: a zip of a million empty files is refused before it is opened.
    public var maxEntries = InputLimits.standard.maxEntries
    /// Any one entry (the manifest of a large library is the largest).
    public var maxEntryBytes = 256 * 1024 * 1024
    /// One recipe's JSON.
    public var maxRecipeBytes = 16 * 1024 * 1024
    /// One image.
    public var maxImageBytes = InputLimits.standard.maxImageBytes
    /// The bytes of all entries together, decompressed: the cap on a zip bomb.
    public var maxTotalBytes = InputLimits.standard.maxArchiveBytes
    /// A bundle file expands to at most this many times its size past `minTotalBytes`, as any
    /// input (`InputLimits.decompressionBudget`).
    public var maxExpansion = InputLimits.standard.maxExpansion
    /// The bytes any bundle may expand to, however small its file.
    public var minTotalBytes = InputLimits.standard.minDecompressionBudget

    /// The limits every bundle is read with, shared with `InputLimits.standard`.
    public init() {}

    /// The most an entry at `path` may hold.
    func maxBytes(of path: String) -> Int {
        if path.hasPrefix("images/") { return min(maxEntryBytes, maxImageBytes) }
        if path.hasPrefix("recipes/") { return min(maxEntryBytes, maxRecipeBytes) }
        return maxEntryBytes
    }
}

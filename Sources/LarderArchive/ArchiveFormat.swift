/// The archive kinds Larder writes, chosen from a file name's extension.
public enum ArchiveFormat: String, CaseIterable, Sendable {
    /// A tar archive compressed with gzip (`.tar.gz`, `.tgz`).
    case tarGzip = "tar.gz"
    /// A tar archive compressed with Zstandard (`.tar.zst`, `.tzst`).
    case tarZstd = "tar.zst"
    /// A tar archive compressed with xz (`.tar.xz`, `.txz`).
    case tarXz = "tar.xz"
    /// A zip archive (`.zip`), its names marked UTF-8.
    case zip

    /// The kind a file name's extension names, or nil when it names none.
    public init?(fileName: String) {
        let name = fileName.lowercased()
        if name.hasSuffix(".tar.gz") || name.hasSuffix(".tgz") {
            self = .tarGzip
        } else if name.hasSuffix(".tar.zst") || name.hasSuffix(".tzst") {
            self = .tarZstd
        } else if name.hasSuffix(".tar.xz") || name.hasSuffix(".txz") {
            self = .tarXz
        } else if name.hasSuffix(".zip") {
            self = .zip
        } else {
            return nil
        }
    }
}

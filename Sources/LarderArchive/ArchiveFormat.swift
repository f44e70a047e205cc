/// The archive kinds Larder writes, chosen from a file name's extension.
public enum ArchiveFormat: String, CaseIterable, Sendable {
    case tarGzip = "tar.gz"
    case tarZstd = "tar.zst"
    case tarXz = "tar.xz"
    case zip

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

/// What an image's bytes are, told by their first bytes rather than by a name or a server's
/// word: a page may call an HTML error page `photo.jpg`. Only raster formats are recognised;
/// SVG is left out on purpose, since it can carry script.
public enum ImageBytes {
    /// The media type `bytes` begin with (PNG, JPEG, GIF, WebP, AVIF), nil for anything else, SVG and HTML included.
    public static func mediaType(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count > 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        if bytes.count > 12, Array(bytes[4..<8]) == Array("ftyp".utf8), ["avif", "avis"].contains(String(decoding: bytes[8..<12], as: UTF8.self)) {
            return "image/avif"
        }
        return nil
    }

    /// The file extension stored images of `mediaType` get (`jpg` for `image/jpeg`); an unknown type gets `bin`, so the name claims nothing.
    public static func fileExtension(for mediaType: String?) -> String {
        switch mediaType {
        case "image/png": return "png"
        case "image/jpeg": return "jpg"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        case "image/avif": return "avif"
        default: return "bin"
        }
    }
}

import Foundation

/// Images that arrive inside JSON as base64 text.
public enum Base64Image {
    /// Decodes base64, with or without a `data:image/...;base64,` prefix and line breaks.
    /// Returns nil for anything that is not an image Larder recognises.
    public static func decode(_ text: String) -> [UInt8]? {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if body.hasPrefix("data:"), let comma = body.firstIndex(of: ",") { body = body[body.index(after: comma)...] }
        guard !body.isEmpty, let data = Data(base64Encoded: String(body), options: .ignoreUnknownCharacters) else { return nil }
        let bytes = [UInt8](data)
        return mediaType(of: bytes) == nil ? nil : bytes
    }

    /// The image type by magic number: PNG, JPEG, GIF, WebP.
    public static func mediaType(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count > 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        return nil
    }

    public static func fileExtension(for mediaType: String?) -> String {
        switch mediaType {
        case "image/png": return "png"
        case "image/jpeg": return "jpg"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        default: return "bin"
        }
    }
}

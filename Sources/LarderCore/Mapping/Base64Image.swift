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
        return ImageBytes.mediaType(of: bytes) == nil ? nil : bytes
    }
}

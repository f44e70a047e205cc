/// The width and height an image file declares in its header, read without decoding it: PNG,
/// GIF, JPEG and WebP. Used to tell a photo from a spacer or tracking pixel.
public enum ImagePixelSize {
    /// The declared width and height, nil when the header is not one of the four or is cut short.
    public static func of(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch ImageBytes.mediaType(of: Array(bytes.prefix(16))) {
        case "image/png":
            // The IHDR chunk comes first: width and height as big-endian 32-bit at 16 and 20.
            guard bytes.count >= 24 else { return nil }
            return (bigEndian(bytes, at: 16, count: 4), bigEndian(bytes, at: 20, count: 4))
        case "image/gif":
            guard bytes.count >= 10 else { return nil }
            return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        case "image/jpeg":
            return jpeg(bytes)
        case "image/webp":
            return webp(bytes)
        default:
            return nil
        }
    }

    /// Walks the JPEG segments to the first start-of-frame marker, which holds the size.
    private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            // Markers without a length: restart markers and the start/end of image.
            if (0xD0...0xD9).contains(marker) || marker == 0x01 { index += 2; continue }
            let length = bigEndian(bytes, at: index + 2, count: 2)
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                return (bigEndian(bytes, at: index + 7, count: 2), bigEndian(bytes, at: index + 5, count: 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func webp(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            return (littleEndian(bytes, at: 26, count: 2) & 0x3FFF, littleEndian(bytes, at: 28, count: 2) & 0x3FFF)
        case "VP8L":
            let bits = littleEndian(bytes, at: 21, count: 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (littleEndian(bytes, at: 24, count: 3) + 1, littleEndian(bytes, at: 27, count: 3) + 1)
        default:
            return nil
        }
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}

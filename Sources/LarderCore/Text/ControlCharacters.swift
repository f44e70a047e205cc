import Foundation

/// Characters no recipe text needs and a terminal acts on: the C0 controls but line feed and
/// tab (ESC begins `ESC c`, a reset, and `ESC ] 52`, a write to the clipboard; a bare CR writes
/// over the line), DEL, the C1 controls (U+009B is a CSI of its own, U+0090 a DCS), and the bidi
/// embeddings, overrides and isolates. Importers drop them as they clean each field
/// (`TextCleaner`); a recipe read as Larder's own JSON (a backup being restored, a library file
/// edited by hand) has them removed here, so that nothing in a library carries them to `list`,
/// `show` or an export. Line and paragraph separators (U+2028, U+2029) and CR LF become line
/// feeds.
public enum ControlCharacters {
    static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return TextCleaner.isBidiControl(scalar)
        }
    }

    /// The text without them; nil when it has none.
    public static func removed(from text: String) -> String? {
        guard text.unicodeScalars.contains(where: { isUnwanted($0) || $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return nil }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\r", "\u{2028}", "\u{2029}": result.append("\n")
            case "\n" where previous == "\r": continue
            default: if !isUnwanted(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// Whether a JSON document may hold them, told from its bytes without parsing it: an escape
    /// of one (`\u001b`, `\r`, `\b`, `\f`, `\u009b`, `\u202e`) or one written as it is (a C1
    /// control, a bidi control or a separator in UTF-8, DEL). Raw C0 controls are no valid JSON.
    public static func mayBeIn(json data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x5C where index + 1 < bytes.count:
                    let next = bytes[index + 1]
                    if next == UInt8(ascii: "r") || next == UInt8(ascii: "b") || next == UInt8(ascii: "f") { return true }
                    if next == UInt8(ascii: "u"), index + 6 <= bytes.count,
                       let code = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 2)..<(index + 6)]), as: UTF8.self), radix: 16),
                       let scalar = Unicode.Scalar(code), isUnwanted(scalar) || code == 0x2028 || code == 0x2029 {
                        return true
                    }
                    index += 2
                    continue
                case 0x7F:
                    return true
                case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                    return true
                case 0xE2 where index + 2 < bytes.count:
                    let second = bytes[index + 1], third = bytes[index + 2]
                    if second == 0x80 && (0xA8...0xAE).contains(third) || second == 0x81 && (0xA6...0xA9).contains(third) { return true }
                default:
                    break
                }
                index += 1
            }
            return false
        }
    }

    /// A JSON document with them removed from every string, keys included; nil when it held
    /// none.
    public static func removed(fromJSON data: Data) throws -> Data? {
        guard mayBeIn(json: data) else { return nil }
        return try removed(fromValue: JSONValue.parse(data)).map { try CanonicalJSON.encode($0) }
    }

    /// The same value with every string (keys too) cleaned, or nil when none held anything to
    /// remove: what an importer reads from another app's JSON, fields it keeps unread included.
    public static func removed(fromValue value: JSONValue) -> JSONValue? {
        var changed = false
        func clean(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text):
                guard let cleaned = removed(from: text) else { return value }
                changed = true
                return .string(cleaned)
            case .array(let items):
                return .array(items.map(clean))
            case .object(let fields):
                var result: [String: JSONValue] = [:]
                for (key, field) in fields {
                    let cleanedKey = removed(from: key)
                    if cleanedKey != nil { changed = true }
                    result[cleanedKey ?? key] = clean(field)
                }
                return .object(result)
            default:
                return value
            }
        }
        let cleaned = clean(value)
        return changed ? cleaned : nil
    }
}

import Foundation

/// Decides how a page's bytes are encoded: the byte-order mark, then `<meta charset>` or
/// `<meta http-equiv="Content-Type" content="…; charset=…">` in the first few kilobytes, then the
/// HTTP `Content-Type`, else UTF-8. `labels` gives what the page and its server say, in that
/// order, for `MarkupEncoding` to try against the bytes.
public enum CharsetSniffer {
    /// The charsets the page's `<meta>` and the server's `Content-Type` name, in that order.
    static func labels(of data: Data, contentType: String? = nil) -> [String] {
        [metaCharset(in: data.prefix(4096)), contentType.flatMap(charset(inContentType:))].compactMap { $0.map(normalized) }
    }

    /// The encoding of a page's bytes, named as libxml2 knows it (`UTF-8`, `windows-1252`); `contentType` is the HTTP header's value when there is one.
    public static func encoding(of data: Data, contentType: String? = nil) -> String {
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
        if data.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if data.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        if let declared = metaCharset(in: data.prefix(4096)) { return normalized(declared) }
        if let header = contentType.flatMap(charset(inContentType:)) { return normalized(header) }
        return "UTF-8"
    }

    /// The value after `charset=` inside the first `<meta` that has one.
    static func metaCharset(in head: Data) -> String? {
        let bytes = [UInt8](head).map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        let meta = Array("<meta".utf8)
        var index = 0
        while index + meta.count <= bytes.count {
            if bytes[index] == 0x3C, bytes[index..<index + meta.count].elementsEqual(meta) {
                let end = bytes[index...].firstIndex(of: 0x3E) ?? bytes.count
                if let found = charset(inContentType: String(decoding: bytes[index..<end], as: UTF8.self)) { return found }
                index = end
            } else {
                index += 1
            }
        }
        return nil
    }

    static func charset(inContentType text: String) -> String? {
        let lower = Array(text.lowercased())
        let word = Array("charset")
        guard let start = (0...max(0, lower.count - word.count)).first(where: { lower.count >= word.count && lower[$0..<$0 + word.count].elementsEqual(word) }) else { return nil }
        var rest = String(lower[(start + word.count)...])[...].drop(while: { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" })
        rest = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" })
        return rest.isEmpty ? nil : String(rest)
    }

    /// Labels browsers accept but libxml2 spells otherwise.
    static func normalized(_ label: String) -> String {
        switch label.lowercased() {
        case "utf8", "utf-8", "unicode": return "UTF-8"
        case "latin1", "latin-1", "iso8859-1": return "ISO-8859-1"
        // Browsers read pages labelled ISO-8859-1 as windows-1252.
        case "iso-8859-1", "us-ascii", "ascii": return "windows-1252"
        default: return label
        }
    }
}

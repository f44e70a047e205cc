import Foundation

/// Decides how a page's bytes are encoded: the byte-order mark, then `<meta charset>` or
/// `<meta http-equiv="Content-Type" content="…; charset=…">` in the first few kilobytes, then the
/// HTTP `Content-Type`, else UTF-8. The name is handed to libxml2, which knows the encodings.
public enum CharsetSniffer {
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
        let text = String(decoding: head, as: UTF8.self).lowercased()
        var searchStart = text.startIndex
        while let meta = text.range(of: "<meta", range: searchStart..<text.endIndex) {
            let tagEnd = text.range(of: ">", range: meta.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
            let tag = text[meta.upperBound..<tagEnd]
            if let found = charset(inContentType: String(tag)) { return found }
            searchStart = tagEnd
        }
        return nil
    }

    static func charset(inContentType text: String) -> String? {
        guard let range = text.lowercased().range(of: "charset") else { return nil }
        var rest = text[range.upperBound...].drop(while: { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" })
        rest = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" })
        return rest.isEmpty ? nil : String(rest)
    }

    /// Labels browsers accept but libxml2 spells otherwise.
    static func normalized(_ label: String) -> String {
        switch label.lowercased() {
        case "utf8", "unicode": return "UTF-8"
        case "latin1", "latin-1", "iso8859-1": return "ISO-8859-1"
        // Browsers read pages labelled ISO-8859-1 as windows-1252.
        case "iso-8859-1", "us-ascii", "ascii": return "windows-1252"
        default: return label
        }
    }
}

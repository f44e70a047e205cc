import CLibXML2
import Foundation

/// Turns a page's or an XML file's bytes into UTF-8 before anything reads them, so that libxml2
/// always parses UTF-8 it is told is UTF-8, and `MarkupShapeCheck` counts the very bytes
/// libxml2 will parse (in UTF-16 or ISO-2022-JP, `<` and `"` are other bytes).
///
/// Which encoding: a byte-order mark decides; else the first label the file or its server gives
/// (`declared`, in that order of trust) that decodes every byte; else UTF-8 when the bytes are
/// UTF-8. Bytes that fit none are damaged or mislabelled: read as mostly UTF-8 with the damage
/// replaced (U+FFFD) when they hold more UTF-8 sequences than broken ones, else in the declared
/// label with the damage replaced, else as Windows-1252, the code page old recipe programs and
/// pages wrote, which reads any bytes. Nothing is cut short: libxml2, left to convert by itself,
/// stopped reading a page at the first byte its label did not fit, and said so on stderr.
enum MarkupEncoding {
    struct Decoded {
        var data: Data
        /// The encoding the bytes were read in.
        var encoding: String
    }

    static func utf8(_ data: Data, declared: [String]) -> Decoded {
        if let (mark, encoding) = byteOrderMark(of: data) {
            let body = data.dropFirst(mark)
            if encoding == "UTF-8" { return Decoded(data: lossyUTF8(Data(body)), encoding: encoding) }
            if let decoded = convert(Data(body), from: encoding, replacing: body.count / 100 + 16) {
                return Decoded(data: decoded, encoding: encoding)
            }
        }
        let labels = declared.filter { !$0.isEmpty }
        for label in labels {
            if isUTF8(label) {
                if UTF8Validation.isValid(data) { return Decoded(data: data, encoding: "UTF-8") }
            } else if let decoded = convert(data, from: label, replacing: 0) {
                return Decoded(data: decoded, encoding: label)
            }
        }
        if UTF8Validation.isValid(data) { return Decoded(data: data, encoding: "UTF-8") }
        let census = utf8Census(data)
        if census.sequences >= census.broken { return Decoded(data: lossyUTF8(data), encoding: "UTF-8") }
        if let label = labels.first(where: { !isUTF8($0) }),
           let decoded = convert(data, from: label, replacing: data.count / 100 + 16) {
            return Decoded(data: decoded, encoding: label)
        }
        return Decoded(data: windows1252(data), encoding: "windows-1252")
    }

    /// A byte-order mark's length and encoding; without a mark, an XML file that starts `<?` in
    /// UTF-16 says so by its first bytes.
    static func byteOrderMark(of data: Data) -> (Int, String)? {
        let head = [UInt8](data.prefix(4))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return (3, "UTF-8") }
        if head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (4, "UTF-32LE") }
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (4, "UTF-32BE") }
        if head.starts(with: [0xFF, 0xFE]) { return (2, "UTF-16LE") }
        if head.starts(with: [0xFE, 0xFF]) { return (2, "UTF-16BE") }
        if head == [0x3C, 0x00, 0x3F, 0x00] { return (0, "UTF-16LE") }
        if head == [0x00, 0x3C, 0x00, 0x3F] { return (0, "UTF-16BE") }
        return nil
    }

    static func isUTF8(_ label: String) -> Bool {
        ["utf-8", "utf8"].contains(label.lowercased())
    }

    // MARK: - Converting

    /// The bytes converted from `label` to UTF-8 by libxml2's converters (iconv), each byte they
    /// cannot read replaced by U+FFFD, up to `replacing` of them; nil past that, or for a label
    /// libxml2 does not know.
    static func convert(_ data: Data, from label: String, replacing allowed: Int) -> Data? {
        guard !data.isEmpty else { return Data() }
        guard data.count < Int(Int32.max) / 4 else { return nil }
        // A converter that fails says so through libxml2's error functions (stderr by default).
        ParseReports.silence()
        guard let handler = xmlFindCharEncodingHandler(label) else { return nil }
        defer { xmlCharEncCloseFunc(handler) }
        guard let input = xmlBufferCreateSize(data.count), let output = xmlBufferCreateSize(data.count * 2 + 64) else { return nil }
        defer {
            xmlBufferFree(input)
            xmlBufferFree(output)
        }
        let added = data.withUnsafeBytes { raw in
            xmlBufferAdd(input, raw.baseAddress?.assumingMemoryBound(to: xmlChar.self), Int32(raw.count))
        }
        guard added == 0 else { return nil }
        var replaced = 0
        let replacement: [xmlChar] = [0xEF, 0xBF, 0xBD]
        while xmlBufferLength(input) > 0 {
            let before = xmlBufferLength(input)
            let written = xmlCharEncInFunc(handler, output, input)
            let left = xmlBufferLength(input)
            if written >= 0, left < before { continue }
            // No progress: a byte the encoding has no character for, or a character cut short
            // at the end.
            replaced += 1
            guard replaced <= allowed else { return nil }
            xmlBufferShrink(input, 1)
            xmlBufferAdd(output, replacement, 3)
        }
        guard let content = xmlBufferContent(output) else { return Data() }
        return Data(bytes: content, count: Int(xmlBufferLength(output)))
    }

    static func lossyUTF8(_ data: Data) -> Data {
        if UTF8Validation.isValid(data) { return data }
        return Data(String(decoding: data, as: UTF8.self).utf8)
    }

    /// How many multi-byte UTF-8 sequences the bytes hold, and how many bytes are no part of
    /// one: text in UTF-8 with a few damaged bytes has many more of the first.
    static func utf8Census(_ data: Data) -> (sequences: Int, broken: Int) {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var sequences = 0
            var broken = 0
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                let length: Int
                switch lead {
                case 0x00...0x7F: index += 1; continue
                case 0xC2...0xDF: length = 2
                case 0xE0...0xEF: length = 3
                case 0xF0...0xF4: length = 4
                default: broken += 1; index += 1; continue
                }
                let end = index + length
                if end <= bytes.count, (index + 1..<end).allSatisfy({ bytes[$0] & 0xC0 == 0x80 }) {
                    sequences += 1
                    index = end
                } else {
                    broken += 1
                    index += 1
                }
            }
            return (sequences, broken)
        }
    }

    /// Windows-1252, the five bytes it leaves undefined read as Latin-1 (control characters,
    /// which the text clean-up removes).
    static func windows1252(_ data: Data) -> Data {
        var output = Data()
        output.reserveCapacity(data.count + data.count / 8)
        for byte in data {
            switch byte {
            case 0x00...0x7F: output.append(byte)
            case 0x80...0x9F:
                let special = windows1252Specials[Int(byte - 0x80)]
                let scalar = Unicode.Scalar(special == 0 ? UInt32(byte) : special) ?? "\u{FFFD}"
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                output.append(0xC0 | byte >> 6)
                output.append(0x80 | byte & 0x3F)
            }
        }
        return output
    }

    /// 0x80 to 0x9F in Windows-1252; 0 where the code page defines nothing.
    static let windows1252Specials: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]
}

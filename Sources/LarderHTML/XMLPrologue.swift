import Foundation

/// What comes before an XML file's root element, made harmless before libxml2 reads the file.
/// Both edits replace bytes with blanks of the same length, new lines kept, so libxml2's line
/// numbers stay those of the file.
///
/// - The XML declaration: its encoding is read here (`declaredEncoding`), and the bytes are
///   turned into UTF-8 before parsing (`MarkupEncoding`), so the declaration would only mislead
///   libxml2; old exporters also write ones it refuses, such as MasterCook's `standalone` before
///   `encoding`.
/// - The DTD inside the `<!DOCTYPE … [ … ]>` (the internal subset): Larder expands no entity
///   and adds no default attribute, so nothing declared there changes what it reads, while
///   libxml2 2.9.14 spends time growing with the square of what is declared there (the values of
///   an enumerated attribute, default attributes checked on every element that has them: 4,000
///   defaults took 39 s). With the subset gone the document type names an external DTD (never
///   loaded), as MasterCook's `SYSTEM "mx2.dtd"` does, so a reference to an entity the subset
///   declared is left out quietly, as before, instead of breaking the file.
enum XMLPrologue {
    /// The encoding the XML declaration names, read from bytes in any encoding whose ASCII is
    /// ASCII; nil without a declaration or a name.
    static func declaredEncoding(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(512))
        let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard head[start...].starts(with: Array("<?xml".utf8)), let end = head[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: head[start...end], as: UTF8.self)
        guard let range = declaration.range(of: #"encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']"#, options: .regularExpression) else { return nil }
        return declaration[range].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first.map(String.init)
    }

    /// UTF-8 bytes with the declaration and the DTD's internal subset blanked.
    static func blanked(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        var index = 0
        skipBlanks(bytes, &index)
        if bytes[index...].starts(with: Array("<?xml".utf8)), let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) {
            blank(&bytes, index...end)
            index = end + 1
        }
        // Comments and processing instructions may come before the document type.
        while true {
            skipBlanks(bytes, &index)
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                index = find(Array("-->".utf8), in: bytes, from: index + 4).map { $0 + 3 } ?? bytes.count
            } else if bytes[index...].starts(with: Array("<?".utf8)) {
                index = find(Array("?>".utf8), in: bytes, from: index + 2).map { $0 + 2 } ?? bytes.count
            } else {
                break
            }
        }
        guard bytes[index...].starts(with: Array("<!DOCTYPE".utf8)) else { return Data(bytes) }
        // The name and the external id, up to `[`; a `>` first means there is no subset.
        var cursor = index + 9
        var hasExternalID = false
        while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "["), bytes[cursor] != UInt8(ascii: ">") {
            if bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                hasExternalID = true
                cursor = (bytes[(cursor + 1)...].firstIndex(of: bytes[cursor]) ?? bytes.count - 1) + 1
            } else {
                cursor += 1
            }
        }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "[") else { return Data(bytes) }
        let subsetEnd = endOfSubset(bytes, from: cursor + 1)
        blank(&bytes, cursor...min(subsetEnd, bytes.count - 1))
        if !hasExternalID { nameAnExternalDTD(&bytes, in: cursor...min(subsetEnd, bytes.count - 1)) }
        return Data(bytes)
    }

    /// The `]` that closes the subset opened before `start`: quoted strings, comments and
    /// processing instructions in it may hold a `]`. The last byte when it never closes.
    static func endOfSubset(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "]"):
                return index
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index = (bytes[(index + 1)...].firstIndex(of: bytes[index]) ?? bytes.count - 1) + 1
            case UInt8(ascii: "<") where bytes[index...].starts(with: Array("<!--".utf8)):
                index = find(Array("-->".utf8), in: bytes, from: index + 4).map { $0 + 3 } ?? bytes.count
            case UInt8(ascii: "<") where bytes[index...].starts(with: Array("<?".utf8)):
                index = find(Array("?>".utf8), in: bytes, from: index + 2).map { $0 + 2 } ?? bytes.count
            default:
                index += 1
            }
        }
        return bytes.count - 1
    }

    /// ` SYSTEM ""` written into the blanked subset, on a stretch of it without a new line, so
    /// that libxml2 takes the document to have an external DTD: one it never loads.
    static func nameAnExternalDTD(_ bytes: inout [UInt8], in region: ClosedRange<Int>) {
        let words = Array(" SYSTEM \"\"".utf8)
        var runStart = region.lowerBound
        for index in region {
            if bytes[index] == 0x0A { runStart = index + 1; continue }
            if index - runStart + 1 == words.count {
                bytes.replaceSubrange(runStart...index, with: words)
                return
            }
        }
    }

    static func blank(_ bytes: inout [UInt8], _ range: ClosedRange<Int>) {
        for index in range where bytes[index] != 0x0A && bytes[index] != 0x0D { bytes[index] = 0x20 }
    }

    static func skipBlanks(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    static func find(_ marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0], bytes[index..<index + marker.count].elementsEqual(marker) { return index }
            index += 1
        }
        return nil
    }
}

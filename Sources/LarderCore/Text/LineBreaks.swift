/// Line breaks made `\n`, on the UTF-8 bytes: Foundation's `replacingOccurrences` converted
/// the whole text to UTF-16 and back, twice the text's size in memory per call.
enum LineBreaks {
    /// `\r\n` as `\n`; with `loneCarriageReturns`, a `\r` alone too (old Mac files).
    static func unix(_ text: String, loneCarriageReturns: Bool = false) -> String {
        var probe = text
        let hasCarriageReturn = probe.withUTF8 { $0.firstIndex(ofByte: 0x0D, from: 0, through: $0.count - 1) != nil }
        guard hasCarriageReturn else { return text }
        let lone: UInt8 = loneCarriageReturns ? 0x0A : 0x0D
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pending = false
        for byte in text.utf8 {
            if pending, byte != 0x0A { bytes.append(lone) }
            pending = byte == 0x0D
            if !pending { bytes.append(byte) }
        }
        if pending { bytes.append(lone) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

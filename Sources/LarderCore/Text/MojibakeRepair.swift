/// Undoes the commonest damage text suffers on its way through a site: UTF-8 bytes read as
/// windows-1252 and written out again, so that "½" reads "Â½", "é" reads "Ã©" and "’" reads
/// "â€™". Only the lead characters of that damage are looked at (`Â`, `Ã`, `â`), and a run is
/// repaired only when its bytes make one whole UTF-8 character: "pâte" or "SÃO" stay as they are.
public enum MojibakeRepair {
    /// `text` with the double-encoding undone where it surely is one; other text is returned unchanged.
    public static func repair(_ text: String) -> String {
        guard mayBeDamaged(text) else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if let (repaired, length) = character(at: index, in: scalars) {
                output.append(repaired)
                index += length
            } else {
                output.append(scalars[index])
                index += 1
            }
        }
        return String(output)
    }

    /// `Â` (C3 82), `Ã` (C3 83) or `â` (C3 A2) followed by a byte of a second character: cheap
    /// enough to run on every text.
    static func mayBeDamaged(_ text: String) -> Bool {
        var previousWasLead = false
        for byte in text.utf8 {
            if previousWasLead, byte == 0x82 || byte == 0x83 || byte == 0xA2 { return true }
            previousWasLead = byte == 0xC3
        }
        return false
    }

    /// The character whose UTF-8 bytes the scalars at `index` spell as windows-1252, and how
    /// many scalars it took.
    static func character(at index: Int, in scalars: [Unicode.Scalar]) -> (Unicode.Scalar, Int)? {
        let lead = scalars[index].value
        let length: Int
        switch lead {
        case 0xC2, 0xC3: length = 2
        case 0xE2: length = 3
        default: return nil
        }
        guard index + length <= scalars.count else { return nil }
        var bytes: [UInt8] = [UInt8(lead)]
        for offset in 1..<length {
            guard let byte = windows1252Byte(scalars[index + offset]), byte >= 0x80, byte <= 0xBF else { return nil }
            bytes.append(byte)
        }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.value >= 0x80 else { return nil }
        return (scalar, length)
    }

    /// The byte windows-1252 writes as this character, for the bytes 0x80–0xFF.
    static func windows1252Byte(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value >= 0xA0 && scalar.value <= 0xFF || scalar.value >= 0x80 && scalar.value <= 0x9F { return UInt8(scalar.value) }
        return windows1252High[scalar.value]
    }

    /// The characters windows-1252 puts at 0x80–0x9F, where Latin-1 has control codes.
    static let windows1252High: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02C6: 0x88,
        0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93,
        0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
        0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]
}

import Foundation

/// Whether bytes are well-formed UTF-8 (the Unicode standard's table 3-7: no overlong forms, no
/// surrogates, nothing past U+10FFFF, no sequence cut short): what `String(validating:as:)`
/// accepts, without making the string. Every page read is checked once whole, and a page is
/// mostly ASCII, which is passed eight bytes at a time; the string the standard library would
/// build (a copy of the page) was thrown away at once.
enum UTF8Validation {
    static func isValid(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in isValid(raw.bindMemory(to: UInt8.self)) }
    }

    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            // Eight ASCII bytes at a time (an unaligned load: the page's bytes start anywhere).
            while index + 8 <= count,
                  UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { return true }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The second byte's range depends on the lead (table 3-7); later ones are 80...BF.
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = base[index + 1]
            guard second >= low, second <= high else { return false }
            for offset in 2..<max(2, length) where base[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}

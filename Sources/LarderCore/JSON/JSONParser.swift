/// A strict JSON parser (RFC 8259) straight into `JSONValue`, on the UTF-8 bytes. Decoding
/// through `Codable` tried every type for every value and was the slowest part of reading
/// JSON-LD from pages. Hostile input is bounded: nesting deeper than `maxDepth` is an error,
/// not a stack overflow.
struct JSONParser {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var offset: Int
        var description: String { "\(message) around byte \(offset)" }
    }

    /// Far deeper than any recipe file, and half the 512 levels that Foundation's JSONEncoder
    /// and JSONDecoder accept: what Larder reads, the library can store and read back (a
    /// recipe wraps what it keeps in `extras` two levels deeper than it was read).
    static let maxDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// RFC 8259 leaves an object with a key given twice to the reader; web pages have them and
    /// the last one wins, but a checksum list must not say two things (see `JSONValue.parse`).
    private let rejectsDuplicateKeys: Bool

    private init(bytes: UnsafeBufferPointer<UInt8>, rejectsDuplicateKeys: Bool) {
        self.bytes = bytes
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, rejectingDuplicateKeys: Bool = false) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes, rejectsDuplicateKeys: rejectingDuplicateKeys)
        // A UTF-8 byte-order mark is allowed before the value.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    private func failure(_ message: String) -> Failure { Failure(message: message, offset: index) }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        guard depth < Self.maxDepth else { throw failure("nested more than \(Self.maxDepth) levels deep") }
        guard index < bytes.count else { throw failure("unexpected end of data") }
        switch bytes[index] {
        case 0x7B: return try object(depth: depth)
        case 0x5B: return try array(depth: depth)
        case 0x22: return .string(try string())
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6E: try literal("null"); return .null
        case 0x2D, 0x30...0x39: return .number(try number())
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of data") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw failure("unexpected character") }
        index += count
    }

    private mutating func object(depth: Int) throws -> JSONValue {
        index += 1
        var result: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == 0x7D { index += 1; return .object(result) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x22 else { throw failure("expected a key in quotes") }
            let keyStart = index
            let key = try string()
            if rejectsDuplicateKeys, result[key] != nil {
                throw Failure(message: "the key \"\(key)\" appears twice in one object", offset: keyStart)
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x3A else { throw failure("expected ':'") }
            index += 1
            skipSpace()
            result[key] = try value(depth: depth + 1)
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end of data") }
            if bytes[index] == 0x2C { index += 1; continue }
            if bytes[index] == 0x7D { index += 1; return .object(result) }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        index += 1
        var result: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == 0x5D { index += 1; return .array(result) }
        while true {
            skipSpace()
            result.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end of data") }
            if bytes[index] == 0x2C { index += 1; continue }
            if bytes[index] == 0x5D { index += 1; return .array(result) }
            throw failure("expected ',' or ']'")
        }
    }

    private mutating func string() throws -> String {
        index += 1
        let start = index
        // Fast path: no escapes, copied in one go (validated as UTF-8).
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 {
                defer { index += 1 }
                return try validated(start..<index)
            }
            if byte == 0x5C { break }
            if byte < 0x20 { throw failure("control character in a string") }
            index += 1
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: try validated(start..<index).unicodeScalars)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 { index += 1; return String(scalars) }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte != 0x5C {
                // A run of plain bytes up to the next quote or escape.
                let runStart = index
                while index < bytes.count, bytes[index] != 0x22, bytes[index] != 0x5C, bytes[index] >= 0x20 { index += 1 }
                scalars.append(contentsOf: try validated(runStart..<index).unicodeScalars)
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case 0x22: scalars.append("\"")
            case 0x5C: scalars.append("\\")
            case 0x2F: scalars.append("/")
            case 0x62: scalars.append("\u{08}")
            case 0x66: scalars.append("\u{0C}")
            case 0x6E: scalars.append("\n")
            case 0x72: scalars.append("\r")
            case 0x74: scalars.append("\t")
            case 0x75:
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 {
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        scalars.append("\u{FFFD}")
                        code = low
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                throw failure("unknown escape")
            }
        }
        throw failure("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unexpected end of data") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw failure("bad \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func validated(_ range: Range<Int>) throws -> String {
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
            throw Failure(message: "invalid UTF-8 in a string", offset: range.lowerBound)
        }
        return text
    }

    private mutating func number() throws -> Double {
        let start = index
        if bytes[index] == 0x2D { index += 1 }
        guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { throw failure("bad number") }
        if bytes[index] == 0x30 {
            index += 1
        } else {
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { throw failure("bad number") }
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { throw failure("bad number") }
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw failure("bad number") }
        return value
    }
}

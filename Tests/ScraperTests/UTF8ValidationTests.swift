import Foundation
@testable import LarderHTML
import Testing

/// The check that decides whether a page's bytes are read as UTF-8 accepts exactly what the
/// standard library's validating initializer accepts: a page it wrongly accepted would reach
/// libxml2 as broken UTF-8, one it wrongly refused would be read in another encoding.
struct UTF8ValidationTests {
    func agrees(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = String(validating: bytes, as: UTF8.self) != nil
        #expect(UTF8Validation.isValid(Data(bytes)) == expected, "\(bytes.map { String($0, radix: 16) })", sourceLocation: sourceLocation)
    }

    @Test func theEdgesOfEachFormAreTold() {
        let cases: [[UInt8]] = [
            [], Array("plain ASCII, longer than eight bytes".utf8), Array("Crème brûlée — 焗饭 🍰".utf8),
            [0xC2, 0x80], [0xDF, 0xBF], [0xC0, 0xAF], [0xC1, 0xBF],            // overlong two-byte forms
            [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF],                           // overlong three-byte form
            [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],       // surrogates
            [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],  // past U+10FFFF
            [0x80], [0xBF], [0xFE], [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x8D],  // stray and cut short
            [0xE2, 0x28, 0xA1], [0xF0, 0x9F, 0x28, 0xB0],
            Array("12345678".utf8) + [0xC3], Array("1234567".utf8) + [0xC3, 0xA9] + Array("12345678".utf8),
        ]
        for bytes in cases { agrees(bytes) }
    }

    @Test func randomBytesAreJudgedAsTheStandardLibraryJudgesThem() {
        // A fixed sequence, so a failure comes back the same; mostly ASCII with lead and
        // continuation bytes sprinkled, as damaged pages are.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<20_000 {
            let length = Int(next() % 24)
            let bytes = (0..<length).map { _ -> UInt8 in
                switch next() % 4 {
                case 0: return UInt8(0x80 + next() % 0x80)
                case 1: return [0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xE1][Int(next() % 6)]
                default: return UInt8(next() % 0x80)
                }
            }
            agrees(bytes)
        }
    }
}

import Foundation
import LarderCore
import Testing

struct JSONParserTests {
    @Test func readsWhatJSONAllows() throws {
        let value = try JSONValue.parse(Data(#"{"a": [1, -2.5e3, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00"}"#.utf8))
        #expect(value["a"]?.arrayValue?.count == 5)
        #expect(value["a"]?.arrayValue?[1] == .number(-2500))
        #expect(value["a"]?.arrayValue?[2] == .bool(true))
        #expect(value["b"]?.stringValue == "x\"\\/\né😀")
        #expect(try JSONValue.parse(Data("\u{FEFF}[]".utf8)) == .array([]))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\":1,}", "[1] x", "\"\u{1}\"", "01", "[.5]", "{'a': 1}", "NaN", "\"\\x\""])
    func refusesWhatJSONDoesNot(_ text: String) {
        #expect(throws: (any Error).self) { try JSONValue.parse(Data(text.utf8)) }
    }

    @Test func hostileInputIsRefusedNotCrashedOn() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: (any Error).self) { try JSONValue.parse(Data(deep.utf8)) }
        #expect(throws: (any Error).self) { try JSONValue.parse(Data([0x22, 0xC3, 0x28, 0x22])) }
    }
}

struct IngredientLineCleanerTests {
    @Test(arguments: [
        ("▢ 2 eggs", "2 eggs"), ("- 1 cup sugar", "1 cup sugar"), ("• salt", "salt"),
        ("butter ((softened))", "butter (softened)"), ("nutella ((3/4 cup) frozen)", "nutella ((3/4 cup) frozen)"),
        ("-2 °C water", "-2 °C water"), ("*optional* chives", "*optional* chives"),
        ("1 apple , cored, halved", "1 apple, cored, halved"), ("1 (14 oz) can , drained", "1 (14 oz) can, drained"),
        ("flank steak (or skirt) , sliced", "flank steak (or skirt) , sliced"),
    ])
    func tidiesWhatPagesAddedForTheEye(_ line: String, _ expected: String) {
        #expect(IngredientLineCleaner.clean(line) == expected)
    }
}

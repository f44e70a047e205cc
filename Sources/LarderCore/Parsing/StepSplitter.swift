import Foundation

/// Turns instructions written as one block of text into steps: one step per non-empty line,
/// with step markers removed (`step 1`, `STEP 2`, `3.`, `4)`) and lines that are only a marker
/// dropped. A block with no line breaks stays one step.
public enum StepSplitter {
    /// The steps of `text`, one per non-empty line, markers removed.
    public static func steps(from text: String) -> [Step] {
        let cleaned = TextCleaner.block(text)
        var steps: [Step] = []
        for rawLine in cleaned.split(separator: "\n") {
            for part in numberedParts(of: String(rawLine)) ?? [String(rawLine)] {
                let line = stripMarker(part)
                if !line.isEmpty { steps.append(Step(text: line)) }
            }
        }
        return steps
    }

    /// A line that numbers its own steps ("1. Chop the onion. 2. Fry it. 3. …", "1.番茄切丁
    /// 2.土豆切丁"): the parts between the numbers, which must count up from 1 at the start of
    /// the line, so that "Bake at 180. 2 eggs" is never cut.
    static func numberedParts(of line: String) -> [String]? {
        // The first number opens the line: most lines open with a letter, and are done without
        // breaking them into characters. (Bytes of other scripts are passed over, as they may
        // be white space that trimming removes.)
        guard let first = line.utf8.first(where: { $0 < 0x80 && $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0B && $0 != 0x0C }),
              first >= 0x30, first <= 0x39 else { return nil }
        let characters = Array(line.trimmed)
        var cuts: [(start: Int, text: Int)] = []
        var expected = 1
        var index = 0
        while index < characters.count {
            let before: Character? = index > 0 ? characters[index - 1] : nil
            let opensHere = before == nil || before!.isWhitespace || before!.isPunctuation
            if opensHere, characters[index].isASCII, characters[index].isNumber {
                let digits = characters[index...].prefix(while: { $0.isASCII && $0.isNumber })
                let markIndex = index + digits.count
                if Int(String(digits)) == expected, markIndex < characters.count, ".)、:".contains(characters[markIndex]),
                   markIndex + 1 == characters.count || !characters[markIndex + 1].isNumber {
                    guard expected > 1 || index == 0 else { return nil }
                    cuts.append((index, markIndex + 1))
                    expected += 1
                    index = markIndex + 1
                    continue
                }
            }
            index += 1
        }
        guard cuts.count >= 2 else { return nil }
        return cuts.indices.map { position in
            let end = position + 1 < cuts.count ? cuts[position + 1].start : characters.count
            return String(characters[cuts[position].text..<end]).trimmed
        }.filter { !$0.isEmpty }
    }

    static func stripMarker(_ line: String) -> String {
        var rest = Substring(line.trimmed)
        // "step 1", "Step 1:", "STEP 1 -"
        if rest.lowercased().hasPrefix("step") {
            let afterWord = rest.dropFirst(4).drop(while: { $0 == " " })
            let digits = afterWord.prefix(while: { $0.isNumber })
            if !digits.isEmpty {
                rest = afterWord.dropFirst(digits.count).drop(while: { $0 == ":" || $0 == "." || $0 == ")" || $0 == " " || $0 == "-" || $0 == "–" })
                return String(rest)
            }
        }
        // "1.", "2)", "3 -" at the start of a line; not "350° F" or "2 eggs".
        let digits = rest.prefix(while: { $0.isNumber })
        if !digits.isEmpty, digits.count <= 3 {
            let after = rest.dropFirst(digits.count)
            if let mark = after.first, mark == "." || mark == ")" {
                let remainder = after.dropFirst()
                if remainder.isEmpty || remainder.first == " " {
                    return remainder.trimmed
                }
            }
        }
        return String(rest)
    }
}

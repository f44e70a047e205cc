import Foundation

/// Turns instructions written as one block of text into steps: one step per non-empty line,
/// with step markers removed (`step 1`, `STEP 2`, `3.`, `4)`) and lines that are only a marker
/// dropped. A block with no line breaks stays one step.
public enum StepSplitter {
    public static func steps(from text: String) -> [Step] {
        let cleaned = TextCleaner.block(text)
        var steps: [Step] = []
        for rawLine in cleaned.split(separator: "\n") {
            let line = stripMarker(String(rawLine))
            if !line.isEmpty { steps.append(Step(text: line)) }
        }
        return steps
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

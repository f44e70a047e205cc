import Foundation

/// Step numbers that pages write as titles or lines of their own ("Step 1", "STEP 2.", "3:",
/// "Schritt 01"), and as a prefix ("STEP 1 | Preheat…"). The order of the steps already says
/// them.
public enum StepNumbering {
    static let stepWords: Set<String> = ["step", "paso", "schritt", "étape", "etape", "stap", "passo", "steg", "trin", "krok", "lépés", "stage"]

    /// A title or line that is nothing but a step's number.
    public static func isNumbering(_ text: String) -> Bool {
        // Quick: a step's number is short; this runs on every step.
        guard text.utf8.count <= 24 else { return false }
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return !words.isEmpty && words.contains(where: { $0.allSatisfy(\.isNumber) })
            && words.allSatisfy { $0.allSatisfy(\.isNumber) || stepWords.contains(String($0)) }
    }

    /// A step's number with its word ("Step 1", "Schritt 3:"), not a bare number, which may as
    /// well be an amount.
    public static func isLabel(_ text: String) -> Bool {
        isNumbering(text) && text.contains(where: \.isLetter)
    }

    /// The text without a leading "Step 1 |", "STEP 2:" or "Schritt 3 -"; a bare leading
    /// number ("1. Heat…") is left, as some sources keep it.
    public static func strippingPrefix(_ text: String) -> String {
        // Quick: a step word, then a digit within the first dozen characters.
        guard text.first?.isLetter == true, text.utf8.prefix(14).contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return text }
        let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard words.count == 3, stepWords.contains(words[0].lowercased()) else { return text }
        let number = words[1]
        let digits = number.prefix(while: \.isNumber)
        guard !digits.isEmpty else { return text }
        let rest = number.dropFirst(digits.count)
        var tail = Substring(words[2])
        if rest.isEmpty {
            // "Step 1 | Preheat", "Step 1 - Preheat", "Step 1: Preheat".
            guard let first = tail.first, "|-–—:.)".contains(first) else { return text }
            tail = tail.dropFirst()
        } else {
            guard rest.count == 1, ":.)|".contains(rest) else { return text }
        }
        let stripped = tail.trimmingCharacters(in: .whitespaces)
        return stripped.isEmpty ? text : stripped
    }

    /// Sections whose names only number them lose the names (and merge), steps that only
    /// number themselves go, and "Step 1:" prefixes are dropped.
    public static func cleaned(_ sections: [InstructionSection]) -> [InstructionSection] {
        var result: [InstructionSection] = []
        for var section in sections {
            if let name = section.name, isNumbering(name) { section.name = nil }
            section.steps = section.steps.compactMap { step in
                guard !isNumbering(step.text) else { return nil }
                var step = step
                step.text = strippingPrefix(step.text)
                if let name = step.name, isNumbering(name) { step.name = nil }
                return step
            }
            if section.steps.isEmpty { continue }
            if section.name == nil, let last = result.last, last.name == nil {
                result[result.count - 1].steps += section.steps
            } else {
                result.append(section)
            }
        }
        return result
    }
}

import Foundation

/// Whether an ingredient line keeps its words through Cooklang. A Cooklang ingredient is a
/// name, an amount, a unit and a note (`@okra{1%bunch}(sliced)`), read back as the line
/// `1 bunch okra, sliced`: word order and punctuation may move, but every word of the line
/// has to come back. `CooklangWriter` picks the markup that keeps them and names the lines
/// no markup keeps.
enum CooklangLineWords {
    /// The words of a line, for comparing two lines: runs of letters and runs of digits, case
    /// folded and sorted (order, spacing and punctuation left out, so `200g` is `200 g`).
    /// With `fractionSigns` false a fraction sign is written as digits (`½` as `1 2`, as in
    /// `1/2`), since Cooklang writes numbers so; true keeps it as a word of its own.
    static func words(_ line: String, fractionSigns: Bool = false) -> [String] {
        var words: [String] = []
        var current = ""
        var currentIsDigits = false
        func end() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        for character in line.precomposedStringWithCanonicalMapping.lowercased() {
            if let fraction = PlainAmount.glyphs[character] {
                end()
                if fractionSigns {
                    words.append(String(character))
                } else {
                    let parts = PlainAmount.text(fraction).split(separator: "/").map(String.init)
                    words += parts
                }
            } else if character.isASCII && character.isNumber {
                if !currentIsDigits { end() }
                currentIsDigits = true
                current.append(character)
            } else if character.isLetter {
                if currentIsDigits { end() }
                currentIsDigits = false
                current.append(character)
            } else {
                end()
            }
        }
        end()
        return words.sorted()
    }

    /// True when `back`, the ingredient read back from Cooklang, says what `original` says:
    /// the same words, and the same amount and unit where the line has an amount (so it
    /// still scales and converts). A unit of a line without an amount (`Leaf lettuce` read
    /// as leaves of lettuce) is left to the words.
    static func keeps(_ original: Ingredient, in back: Ingredient) -> Bool {
        guard words(original.line) == words(back.line) else { return false }
        guard let quantity = original.quantity else { return true }
        guard let backQuantity = back.quantity, same(quantity, backQuantity) else { return false }
        return original.unit == back.unit.flatMap { $0.isEmpty ? nil : (UnitVocabulary.canonical($0) ?? $0) }
    }

    /// The words of a line in their order (runs of letters and of digits, case folded), to
    /// tell a line that comes back in its own order from one whose words moved.
    static func wordsInOrder(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var currentIsDigits = false
        for character in line.precomposedStringWithCanonicalMapping.lowercased() {
            let isDigit = character.isASCII && character.isNumber
            if isDigit || character.isLetter {
                if !current.isEmpty && isDigit != currentIsDigits { words.append(current); current = "" }
                currentIsDigits = isDigit
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static func same(_ a: Amount, _ b: Amount) -> Bool {
        func close(_ x: Double?, _ y: Double?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return abs(x - y) <= 1e-6 * max(1, abs(x))
        }
        return close(a.value, b.value) && close(a.upper, b.upper)
    }

    /// The ingredient one markup (`@okra{1%bunch}`) is read back as; nil when it is not read
    /// as exactly one ingredient.
    static func readBack(_ markup: String) -> Ingredient? {
        // Parsed as a file is, so that a comment mark written as text (`-[- -]-`) reads as text.
        guard let document = try? CooklangParser.parse(markup), let items = document.sections.first?.steps.first, items.count == 1,
              case .ingredient(let name, let quantity, let units, let preparation) = items[0] else { return nil }
        return CooklangMapper.ingredient(name: name, quantity: quantity, units: units, preparation: preparation)
    }
}

import Foundation

extension CooklangWriter {
    /// An ingredient's markup and the name in it: a step that spells the name is where the
    /// markup goes, since Cooklang reads the name back as the step's word.
    struct IngredientMarkup {
        var name: String
        var text: String
    }

    /// The markup that gives the line back with its amount and its words in their order: the
    /// one made of what was understood of the line (`@flour{2%cups}(sifted)`) when it does,
    /// else one made of the line's own words (`2 large carrots (peeled)` is
    /// `@large carrots{2}(peeled)`, which reads back in the line's order where
    /// `@carrots{2}(large, peeled)` would not; `Leaf lettuce, as needed` read as leaves of
    /// lettuce is `@Leaf lettuce{}(as needed)`); failing both, the one that keeps the words in
    /// another order, else the first (the export's read-back names a line none keeps).
    static func bestMarkup(_ ingredient: Ingredient) -> IngredientMarkup {
        let understood = IngredientMarkup(name: ingredient.name ?? "", text: markup(ingredient))
        let candidates = [understood] + [literalMarkup(ingredient)].compactMap { $0 }
        return candidates.first { keepsLine($0, of: ingredient, inOrder: true) }
            ?? candidates.first { keepsLine($0, of: ingredient, inOrder: false) }
            ?? understood
    }

    static func keepsLine(_ markup: IngredientMarkup, of ingredient: Ingredient, inOrder: Bool) -> Bool {
        guard let back = CooklangLineWords.readBack(markup.text), CooklangLineWords.keeps(ingredient, in: back) else { return false }
        return !inOrder || CooklangLineWords.wordsInOrder(back.line) == CooklangLineWords.wordsInOrder(ingredient.line)
    }

    /// The line as Cooklang's parts in its own words: the amount and the unit as the line
    /// spells them (wherever the amount stands: `Spinaci 650 g` is `@Spinaci{650%g}`), the
    /// words before the first comma or bracket as the name, the others as the note. Nil when
    /// the line does not spell its amount, or leaves no name.
    static func literalMarkup(_ ingredient: Ingredient) -> IngredientMarkup? {
        let line = oneLine(ingredient.line)
        let pieces = self.pieces(of: line)
        var amountText = ""
        var unitText = ""
        var alternative: String?
        var taken: [Range<String.Index>] = []
        if let quantity = ingredient.quantity {
            guard let amount = spelledAmount(quantity, in: line, pieces: pieces) else { return nil }
            let span = pieces[amount.lowerBound].lowerBound..<pieces[amount.upperBound - 1].upperBound
            amountText = String(line[span])
            taken.append(span)
            // The unit right after the amount, else where the line spells it (`3 garlic cloves`).
            if let unit = ingredient.unit,
               let spelled = spelledUnit(unit, in: line, pieces: pieces, from: amount.upperBound, upTo: amount.upperBound + 1)
                   ?? spelledUnit(unit, in: line, pieces: pieces, from: amount.upperBound)
                   ?? spelledUnit(unit, in: line, pieces: pieces, from: 0, upTo: amount.lowerBound) {
                unitText = String(line[spelled.unit])
                taken.append(spelled.unit.lowerBound..<spelled.end)
                alternative = spelled.alternative
            }
        }
        var rest = ""
        var index = line.startIndex
        for span in taken.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            rest += line[index..<span.lowerBound] + " "
            index = span.upperBound
        }
        rest += line[index...]
        var (name, note) = nameAndNote(rest)
        if let alternative { note = [alternative, note].compactMap { $0 }.joined(separator: ", ") }
        // `of okra` is no name: a line whose words need one (`1 bunch of okra`) is named instead.
        guard !name.isEmpty, !connectingWords.contains(name.split(separator: " ").first.map { $0.lowercased() } ?? "") else { return nil }
        var text = "@\(clean(name)){\(cleanAmount(amountText))\(unitText.isEmpty ? "" : "%" + clean(unitText))}"
        if let note = preparationText(note) { text += "(\(note))" }
        return IngredientMarkup(name: clean(name), text: text)
    }

    /// Where the line spells `unit` in its pieces `from..<upTo` (a run of up to three, `fl oz`):
    /// the unit's text, where what it took ends, and a second measure joined to it by a slash
    /// (`3oz` of `75g/3oz`), which goes to the note. A full stop after an abbreviation
    /// (`Pck.`) stays out of the unit.
    static func spelledUnit(_ unit: String, in line: String, pieces: [Range<String.Index>], from: Int, upTo: Int? = nil)
        -> (unit: Range<String.Index>, end: String.Index, alternative: String?)? {
        let upTo = min(upTo ?? pieces.count, pieces.count)
        guard from < upTo else { return nil }
        for start in from..<upTo {
            for last in stride(from: min(start + 3, pieces.count), to: start, by: -1) {
                let span = pieces[start].lowerBound..<pieces[last - 1].upperBound
                let text = line[span]
                if UnitVocabulary.canonical(String(text)) == unit { return (span, span.upperBound, nil) }
                if text.hasSuffix("."), UnitVocabulary.canonical(String(text.dropLast())) == unit {
                    return (span.lowerBound..<line.index(before: span.upperBound), span.upperBound, nil)
                }
                if last == start + 1, let slash = text.firstIndex(of: "/"), slash > text.startIndex,
                   UnitVocabulary.canonical(String(text[..<slash])) == unit {
                    // The second measure runs to the next space (`1¾oz` of `50g/1¾oz`).
                    let wordEnd = line[slash...].firstIndex(where: \.isWhitespace) ?? line.endIndex
                    let second = String(line[line.index(after: slash)..<wordEnd])
                    return (span.lowerBound..<slash, wordEnd, second.isEmpty ? nil : second)
                }
            }
        }
        return nil
    }

    static let connectingWords: Set<String> = ["of", "de", "di", "du", "des", "del", "della", "von", "vom"]

    /// The first pieces of `line` that read as `quantity` (`1 1/2`, `12-15`, `1 to 2`).
    static func spelledAmount(_ quantity: Amount, in line: String, pieces: [Range<String.Index>]) -> Range<Int>? {
        for start in pieces.indices {
            for end in stride(from: min(start + 4, pieces.count), to: start, by: -1) {
                let text = String(line[pieces[start].lowerBound..<pieces[end - 1].upperBound])
                guard let read = PlainAmount.amount(text) ?? PlainAmount.wordedRange(text) else { continue }
                if CooklangLineWords.same(read, quantity) { return start..<end }
            }
        }
        return nil
    }

    /// Where the words of `line` are: split at spaces, brackets and commas, and where letters follow
    /// digits (`200g`, `3tsp`), so that an amount and a unit written together are two pieces.
    static func pieces(of line: String) -> [Range<String.Index>] {
        var pieces: [Range<String.Index>] = []
        var start: String.Index?
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            // A comma between digits is a decimal mark (`0,5`); any other ends a word.
            let isComma = (character == "," || character == ";")
                && !(index > line.startIndex && line[line.index(before: index)].isNumber && next < line.endIndex && line[next].isNumber)
            if character.isWhitespace || character == "(" || character == ")" || isComma {
                if let begun = start { pieces.append(begun..<index) }
                start = nil
            } else if let begun = start, character.isLetter, line[line.index(before: index)].isNumber {
                pieces.append(begun..<index)
                start = index
            } else if start == nil {
                start = index
            }
            index = line.index(after: index)
        }
        if let begun = start { pieces.append(begun..<line.endIndex) }
        return pieces
    }

    /// The name (the first words outside brackets, up to a comma) and the note (the rest):
    /// `tomatoes (drained), diced` → `tomatoes`, `drained, diced`.
    static func nameAndNote(_ text: String) -> (name: String, note: String?) {
        var parts = self.parts(of: text)
        guard let first = parts.firstIndex(where: { !$0.bracketed }) ?? parts.indices.first else { return ("", nil) }
        let name = parts.remove(at: first).text
        return (name, parts.isEmpty ? nil : parts.map(\.text).joined(separator: ", "))
    }

    /// The parts of a line or note: what brackets hold (without them), and the text between
    /// them cut at commas, each without the dashes and colons at its ends.
    static func parts(of text: String) -> [(text: String, bracketed: Bool)] {
        var parts: [(text: String, bracketed: Bool)] = []
        var current = ""
        var depth = 0
        func end(bracketed: Bool) {
            let part = current.trimmingCharacters(in: edgePunctuation)
            if !part.isEmpty { parts.append((part, bracketed)) }
            current = ""
        }
        for character in text {
            switch character {
            case "(":
                if depth == 0 { end(bracketed: false) } else { current.append(character) }
                depth += 1
            case ")" where depth > 0:
                depth -= 1
                if depth == 0 { end(bracketed: true) } else { current.append(character) }
            case "," where depth == 0:
                end(bracketed: false)
            default:
                current.append(character)
            }
        }
        end(bracketed: depth > 0)
        return parts
    }

    /// The unit as the line spells it anywhere (`cloves` of `3 garlic cloves`), nil when it
    /// does not.
    static func unitSpelledInLine(_ ingredient: Ingredient) -> String? {
        guard let unit = ingredient.unit else { return nil }
        let line = oneLine(ingredient.line)
        return spelledUnit(unit, in: line, pieces: pieces(of: line), from: 0).map { String(line[$0.unit]) }
    }

    static let edgePunctuation = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "-–—:;,*"))
}

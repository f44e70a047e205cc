/// Splits an ingredient line into number, word and punctuation tokens, remembering where each
/// came from so that the name can be cut from the original text. Numbers glued to units
/// (`200g`, `2tbsp`) and vulgar fractions glued to numbers (`1½`) come apart.
struct IngredientToken {
    enum Kind { case number, word, punctuation }
    var text: String
    var kind: Kind
    /// Character offsets into the line.
    var start: Int
    var end: Int
    var value: Double?

    var lower: String { text.lowercased() }
    func isWord(_ words: Set<String>) -> Bool { kind == .word && words.contains(lower) }
    func isPunctuation(_ marks: Set<String>) -> Bool { kind == .punctuation && marks.contains(text) }
}

enum IngredientTokenizer {
    static func tokenize(_ characters: [Character]) -> [IngredientToken] {
        var tokens: [IngredientToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if NumberWords.vulgarFractions[character] != nil {
                tokens.append(IngredientToken(text: String(character), kind: .number, start: index, end: index + 1,
                                              value: NumberWords.vulgarFractions[character]))
                index += 1
            } else if isDigit(character) || (character == "." && index + 1 < characters.count && isDigit(characters[index + 1])) {
                var end = index
                while end < characters.count, isDigit(characters[end]) { end += 1 }
                var separator: Character?
                // A decimal (`1.5`, European `0,5`), or a fraction (`1/2`, `1⁄2`).
                if end + 1 < characters.count, ".,/⁄".contains(characters[end]), isDigit(characters[end + 1]) {
                    separator = characters[end]
                    end += 1
                    while end < characters.count, isDigit(characters[end]) { end += 1 }
                }
                let text = String(characters[index..<end])
                var numeral = text.replacingOccurrences(of: "⁄", with: "/")
                if separator == "," {
                    // `1,000` groups thousands; `0,5` and `1,25` are decimal commas.
                    let parts = numeral.split(separator: ",")
                    let groupsThousands = parts.count == 2 && parts[1].count == 3 && !parts[0].hasPrefix("0")
                    numeral = groupsThousands ? parts.joined() : parts.joined(separator: ".")
                }
                var value = NumberWords.value(of: numeral)
                if let parsed = value, !parsed.isFinite || parsed > 1e9 { value = nil }
                tokens.append(IngredientToken(text: text, kind: value == nil ? .word : .number, start: index, end: end, value: value))
                index = end
            } else if isWordCharacter(character) {
                var end = index + 1
                while end < characters.count {
                    let next = characters[end]
                    if isWordCharacter(next) {
                        end += 1
                    } else if (next == "-" || next == "'" || next == "’") && end + 1 < characters.count && isWordCharacter(characters[end + 1]) {
                        end += 2
                    } else {
                        break
                    }
                }
                tokens.append(IngredientToken(text: String(characters[index..<end]), kind: .word, start: index, end: end))
                index = end
            } else {
                tokens.append(IngredientToken(text: String(character), kind: .punctuation, start: index, end: index + 1))
                index += 1
            }
        }
        return tokens
    }

    @inline(__always) static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    @inline(__always) static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || (character.isNumber && NumberWords.vulgarFractions[character] == nil && !isDigit(character))
    }
}

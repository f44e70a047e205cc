/// Tidies ingredient lines as pages write them: list markers and checkboxes that were meant
/// for the eye (`▢ 2 eggs`, `- 1 cup sugar`), and notes a recipe plugin wrapped in brackets
/// twice (`butter ((softened))`). The words themselves are never changed.
public enum IngredientLineCleaner {
    static let markers: Set<Character> = ["▢", "☐", "□", "■", "•", "·", "◦", "▪", "-", "–", "—", "*", "✓", "✔", "√"]

    /// `line` without its list markers and doubled brackets, trimmed.
    public static func clean(_ line: String) -> String {
        var text = TextCleaner.line(line)
        while let first = text.first, markers.contains(first) {
            let rest = text.dropFirst()
            // "-2 °C" or "*optional" are not markers: a marker stands apart from the words.
            guard rest.first == " " || first == "▢" || first == "☐" || first == "□" else { break }
            text = String(rest.drop(while: { $0 == " " }))
        }
        return collapsingDoubleBrackets(closingUpCommas(text))
    }

    /// `apple , cored` → `apple, cored`: plugins that join a name and its note leave a space
    /// before the comma, which no language writes after a word.
    static func closingUpCommas(_ text: String) -> String {
        guard text.containsBytes(" ,") else { return text }
        var result = ""
        var pendingSpaces = ""
        for character in text {
            if character == " " {
                pendingSpaces.append(character)
                continue
            }
            if character == ",", !pendingSpaces.isEmpty, result.last?.isLetter == true {
                pendingSpaces = ""
            }
            result += pendingSpaces
            pendingSpaces = ""
            result.append(character)
        }
        return result + pendingSpaces
    }

    /// `((note))` → `(note)` when nothing else is inside the outer pair: a plugin wrapped a
    /// note that already had brackets. `((3/4 cup) frozen)` holds more and stays.
    static func collapsingDoubleBrackets(_ text: String) -> String {
        guard text.utf8.contains(0x28) else { return text }
        var characters = Array(text)
        var index = 0
        while index + 1 < characters.count {
            if characters[index] == "(", characters[index + 1] == "(",
               let close = characters[(index + 2)...].firstIndex(where: { $0 == "(" || $0 == ")" }),
               characters[close] == ")", close + 1 < characters.count, characters[close + 1] == ")" {
                characters.remove(at: close + 1)
                characters.remove(at: index)
                index = close
            } else {
                index += 1
            }
        }
        return String(characters)
    }
}

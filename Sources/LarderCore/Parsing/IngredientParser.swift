import Foundation

/// What the ingredient parser understood of one line.
public struct ParsedIngredient: Equatable, Sendable {
    public var quantity: Amount?
    /// Canonical unit (`cup`, `tablespoon`, `gram`).
    public var unit: String?
    public var name: String?
    /// Preparation, notes and everything else that is neither amount, size nor name, in order.
    public var comment: String?
    /// Size words (`large`, `small`), kept apart from name and unit.
    public var size: String?
}

/// Parses ingredient lines with rules: `"1 ½ cups all-purpose flour, sifted"` → 1.5 cup
/// "all-purpose flour", comment "sifted". Pure and allocation-light: it is called for every
/// line Larder reads.
public enum IngredientParser {
    static let approximations: Set<String> = ["tiny", "about", "approx", "approximately", "around", "roughly", "circa", "ca", "some", "few", "scant", "heaped", "heaping", "generous", "good", "level", "rounded", "large", "small", "big"]
    static let qualifiers: Set<String> = ["scant", "heaped", "heaping", "generous", "good", "level", "rounded", "full", "about", "approximately"]
    static let sizes: Set<String> = ["small", "medium", "large", "big", "lg", "med", "sm", "jumbo", "extra-large", "x-large", "xl", "medium-size", "medium-sized", "large-size", "small-size", "medium-large", "small-medium", "good-sized", "large-sized", "small-sized"]
    static let rangeWords: Set<String> = ["-", "–", "—", "to", "or"]
    /// Words that describe preparation; before the name they belong to the comment.
    static let preparationWords: Set<String> = [
        "chopped", "diced", "sliced", "minced", "grated", "shredded", "crushed", "peeled", "trimmed", "torn", "cubed",
        "halved", "quartered", "julienned", "mashed", "melted", "softened", "beaten", "whisked", "sifted", "toasted",
        "roasted", "cooked", "uncooked", "drained", "rinsed", "packed", "firmly", "lightly", "loosely", "finely",
        "roughly", "coarsely", "thinly", "thickly", "freshly", "well-stirred", "well-shaken", "cut", "deseeded", "seeded",
        "pitted", "stemmed", "cored", "zested", "squeezed", "juiced", "crumbled", "snipped", "cracked", "warmed", "chilled",
        "room-temperature", "sieved", "boiled", "blanched", "defrosted", "thawed", "divided", "optional", "coarse",
        "very", "pureed", "puréed", "deveined", "shelled", "hard-boiled", "hard-cooked", "thick", "thin", "lukewarm", "tepid", "scrubbed", "washed", "slivered", "flaked", "rolled", "grilled",
    ]
    /// Words of the comment that may stay in a name when the source says so.
    static let nameKeepers: Set<String> = ["ground", "dried", "fresh", "frozen", "smoked", "canned", "whole", "cracked"]

    public static func parse(_ line: String) -> ParsedIngredient {
        let characters = Array(line)
        let tokens = IngredientTokenizer.tokenize(characters)
        var result = ParsedIngredient()
        guard !tokens.isEmpty else { return result }
        var commentParts: [String] = []
        var index = 0

        // "Juice of 2 limes", "zest of 1 lemon": the lead-in is comment, the rest an ingredient.
        if tokens.count > 2, tokens[0].isWord(["juice", "zest", "grated"]), tokens[1].isWord(["of", "from"]),
           tokens[2].kind == .number || tokens[2].isWord(["one", "two", "three", "half", "a"]) {
            commentParts.append(text(characters, tokens[0].start, tokens[1].end))
            index = 2
        }

        var leadingComment: [String] = []
        // Words like "about" or "a good" before the amount.
        var lead = index
        while lead < tokens.count, tokens[lead].kind == .word, approximations.contains(tokens[lead].lower) || tokens[lead].lower == "a" || tokens[lead].lower == "an" {
            lead += 1
        }
        if lead > index, lead < tokens.count, tokens[lead].kind == .number || unitAt(tokens, lead) != nil {
            leadingComment.append(text(characters, tokens[index].start, tokens[lead - 1].end))
            index = lead
        }

        if let (amount, next) = amount(tokens, from: index) {
            result.quantity = amount
            index = next
            // "2 x 400g/14oz tins": the x-count is the quantity; the measure describes each item.
            if index < tokens.count, tokens[index].isWord(["x", "×"]) || tokens[index].text == "×" {
                index += 1
                index = skipMeasures(tokens, from: index)
            }
        } else if let (spelledOut, next) = amount(tokens, from: index, allowWords: true) {
            // "one onion", "half a lemon": number words only when no digits came first.
            result.quantity = spelledOut
            index = next
        }
        // "(14 oz)" or "15- to 16-ounce" describes the container that follows.
        if result.quantity != nil {
            index = skipContainerSize(tokens, from: index)
        }
        // Size words and unit qualifiers: "2 large eggs", "1 heaped tbsp".
        while index < tokens.count, tokens[index].kind == .word, sizes.contains(tokens[index].lower) || qualifiers.contains(tokens[index].lower) {
            if sizes.contains(tokens[index].lower) {
                result.size = tokens[index].text
            } else {
                leadingComment.append(tokens[index].text)
            }
            index += 1
        }
        if let (unit, next) = unitAt(tokens, index) {
            result.unit = unit
            index = next
            // "1 cup (240 ml)", "175g/6oz", "10g/1/2oz": equivalent amounts.
            // "¼ c cup": the same unit written twice.
            if let (again, next) = unitAt(tokens, index), again == unit { index = next }
            index = skipEquivalents(tokens, from: index, characters: characters, comment: &commentParts)
            // "1/2 cup plus 2 tablespoons mayonnaise": the second part joins the comment.
            if index < tokens.count, tokens[index].isWord(["plus"]), let (_, afterAmount) = amount(tokens, from: index + 1),
               let (_, afterUnit) = unitAt(tokens, afterAmount) {
                commentParts.append(text(characters, tokens[index].start, tokens[afterUnit - 1].end))
                index = afterUnit
            }
            if index < tokens.count, tokens[index].isWord(["of"]) { index += 1 }
        } else if result.quantity != nil {
            index = skipEquivalents(tokens, from: index, characters: characters, comment: &commentParts)
        }
        while index < tokens.count, tokens[index].kind == .word, sizes.contains(tokens[index].lower) {
            result.size = tokens[index].text
            index += 1
        }
        commentParts = leadingComment + commentParts

        // A bracket before the name ("(about 4 cups) coconut") is comment.
        if index < tokens.count, tokens[index].text == "(", let close = tokens[index...].firstIndex(where: { $0.text == ")" }), close + 1 < tokens.count {
            commentParts.append(text(characters, tokens[index].start + 1, tokens[close].start))
            index = close + 1
        }
        // The name runs to the first comma, bracket or semicolon; the rest is comment.
        guard index < tokens.count else {
            result.comment = joinComment(commentParts)
            return result
        }
        var end = index
        var depth = 0
        var nameEnd = tokens.count
        while end < tokens.count {
            let token = tokens[end]
            if token.kind == .punctuation {
                if token.text == "(" || token.text == "[" { if end > index { nameEnd = end; break }; depth += 1 }
                if token.text == ")" || token.text == "]" { depth = max(0, depth - 1) }
                if depth == 0, token.text == "," || token.text == ";" || token.text == ":" && end > index { nameEnd = end; break }
                if token.text == "-" || token.text == "–" || token.text == "—", end > index,
                   token.start > 0, characters[token.start - 1] == " " { nameEnd = end; break }
            }
            if token.kind == .word, end > index, ["for", "plus", "such"].contains(token.lower) { nameEnd = end; break }
            // "salt or to taste", "cheddar or 1 cup colby": an alternative amount ends the name.
            if token.kind == .word, end > index, token.lower == "or", let next = tokens[safe: end + 1],
               next.kind == .number || next.isWord(["to", "use", "other"]) { nameEnd = end; break }
            if token.kind == .word, end > index + 1, token.lower == "to", end + 1 < tokens.count, tokens[end + 1].isWord(["taste", "serve", "garnish"]) { nameEnd = end; break }
            end += 1
        }
        // Leading and trailing preparation words leave the name.
        var first = index
        while first < nameEnd, tokens[first].kind == .word, preparationWords.contains(tokens[first].lower) || tokens[first].lower == "and" && first > index {
            first += 1
        }
        if first < nameEnd, first > index, tokens[first].isWord(["and"]) { first += 1 }
        if first >= nameEnd { first = index }
        var last = nameEnd - 1
        while last > first, tokens[last].kind == .punctuation && !tokens[last].isPunctuation([")", "."]) || (tokens[last].kind == .word && ["optional", "divided"].contains(tokens[last].lower)) {
            last -= 1
        }
        if first > index { commentParts.append(text(characters, tokens[index].start, tokens[first - 1].end)) }
        // "2 garlic cloves": a unit written after the name.
        if result.unit == nil, last > first, tokens[last].kind == .word, let unit = UnitVocabulary.canonical(tokens[last].text),
           UnitVocabulary.trailingUnits.contains(unit), tokens[last - 1].kind == .word {
            result.unit = unit
            last -= 1
        }
        if first <= last {
            var name = text(characters, tokens[first].start, tokens[last].end)
            if name.hasPrefix("of ") { name.removeFirst(3) }
            result.name = name.isEmpty ? nil : name
        }
        if last + 1 < tokens.count {
            var restStart = last + 1
            while restStart < tokens.count, tokens[restStart].isPunctuation([",", ";", ":", "-", "–", "—"]) { restStart += 1 }
            if restStart < tokens.count {
                var rest = text(characters, tokens[restStart].start, tokens[tokens.count - 1].end)
                rest = rest.trimmingCharacters(in: CharacterSet(charactersIn: "()[] ,;"))
                if !rest.isEmpty { commentParts.append(rest) }
            }
        }
        result.comment = joinComment(commentParts)
        return result
    }

    // MARK: - Amounts

    /// A number, a mixed number (`1 1/2`, `1-1/2`, `1 ½`) or a range (`2-3`, `2 to 3`, `2 or 3`).
    static func amount(_ tokens: [IngredientToken], from start: Int, allowWords: Bool = false) -> (Amount, Int)? {
        guard let (low, afterLow) = number(tokens, from: start, allowWords: allowWords) else { return nil }
        var index = afterLow
        if index + 1 < tokens.count, rangeWords.contains(tokens[index].lower),
           let (high, afterHigh) = number(tokens, from: index + 1, allowWords: allowWords), high > low {
            // "2 or 3" is a range only when a number follows; "1 to 2" likewise.
            index = afterHigh
            return (Amount(low, upper: high), index)
        }
        return (Amount(low), index)
    }

    static func number(_ tokens: [IngredientToken], from start: Int, allowWords: Bool) -> (Double, Int)? {
        guard start < tokens.count else { return nil }
        let token = tokens[start]
        var value: Double
        if token.kind == .number, let number = token.value {
            value = number
        } else if allowWords, token.kind == .word, let number = NumberWords.words[token.lower], token.lower != "a", token.lower != "an" {
            value = number
        } else {
            return nil
        }
        var index = start + 1
        // Mixed numbers: a whole number followed by a fraction below one.
        if value == value.rounded(), index < tokens.count {
            if tokens[index].kind == .number, let fraction = tokens[index].value, fraction < 1, fraction > 0,
               tokens[index].text.contains("/") || tokens[index].text.contains("⁄") || NumberWords.vulgarFractions[tokens[index].text.first!] != nil {
                value += fraction
                index += 1
            } else if tokens[index].text == "-", index + 1 < tokens.count, tokens[index + 1].kind == .number,
                      let fraction = tokens[index + 1].value, fraction < 1, tokens[index + 1].text.contains("/") {
                value += fraction
                index += 2
            }
        }
        return (value, index)
    }

    // MARK: - Units

    /// The longest unit phrase starting at `index` (`fl oz`, `fl. oz.`, `tablespoons`), with a
    /// trailing abbreviation dot skipped.
    static func unitAt(_ tokens: [IngredientToken], _ index: Int) -> (String, Int)? {
        guard index < tokens.count, tokens[index].kind == .word else { return nil }
        let first = tokens[index].text
        guard first == "T" || first == "t" || UnitVocabulary.firstWords.contains(first.lowercased()) else { return nil }
        // Up to three words, allowing dots between them ("fl. oz.").
        var best: (String, Int)?
        var phrase = ""
        var cursor = index
        var words = 0
        while cursor < tokens.count, words < UnitVocabulary.longestPhrase + 1 {
            let token = tokens[cursor]
            if token.kind == .word {
                phrase += (phrase.isEmpty || phrase.hasSuffix(".") ? "" : " ") + token.text
                words += 1
            } else if token.text == "." && !phrase.isEmpty {
                phrase += "."
            } else {
                break
            }
            cursor += 1
            let spaced = phrase.replacingOccurrences(of: ".", with: ". ").replacingOccurrences(of: "  ", with: " ").trimmingCharacters(in: .whitespaces)
            for candidate in [phrase, spaced, phrase.replacingOccurrences(of: ".", with: "")] {
                if let unit = words == 1 ? UnitVocabulary.canonical(candidate) : UnitVocabulary.table[candidate.lowercased()] {
                    best = (unit, cursor)
                    break
                }
            }
        }
        guard let (unit, found) = best else { return nil }
        var next = found
        if next < tokens.count, tokens[next].text == ".", tokens[next - 1].text.count <= 4 { next += 1 }
        return (unit, next)
    }

    /// Skips `400g/14oz`, `350-400g/12-14oz`, `1lb 2oz` after an `x` count.
    static func skipMeasures(_ tokens: [IngredientToken], from start: Int) -> Int {
        var index = start
        while index < tokens.count {
            if let (_, afterAmount) = amount(tokens, from: index), let (_, afterUnit) = unitAt(tokens, afterAmount) {
                index = afterUnit
            } else if tokens[index].isPunctuation(["/", "(", ")"]) {
                index += 1
            } else {
                break
            }
        }
        return index
    }

    /// `1 (14 oz) can`, `1 15- to 16-ounce box`: a size description before a container unit.
    static func skipContainerSize(_ tokens: [IngredientToken], from start: Int) -> Int {
        guard start < tokens.count else { return start }
        if tokens[start].text == "(", let close = tokens[start...].firstIndex(where: { $0.text == ")" }) {
            var after = close + 1
            while after < tokens.count, sizes.contains(tokens[after].lower) { after += 1 }
            if let (unit, _) = unitAt(tokens, after), UnitVocabulary.containers.contains(unit) || unit == "package" { return close + 1 }
            // "2 whole chicken legs (1½ to 2 pounds)" keeps its bracket as comment, later.
            return start
        }
        // "15- to 16-ounce box": numbers, dashes and one unit, then a container.
        var index = start
        var sawNumber = false
        while index < tokens.count, tokens[index].kind == .number || tokens[index].isPunctuation(["-", "–"]) || tokens[index].isWord(["to"]) {
            sawNumber = sawNumber || tokens[index].kind == .number
            index += 1
        }
        guard sawNumber, let (_, afterUnit) = unitAt(tokens, index) else {
            // "16-ounce" glued with a hyphen arrives as a word: "16-ounce".
            if let word = tokens[safe: start], word.kind == .number, let dash = tokens[safe: start + 1], dash.text == "-",
               let (_, afterUnit) = unitAt(tokens, start + 2), let (container, _) = unitAt(tokens, afterUnit),
               UnitVocabulary.containers.contains(container) {
                return afterUnit
            }
            return start
        }
        var afterSize = afterUnit
        while afterSize < tokens.count, tokens[afterSize].isPunctuation(["-"]) { afterSize += 1 }
        if let (container, _) = unitAt(tokens, afterSize), UnitVocabulary.containers.contains(container) { return afterSize }
        // "4 6-ounce beef filets": a hyphenated weight of each item describes it; the name follows.
        if index > start, tokens[index - 1].text == "-", afterUnit < tokens.count, tokens[afterUnit].kind == .word { return afterUnit }
        return start
    }

    /// `(240 ml)`, `/6oz`, `/1/2oz` right after the unit: the same amount in other units.
    static func skipEquivalents(_ tokens: [IngredientToken], from start: Int, characters: [Character], comment: inout [String]) -> Int {
        var index = start
        if index < tokens.count, tokens[index].text == "/", let (_, afterAmount) = amount(tokens, from: index + 1) {
            if let (_, afterUnit) = unitAt(tokens, afterAmount) {
                index = afterUnit
                // "1lb 2oz": a second part of the same measure.
                if let (_, a2) = amount(tokens, from: index), let (_, u2) = unitAt(tokens, a2) { index = u2 }
            }
        } else if let (_, afterAmount) = amount(tokens, from: index), let (_, afterUnit) = unitAt(tokens, afterAmount),
                  afterAmount < tokens.count, ["oz", "ounce", "ounces", "g"].contains(tokens[afterAmount].lower) {
            // "1lb 2oz" written as two parts of one weight.
            index = afterUnit
        }
        if index < tokens.count, tokens[index].text == "(", let close = tokens[index...].firstIndex(where: { $0.text == ")" }),
           let (_, afterAmount) = amount(tokens, from: index + 1), let (_, afterUnit) = unitAt(tokens, afterAmount), afterUnit == close {
            index = close + 1
        }
        return index
    }

    static func text(_ characters: [Character], _ start: Int, _ end: Int) -> String {
        String(characters[start..<end])
    }

    static func joinComment(_ parts: [String]) -> String? {
        let cleaned = parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return cleaned.isEmpty ? nil : cleaned.joined(separator: ", ")
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        index >= 0 && index < count ? self[index] : nil
    }
}

/// What each token of an ingredient line is. The rules give a first answer; the tagger
/// (`IngredientTagger`) reads it as a feature and gives the final one.
public enum IngredientLabel: UInt8, CaseIterable, Sendable {
    /// Part of the first amount (`1`, `1/2`, `to`, `3`) or of an equivalent measure written with
    /// it (`/6oz`, `(240 ml)`, `plus 1 tsp`). Only the rules assign it; it is never comment.
    case quantity
    case unit
    case size
    case name
    case comment
    /// Punctuation outside the name.
    case other

    /// The labels the tagger chooses between; `quantity` is fixed by the rules.
    static let tagged: [IngredientLabel] = [.unit, .size, .name, .comment, .other]
}

/// The rules' reading of a line: the first amount and its unit (the parts rules get right
/// almost always) and a label for every token.
struct IngredientRuleAnalysis {
    var quantity: Amount?
    var unit: String?
    /// Token range of the unit phrase the rules found.
    var unitTokens: Range<Int>?
    var labels: [IngredientLabel]
    /// Token ranges of the amounts that scale with the recipe: the first amount, then the
    /// equivalent measures and "plus" parts written with it. Not the size of each item
    /// ("2 x 400g tins", "1 (14 oz) can"), which does not change when the recipe is doubled.
    var scalableAmounts: [Range<Int>] = []
    /// End (exclusive) of the unit and the equivalent measures after it: what a unit conversion
    /// rewrites together with the unit.
    var measureEnd: Int?
    /// The size of each counted item, written between the count and the unit or name: `(14 oz)`
    /// in `1 (14 oz) can`, `400g` in `2 x 400g tins`, `(12 oz.)` in `1 (12 oz.) stir-fry
    /// vegetables`. It does not scale, and a shopping list keeps it with the count.
    var itemSize: Range<Int>?

    /// Labels a token range; punctuation outside the name is `other`.
    mutating func mark(_ range: Range<Int>, _ label: IngredientLabel, _ tokens: [IngredientToken]) {
        for position in range where position < tokens.count {
            labels[position] = tokens[position].kind == .punctuation && label != .name ? .other : label
        }
    }
}

/// Hand-written rules for amounts, units, sizes and the usual shape "amount unit name, comment".
enum IngredientRules {
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

    static func analyze(_ tokens: [IngredientToken], _ line: ScalarLine) -> IngredientRuleAnalysis {
        var result = IngredientRuleAnalysis(labels: tokens.map { $0.kind == .punctuation ? .other : .comment })
        guard !tokens.isEmpty else { return result }
        func mark(_ range: Range<Int>, _ label: IngredientLabel) { result.mark(range, label, tokens) }
        var index = 0

        // "Juice of 2 limes", "zest of 1 lemon": the lead-in is comment, the rest an ingredient.
        if tokens.count > 2, tokens[0].isWord(["juice", "zest", "grated"]), tokens[1].isWord(["of", "from"]),
           tokens[2].kind == .number || tokens[2].isWord(["one", "two", "three", "half", "a"]) {
            index = 2
        }
        // Words like "about" or "a good" before the amount.
        var lead = index
        while lead < tokens.count, tokens[lead].kind == .word, approximations.contains(tokens[lead].lower) || tokens[lead].lower == "a" || tokens[lead].lower == "an" {
            lead += 1
        }
        if lead > index, lead < tokens.count, tokens[lead].kind == .number || unitAt(tokens, lead) != nil {
            index = lead
        }

        // "Whiskey, 1½ teaspoons", "Zest and juice of 2 limes": the first amount comes later.
        if amount(tokens, from: index, allowWords: true) == nil, let late = tokens[index...].firstIndex(where: { $0.kind == .number && $0.value != nil }),
           let (lateAmount, afterAmount) = amount(tokens, from: late) {
            var afterMeasure = afterAmount
            var equivalents: [Range<Int>] = []
            if let (_, afterUnit) = unitAt(tokens, afterMeasure) { afterMeasure = skipEquivalents(tokens, from: afterUnit, amounts: &equivalents) }
            let endsLine = afterMeasure >= tokens.count || tokens[afterMeasure].isPunctuation(["(", ")", ",", ";", "."])
            guard endsLine else { return analyzeAmount(tokens, line, from: late, into: result) }
            // The name came first; the amount and unit close the line.
            result.quantity = lateAmount
            result.scalableAmounts.append(late..<afterAmount)
            mark(late..<afterAmount, .quantity)
            if let (unit, afterUnit) = unitAt(tokens, afterAmount) {
                result.unit = unit
                result.unitTokens = afterAmount..<afterUnit
                result.measureEnd = afterMeasure
                result.scalableAmounts += equivalents
                mark(afterUnit..<afterMeasure, .quantity)
                mark(afterAmount..<afterUnit, .unit)
            }
            markName(tokens, line, from: index, before: late, into: &result)
            return result
        }
        return analyzeAmount(tokens, line, from: index, into: result)
    }

    /// The usual shape: amount, unit, name, comment, starting at `start`.
    static func analyzeAmount(_ tokens: [IngredientToken], _ line: ScalarLine, from start: Int, into analysis: IngredientRuleAnalysis) -> IngredientRuleAnalysis {
        var result = analysis
        var index = start
        func mark(_ range: Range<Int>, _ label: IngredientLabel) { result.mark(range, label, tokens) }
        if let (amount, next) = amount(tokens, from: index) {
            result.quantity = amount
            result.scalableAmounts.append(index..<next)
            mark(index..<next, .quantity)
            index = next
            // "2 x 400g/14oz tins": the x-count is the quantity; the measure describes each item.
            if index < tokens.count, tokens[index].isWord(["x", "×"]) || tokens[index].text == "×" {
                let measures = skipMeasures(tokens, from: index + 1)
                mark(index..<measures, .quantity)
                if measures > index + 1 { result.itemSize = index + 1..<measures }
                index = measures
            }
        } else if let (spelledOut, next) = amount(tokens, from: index, allowWords: true) {
            // "one onion", "half a lemon": number words only when no digits came first.
            result.quantity = spelledOut
            result.scalableAmounts.append(index..<next)
            mark(index..<next, .quantity)
            index = next
        }
        // "(14 oz)" or "15- to 16-ounce" describes the container that follows.
        if result.quantity != nil {
            let afterSize = skipContainerSize(tokens, from: index)
            mark(index..<afterSize, .quantity)
            if afterSize > index { result.itemSize = index..<afterSize }
            index = afterSize
        }
        // Size words and unit qualifiers: "2 large eggs", "1 heaped tbsp".
        while index < tokens.count, tokens[index].kind == .word, sizes.contains(tokens[index].lower) || qualifiers.contains(tokens[index].lower) {
            if sizes.contains(tokens[index].lower) { mark(index..<index + 1, .size) }
            index += 1
        }
        if let (unit, next) = unitAt(tokens, index) {
            result.unit = unit
            result.unitTokens = index..<next
            mark(index..<next, .unit)
            index = next
            // "¼ c cup": the same unit written twice.
            if let (again, next) = unitAt(tokens, index), again == unit { index = next }
            // "1 cup (240 ml)", "175g/6oz", "10g/1/2oz": equivalent amounts.
            let afterEquivalents = skipEquivalents(tokens, from: index, amounts: &result.scalableAmounts)
            mark(index..<afterEquivalents, .quantity)
            index = afterEquivalents
            result.measureEnd = index
            // "1/2 cup plus 2 tablespoons mayonnaise": the second part belongs to the amount.
            if index < tokens.count, tokens[index].isWord(["plus"]), let (_, afterAmount) = amount(tokens, from: index + 1),
               let (_, afterUnit) = unitAt(tokens, afterAmount) {
                result.scalableAmounts.append(index + 1..<afterAmount)
                mark(index..<afterUnit, .quantity)
                index = afterUnit
            }
            if index < tokens.count, tokens[index].isWord(["of"]) { index += 1 }
        } else if result.quantity != nil {
            // "1 (12 oz.) stir-fry vegetables": a measure in brackets after a bare count is the
            // size of each thing counted, like a can's; it stays when the count is doubled.
            let isEachItem = index < tokens.count && tokens[index].text == "("
            var equivalents: [Range<Int>] = []
            let afterEquivalents = skipEquivalents(tokens, from: index, amounts: &equivalents)
            if isEachItem, afterEquivalents > index {
                result.itemSize = index..<afterEquivalents
            } else {
                result.scalableAmounts += equivalents
            }
            mark(index..<afterEquivalents, .quantity)
            index = afterEquivalents
        }
        while index < tokens.count, tokens[index].kind == .word, sizes.contains(tokens[index].lower) {
            mark(index..<index + 1, .size)
            index += 1
        }
        // A bracket before the name ("(about 4 cups) coconut") is comment.
        if index < tokens.count, tokens[index].text == "(", let close = tokens[index...].firstIndex(where: { $0.text == ")" }), close + 1 < tokens.count {
            index = close + 1
        }
        guard index < tokens.count else { return result }
        markName(tokens, line, from: index, before: tokens.count, into: &result)
        return result
    }

    /// Marks the name that starts at `index`: up to the first comma, bracket or comment word,
    /// without leading and trailing preparation words; a unit written after it ("2 garlic
    /// cloves") becomes the unit when there is none yet.
    static func markName(_ tokens: [IngredientToken], _ line: ScalarLine, from index: Int, before limit: Int, into result: inout IngredientRuleAnalysis) {
        func mark(_ range: Range<Int>, _ label: IngredientLabel) { result.mark(range, label, tokens) }
        guard index < limit else { return }
        let nameEnd = min(endOfName(tokens, from: index, line), limit)
        // Leading and trailing preparation words leave the name.
        var first = index
        while first < nameEnd, tokens[first].kind == .word, preparationWords.contains(tokens[first].lower) || tokens[first].lower == "and" && first > index {
            first += 1
        }
        if first < nameEnd, first > index, tokens[first].isWord(["and"]) { first += 1 }
        if first >= nameEnd { first = index }
        if tokens[first].lower == "of", first + 1 < nameEnd { first += 1 }
        var last = nameEnd - 1
        while last > first, tokens[last].kind == .punctuation && !tokens[last].isPunctuation([")", "."]) || (tokens[last].kind == .word && ["optional", "divided"].contains(tokens[last].lower)) {
            last -= 1
        }
        // "2 garlic cloves": a unit written after the name.
        if result.unit == nil, last > first, tokens[last].kind == .word, let unit = UnitVocabulary.canonical(tokens[last].text),
           UnitVocabulary.trailingUnits.contains(unit), tokens[last - 1].kind == .word {
            result.unit = unit
            result.unitTokens = last..<last + 1
            mark(last..<last + 1, .unit)
            last -= 1
        }
        if first <= last { mark(first..<last + 1, .name) }
    }

    /// The name runs to the first comma, bracket or semicolon, or to words that start a comment.
    static func endOfName(_ tokens: [IngredientToken], from index: Int, _ line: ScalarLine) -> Int {
        var end = index
        var depth = 0
        while end < tokens.count {
            let token = tokens[end]
            if token.kind == .punctuation {
                if token.text == "(" || token.text == "[" { if end > index { return end }; depth += 1 }
                if token.text == ")" || token.text == "]" { depth = max(0, depth - 1) }
                if depth == 0, token.text == "," || token.text == ";" || token.text == ":" && end > index { return end }
                if token.text == "-" || token.text == "–" || token.text == "—", end > index,
                   token.start > 0, line.scalars[token.start - 1] == " " { return end }
            }
            if token.kind == .word, end > index, ["for", "plus", "such"].contains(token.lower) { return end }
            // "salt or to taste", "cheddar or 1 cup colby": an alternative amount ends the name.
            if token.kind == .word, end > index, token.lower == "or", let next = tokens[safe: end + 1],
               next.kind == .number || next.isWord(["to", "use", "other"]) { return end }
            if token.kind == .word, end > index + 1, token.lower == "to", end + 1 < tokens.count, tokens[end + 1].isWord(["taste", "serve", "garnish"]) { return end }
            end += 1
        }
        return end
    }

    // MARK: - Amounts

    /// A number, a mixed number (`1 1/2`, `1-1/2`, `1 ½`) or a range (`2-3`, `2 to 3`, `2 or 3`).
    static func amount(_ tokens: [IngredientToken], from start: Int, allowWords: Bool = false) -> (Amount, Int)? {
        guard let (low, afterLow) = number(tokens, from: start, allowWords: allowWords) else { return nil }
        if afterLow + 1 < tokens.count, rangeWords.contains(tokens[afterLow].lower),
           let (high, afterHigh) = number(tokens, from: afterLow + 1, allowWords: allowWords), high > low {
            // "2 or 3" is a range only when a number follows; "1 to 2" likewise.
            return (Amount(low, upper: high), afterHigh)
        }
        return (Amount(low), afterLow)
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
        // Mixed numbers: a whole number in digits followed by a fraction below one ("Six 1/8-inch
        // slices" is six slices).
        if token.kind == .number, value == value.rounded(), index < tokens.count {
            if tokens[index].kind == .number, let fraction = tokens[index].value, fraction < 1, fraction > 0, isFraction(tokens[index]) {
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

    static func isFraction(_ token: IngredientToken) -> Bool {
        token.text.unicodeScalars.contains { $0 == "/" || $0 == "⁄" || NumberWords.vulgarFraction($0) != nil }
    }

    // MARK: - Units

    /// The longest unit phrase starting at `index` (`fl oz`, `fl. oz.`, `tablespoons`), with a
    /// trailing abbreviation dot skipped.
    static func unitAt(_ tokens: [IngredientToken], _ index: Int) -> (String, Int)? {
        guard index < tokens.count, tokens[index].kind == .word else { return nil }
        let first = tokens[index]
        guard first.text == "T" || first.text == "t" || UnitVocabulary.firstWords.contains(first.lower) else { return nil }
        var best: (String, Int)?
        if let unit = UnitVocabulary.canonical(first.text, lower: first.lower) { best = (unit, index + 1) }
        // Longer phrases, allowing dots between the words ("fl. oz."), only for the few first
        // words that start one.
        if UnitVocabulary.phraseStarts.contains(first.lower) {
            var phrase = first.lower
            var cursor = index + 1
            var words = 1
            while cursor < tokens.count, words <= UnitVocabulary.longestPhrase {
                let token = tokens[cursor]
                if token.kind == .word {
                    phrase += (phrase.hasSuffix(".") ? "" : " ") + token.lower
                    words += 1
                } else if token.text == "." {
                    phrase += "."
                } else {
                    break
                }
                cursor += 1
                let spaced = phrase.replacingOccurrences(of: ".", with: ". ").replacingOccurrences(of: "  ", with: " ").trimmingCharacters(in: .whitespaces)
                for candidate in [phrase, spaced, phrase.replacingOccurrences(of: ".", with: "")] {
                    if let unit = UnitVocabulary.table[candidate] {
                        best = (unit, cursor)
                        break
                    }
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
            if let (unit, _) = unitAt(tokens, after), UnitVocabulary.containers.contains(unit) { return close + 1 }
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
        guard sawNumber, let (_, afterUnit) = unitAt(tokens, index) else { return start }
        var afterSize = afterUnit
        while afterSize < tokens.count, tokens[afterSize].isPunctuation(["-"]) { afterSize += 1 }
        if let (container, _) = unitAt(tokens, afterSize), UnitVocabulary.containers.contains(container) { return afterSize }
        // "4 6-ounce beef filets": a hyphenated weight of each item describes it; the name follows.
        if index > start, tokens[index - 1].text == "-", afterUnit < tokens.count, tokens[afterUnit].kind == .word { return afterUnit }
        return start
    }

    /// `(240 ml)`, `/6oz`, `/1/2oz` right after the unit: the same amount in other units. Their
    /// amounts are added to `amounts`.
    static func skipEquivalents(_ tokens: [IngredientToken], from start: Int, amounts: inout [Range<Int>]) -> Int {
        var index = start
        if index < tokens.count, tokens[index].text == "/", let (_, afterAmount) = amount(tokens, from: index + 1) {
            if let (_, afterUnit) = unitAt(tokens, afterAmount) {
                amounts.append(index + 1..<afterAmount)
                index = afterUnit
                // "1lb 2oz": a second part of the same measure.
                if let (_, a2) = amount(tokens, from: index), let (_, u2) = unitAt(tokens, a2) {
                    amounts.append(index..<a2)
                    index = u2
                }
            }
        } else if let (_, afterAmount) = amount(tokens, from: index), let (_, afterUnit) = unitAt(tokens, afterAmount),
                  afterAmount < tokens.count, ["oz", "ounce", "ounces", "g"].contains(tokens[afterAmount].lower) {
            // "1lb 2oz" written as two parts of one weight.
            amounts.append(index..<afterAmount)
            index = afterUnit
        }
        if index < tokens.count, tokens[index].text == "(", let close = tokens[index...].firstIndex(where: { $0.text == ")" }),
           let (_, afterAmount) = amount(tokens, from: index + 1), let (_, afterUnit) = unitAt(tokens, afterAmount), afterUnit == close {
            amounts.append(index + 1..<afterAmount)
            index = close + 1
        }
        return index
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        index >= 0 && index < count ? self[index] : nil
    }
}

/// What each token of an ingredient line is. The rules give a first answer; the tagger
/// (`IngredientTagger`) reads it as a feature and gives the final one.
public enum IngredientLabel: UInt8, CaseIterable, Sendable {
    /// Part of the first amount (`1`, `1/2`, `to`, `3`) or of an equivalent measure written with
    /// it (`/6oz`, `(240 ml)`, `plus 1 tsp`). Only the rules assign it; it is never comment.
    case quantity
    /// The measure of the amount (`cup`, `g`, `tbsp`).
    case unit
    /// How big the things counted are (`large`, `small`).
    case size
    /// What the ingredient is (`onion`, `plain flour`).
    case name
    /// Everything said about it besides (`finely chopped`, `to taste`).
    case comment
    /// Punctuation outside the name.
    case other

    /// The labels the tagger chooses between; `quantity` is fixed by the rules.
    static let tagged: [IngredientLabel] = [.unit, .size, .name, .comment, .other]
}

/// The rules' reading of a line: the first amount and its unit (the parts rules get right
/// almost always) and a label for every token.
package struct IngredientRuleAnalysis {
    var quantity: Amount?
    var unit: String?
    /// Token range of the unit phrase the rules found.
    var unitTokens: Range<Int>?
    package var labels: [IngredientLabel]
    /// Token ranges of the amounts that scale with the recipe: the first amount, then the
    /// equivalent measures and "plus" parts written with it. Not the size of each item
    /// ("2 x 400g tins", "1 (14 oz) can"), which does not change when the recipe is doubled.
    var scalableAmounts: [Range<Int>] = []
    /// The place in `scalableAmounts` of a "plus" part (`1 teaspoon` in `1 tablespoon + 1
    /// teaspoon`): more of the same thing, to add, where the other amounts say the same again.
    var plusAmount: Int?
    /// End (exclusive) of the unit and the equivalent measures after it: what a unit conversion
    /// rewrites together with the unit.
    var measureEnd: Int?
    /// End (exclusive) of the "plus" part and the measures of the whole written after it
    /// (`plus 1 tablespoon / 235 g` in `1 cup plus 1 tablespoon / 235 g olive oil`).
    var plusEnd: Int?
    /// The size of each counted item, written between the count and the unit or name: `(14 oz)`
    /// in `1 (14 oz) can`, `400g` in `2 x 400g tins`, `(12 oz.)` in `1 (12 oz.) stir-fry
    /// vegetables`. It does not scale, and a shopping list keeps it with the count.
    var itemSize: Range<Int>?

    /// Words of the measure that are neither comment nor name, though the tagger reads them as
    /// comment ("a pinch of", "cucharada de"): one bit per token position (the first 64).
    var silent: UInt64 = 0

    mutating func silence(_ position: Int) {
        if position < 64 { silent |= 1 << UInt64(position) }
    }

    func isSilent(_ position: Int) -> Bool {
        position < 64 && silent & (1 << UInt64(position)) != 0
    }

    /// Labels a token range; punctuation outside the name is `other`.
    mutating func mark(_ range: Range<Int>, _ label: IngredientLabel, _ tokens: [IngredientToken]) {
        for position in range where position < tokens.count {
            labels[position] = tokens[position].kind == .punctuation && label != .name ? .other : label
        }
    }
}

/// Hand-written rules for amounts, units, sizes and the usual shape "amount unit name, comment",
/// in English and in the languages of `IngredientWords`. Word lists are read through each
/// token's `WordInfo` (one lexicon lookup per token), never by hashing a word again.
package enum IngredientRules {
    /// Words between the two ends of a range ("2-3", "2 to 3", "450 à 500", "2 o 3", "2 bis 3").
    static let rangeWords: Set<String> = ["to", "or", "à", "a", "bis", "tot", "til", "till", "do", "ou", "o", "oder", "eller", "lub"]
    /// Words for "or" that start an alternative ("cheddar or 1 cup colby", "gist of 7 g").
    static let alternativeWords: Set<String> = ["or", "ou", "o", "oder", "of", "eller", "lub", "eventuelt"]

    package static func analyze(_ tokens: [IngredientToken], _ line: ScalarLine) -> IngredientRuleAnalysis {
        var result = IngredientRuleAnalysis(labels: tokens.map { $0.kind == .punctuation ? .other : .comment })
        guard !tokens.isEmpty else { return result }
        func mark(_ range: Range<Int>, _ label: IngredientLabel) { result.mark(range, label, tokens) }
        var index = 0

        // "Juice of 2 limes", "Saft von 1 ½ Limetten", "pitjes van 1 granaatappel": the lead-in is
        // comment, the rest an ingredient.
        if tokens.count > 2, tokens[0].kind == .word, tokens[1].has(.leadConnector),
           tokens[2].kind == .number || tokens[2].has(.numberWord) {
            index = 2
        }
        // Words like "about", "a good", "ca." before the amount; "a pinch" and "an 8-ounce" are
        // part of the amount.
        var lead = index
        while lead < tokens.count, tokens[lead].kind == .word && tokens[lead].has([.approximation, .article]) || tokens[lead].isMark(".") && lead > index {
            lead += 1
        }
        if lead > index, lead < tokens.count, tokens[lead].kind == .number || unitAt(tokens, lead) != nil {
            for position in index..<lead where tokens[position].has(.article) { result.silence(position) }
            index = lead
        }

        // "Whiskey, 1½ teaspoons", "Sel fin : 8 pincée(s)", "Latte intero 200 ml": the first amount
        // comes later.
        if amount(tokens, from: index, allowWords: true) == nil, let late = lateAmount(tokens, from: index) {
            let (lateAmount, afterAmount, afterMeasure, equivalents, _) = late
            // The name came first; the amount and unit close the line.
            result.quantity = lateAmount
            result.scalableAmounts.append(late.start..<afterAmount)
            mark(late.start..<afterAmount, .quantity)
            if let (unit, afterUnit) = unitAt(tokens, afterAmount) {
                result.unit = unit
                result.unitTokens = afterAmount..<afterUnit
                result.measureEnd = afterMeasure
                result.scalableAmounts += equivalents
                mark(afterUnit..<afterMeasure, .quantity)
                mark(afterAmount..<afterUnit, .unit)
            }
            markName(tokens, line, from: index, before: late.start, into: &result)
            return result
        }
        if amount(tokens, from: index, allowWords: true) == nil, let first = tokens[index...].firstIndex(where: { $0.kind == .number && $0.value != nil }),
           amount(tokens, from: first) != nil, !startsAsNeeded(tokens, index) {
            return analyzeAmount(tokens, line, from: first, into: result)
        }
        return analyzeAmount(tokens, line, from: index, into: result)
    }

    /// The first later amount whose measure ends the line or a part of it (`, `, `(`, `;`).
    static func lateAmount(_ tokens: [IngredientToken], from start: Int) -> (Amount, Int, Int, [Range<Int>], start: Int)? {
        var position = start
        while let late = tokens[position...].firstIndex(where: { $0.kind == .number && $0.value != nil }) {
            position = late + 1
            guard late > start, let (value, afterAmount) = amount(tokens, from: late) else { continue }
            var afterMeasure = afterAmount
            var equivalents: [Range<Int>] = []
            let unit = unitAt(tokens, afterMeasure)
            if let (_, afterUnit) = unit { afterMeasure = skipEquivalents(tokens, from: afterUnit, amounts: &equivalents) }
            // A number without a unit is a count only at the very end ("Tuorli 3", but not
            // "Weizenmehl 405, zum Bearbeiten").
            if afterMeasure >= tokens.count || tokens[afterMeasure].isMark("(") || unit != nil && tokens[afterMeasure].isPunctuation([")", ",", ";", "."]) {
                return (value, afterAmount, afterMeasure, equivalents, start: late)
            }
        }
        return nil
    }

    /// The usual shape: amount, unit, name, comment, starting at `start`: the rules of
    /// `amountRules` in turn (`IngredientAmountRules.swift`), then the name.
    static func analyzeAmount(_ tokens: [IngredientToken], _ line: ScalarLine, from start: Int, into analysis: IngredientRuleAnalysis) -> IngredientRuleAnalysis {
        var reading = AmountReading(tokens, line, from: start, into: analysis)
        for rule in amountRules { rule.apply(&reading) }
        guard reading.index < tokens.count else { return reading.result }
        markName(tokens, line, from: reading.index, before: tokens.count, into: &reading.result)
        return reading.result
    }

    /// Marks the name that starts at `index`: up to the first comma, bracket or comment word,
    /// without leading and trailing preparation words; a unit written after it ("2 garlic
    /// cloves") becomes the unit when there is none yet.
    static func markName(_ tokens: [IngredientToken], _ line: ScalarLine, from index: Int, before limit: Int, into result: inout IngredientRuleAnalysis) {
        func mark(_ range: Range<Int>, _ label: IngredientLabel) { result.mark(range, label, tokens) }
        guard index < limit else { return }
        var start = index
        // "etwas Mehl", "qq brins", "alternativ: Kochsahne", "Je 1 Handvoll": vague words lead in.
        // Short words only in lower case: "O Organics" is a brand, "o" is Spanish "or".
        while start < limit, tokens[start].kind == .word ? tokens[start].has(.vagueLead) && (tokens[start].length > 2 || tokens[start].lowercase)
                : tokens[start].isPunctuation([".", ":"]) {
            start += 1
        }
        if start >= limit { start = index }
        let nameEnd = min(endOfName(tokens, from: start, line), limit)
        // Leading and trailing preparation words leave the name.
        var first = start
        while first < nameEnd, tokens[first].kind == .word && (tokens[first].has(.preparation) || tokens[first].has(.and) && first > start)
            || tokens[first].isMark(",") && first > start {
            first += 1
        }
        if first < nameEnd, first > start, tokens[first].has(.and) { first += 1 }
        if first >= nameEnd { first = start }
        if isConnector(tokens[first]), first + 1 < nameEnd { first += 1 }
        var last = nameEnd - 1
        while last > first, tokens[last].kind == .punctuation && !tokens[last].isPunctuation([")", "."]) || tokens[last].has(.trailingNote) {
            last -= 1
        }
        // "2 oignons moyens", "1 limão grande": a size written after the name.
        while last > first, tokens[last].has(.size) {
            mark(last..<last + 1, .size)
            last -= 1
        }
        // "2 garlic cloves": a unit written after the name.
        if result.unit == nil, last > first, tokens[last].kind == .word, tokens[last].info.unit != 0,
           case let unit = UnitVocabulary.units[Int(tokens[last].info.unit) - 1], UnitVocabulary.trailingUnits.contains(unit), tokens[last - 1].kind == .word {
            result.unit = unit
            result.unitTokens = last..<last + 1
            mark(last..<last + 1, .unit)
            last -= 1
        }
        if first <= last { mark(first..<last + 1, .name) }
    }

    /// The name runs to the first comma, bracket or semicolon, or to words that start a comment:
    /// a purpose ("for", "zum"), "to taste" in any language, a preparation written after the
    /// name ("queso rallado", "oignons hachés").
    static func endOfName(_ tokens: [IngredientToken], from index: Int, _ line: ScalarLine) -> Int {
        var end = index
        var depth = 0
        while end < tokens.count {
            let token = tokens[end]
            if token.kind == .punctuation {
                if token.isMark("(") || token.isMark("[") { if end > index { return end }; depth += 1 }
                if token.isMark(")") || token.isMark("]") { depth = max(0, depth - 1) }
                // "grob gehackte, geröstete Haselnüsse": a comma between words before the noun.
                if depth == 0, token.isMark(","), end > index, tokens[index..<end].allSatisfy({ $0.kind == .word ? $0.has([.preparation, .and]) : $0.isMark(",") }) {
                    end += 1
                    continue
                }
                // "bourbon, rye, scotch, or brandy", "arrowroot, cornflour or cocoa": a list of
                // alternatives is one name.
                if depth == 0, token.isMark(","), end > index, let listEnd = endOfList(tokens, comma: end) { return listEnd }
                if depth == 0, token.isMark(",") || token.isMark(";") || token.isMark(":") && end > index { return end }
                if token.isPunctuation(["-", "–", "—"]), end > index,
                   token.start > 0, line.scalars[token.start - 1] == " " { return end }
            } else if token.kind == .word, end > index, endsNameHere(tokens, at: end, nameStart: index) {
                return end
            }
            end += 1
        }
        return end
    }

    /// The end of a list of alternatives that continues a name after the comma at `comma`: short
    /// items without amounts, preparation or comments, the last one joined by "or" or "and"
    /// ("X, Y, or Z"; "X, Y, Z or W"). Nil when the comma ends the name.
    static func endOfList(_ tokens: [IngredientToken], comma: Int) -> Int? {
        var position = comma + 1
        var items = 1
        var joined = false
        while position < tokens.count {
            // One item: up to the next comma.
            var words = 0
            var itemJoined = false
            while position < tokens.count, !tokens[position].isMark(",") {
                let token = tokens[position]
                // English participles ("scaled", "gutted") and "any other", "a combination" say
                // how, not what.
                guard token.kind == .word, !token.has([.preparation, .participle, .commentStart]), !startsAsNeeded(tokens, position),
                      !(token.lowercase && token.lower.hasSuffix("ed")), !["any", "other", "combination", "mixture", "more"].contains(token.lower) else { return nil }
                if token.has([.or, .alternative]) || token.has(.and) && token.lower != "en" {
                    // "or Z" at the start of the last item, or "Y or Z" inside it.
                    guard !joined, position + 1 < tokens.count, tokens[position + 1].kind == .word else { return nil }
                    itemJoined = true
                } else {
                    words += 1
                }
                position += 1
            }
            guard words >= 1, words <= 4 else { return nil }
            items += 1
            if itemJoined {
                joined = true
                // Two commas at least: after one, "X, Y and Z" is mostly a comment ("lemons,
                // zest and juice", "scallions, white and green parts").
                guard items >= 3 else { return nil }
                return position
            }
            position += 1
        }
        return nil
    }

    /// Whether the word at `position`, inside a name that began at `nameStart`, starts a comment.
    static func endsNameHere(_ tokens: [IngredientToken], at position: Int, nameStart: Int) -> Bool {
        let token = tokens[position]
        if token.has(.commentStart) { return true }
        let next = position + 1 < tokens.count ? tokens[position + 1] : nil
        // "para acompanhar", "pour servir", "per guarnire": a purpose, not "masa para tortillas".
        if token.has(.purposePreposition), let next, isInfinitive(next.lower) { return true }
        // "salt or to taste", "cheddar or 1 cup colby", "levain ou 1 g de levure", "caldo o
        // cucharadita de", "azúcar o al gusto": an alternative amount ends the name.
        if token.has(.alternative), let next,
           next.kind == .number || next.has(.alternativeLead) || startsAsNeeded(tokens, position + 1)
            || unitAt(tokens, position + 1).map({ $0.1 < tokens.count && isConnector(tokens[$0.1]) }) == true { return true }
        if startsAsNeeded(tokens, position) || token.has(.commentPhraseStart) && phraseEnd(IngredientWords.commentPhrases, tokens, position) != nil { return true }
        // "yogur natural de 125 gr", "pesce spada di circa 200 g", "à je 25 g": the size of each.
        if isConnector(token) || token.lower == "à" {
            var after = position + 1
            while after < tokens.count, tokens[after].kind == .word, tokens[after].has([.approximation, .each]) { after += 1 }
            if after < tokens.count, tokens[after].kind == .number { return true }
        }
        // "cebolla en cuartos", "peito de frango em cubos", "in dunne plakjes".
        if token.has(.cutPreposition), let next, next.kind == .word,
           next.has(.cutPiece) || position + 2 < tokens.count && tokens[position + 2].has(.cutPiece) {
            return true
        }
        // "batata p/ fritar": `p/` is Portuguese "para".
        if token.length == 1, token.lower == "p", next?.isMark("/") == true { return true }
        if token.has(.to), position > nameStart + 1, next?.has(.servePurpose) == true { return true }
        // A preparation written in lower case after the name has begun ("queso rallado"; but
        // "TACO BELL® Thick & Chunky" is a name, "geriebener Käse" a German adjective).
        if token.lowercase, token.has(.participle) || token.has(.preparation) && !token.has(.prenominal),
           tokens[nameStart..<position].contains(where: { $0.kind == .word && !$0.has([.preparation, .and]) && !isConnector($0) }),
           endsDescription(tokens, after: position) { return true }
        return false
    }

    /// Whether a Romance word looks like an infinitive (`fritar`, `servir`, `saupoudrer`, `guarnire`).
    static func isInfinitive(_ word: String) -> Bool {
        word.utf8.count > 4 && (word.hasSuffix("ar") || word.hasSuffix("er") || word.hasSuffix("ir") || word.hasSuffix("re"))
    }

    /// A connector written in lower case ("de", "d'", "di", "van"; "Del Monte" is a name).
    @inline(__always) static func isConnector(_ token: IngredientToken) -> Bool {
        token.has(.connector) && token.lowercase
    }

    /// Whether a phrase for "to taste" or "as needed" starts at `index` ("a gosto", "q.b.").
    @inline(__always) static func startsAsNeeded(_ tokens: [IngredientToken], _ index: Int) -> Bool {
        asNeededEnd(tokens, index) != nil
    }

    /// The end of a "to taste" phrase starting at `index`, dots between its words skipped.
    static func asNeededEnd(_ tokens: [IngredientToken], _ index: Int) -> Int? {
        guard index < tokens.count, tokens[index].has(.asNeededStart) else { return nil }
        return phraseEnd(IngredientWords.asNeeded, tokens, index)
    }

    /// The end of one of `phrases` starting at `index`, dots between its words skipped.
    static func phraseEnd(_ phrases: [[String]], _ tokens: [IngredientToken], _ index: Int) -> Int? {
        guard index < tokens.count, tokens[index].kind == .word else { return nil }
        let first = tokens[index].lower
        phrases: for phrase in phrases where phrase[0] == first {
            var cursor = index + 1
            for word in phrase.dropFirst() {
                while cursor < tokens.count, tokens[cursor].isMark(".") { cursor += 1 }
                guard cursor < tokens.count, tokens[cursor].lower == word else { continue phrases }
                cursor += 1
            }
            if cursor < tokens.count, tokens[cursor].isMark(".") { cursor += 1 }
            return cursor
        }
        return nil
    }

    /// A preparation participle after the name ends it when what follows is more of the same:
    /// nothing, another participle, or a phrase saying how ("y en trozos", "para espolvorear").
    static func endsDescription(_ tokens: [IngredientToken], after position: Int) -> Bool {
        guard position + 1 < tokens.count else { return true }
        let next = tokens[position + 1]
        if next.kind == .punctuation { return !next.isPunctuation(["-", "'", "’"]) }
        return next.has([.participle, .preparation, .descriptionJoiner, .commentStart]) || startsAsNeeded(tokens, position + 1)
    }

    // MARK: - Amounts

    /// A number, a mixed number (`1 1/2`, `1-1/2`, `1 ½`) or a range (`2-3`, `2 to 3`, `2 or 3`).
    static func amount(_ tokens: [IngredientToken], from start: Int, allowWords: Bool = false) -> (Amount, Int)? {
        guard let (low, afterLow) = number(tokens, from: start, allowWords: allowWords) else { return nil }
        if afterLow + 1 < tokens.count, tokens[afterLow].has(.rangeWord) || tokens[afterLow].isPunctuation(["-", "–", "—", "/"]),
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
        } else if allowWords, token.kind == .word, !token.has(.article), token.has([.numberWord, .oneArticle]) {
            value = token.has(.numberWord) ? token.info.value : 1
        } else {
            return nil
        }
        var index = start + 1
        guard index < tokens.count else { return (value, index) }
        let next = tokens[index]
        // "une vingtaine d'olives": a counting noun multiplies.
        if next.has(.roundCount) { return (value * next.info.value, index + 1) }
        // "1 i 1/2", "1 e meia", "1 and 1/2": a whole number, a word for "and", a fraction.
        if token.kind == .number, value == value.rounded(), index + 1 < tokens.count, next.has(.fractionJoiner) {
            let after = tokens[index + 1]
            if after.kind == .number, let fraction = after.value, fraction > 0, fraction < 1, isFraction(after) {
                return (value + fraction, index + 2)
            }
            if after.has(.numberWord), after.info.value == 0.5 {
                return (value + 0.5, index + 2)
            }
        }
        // Mixed numbers: a whole number in digits followed by a fraction below one ("Six 1/8-inch
        // slices" is six slices).
        if token.kind == .number, value == value.rounded() {
            if next.kind == .number, let fraction = next.value, fraction < 1, fraction > 0, isFraction(next) {
                value += fraction
                index += 1
            } else if next.isMark("-"), index + 1 < tokens.count, tokens[index + 1].kind == .number,
                      let fraction = tokens[index + 1].value, fraction < 1, tokens[index + 1].isFraction {
                value += fraction
                index += 2
            }
        }
        return (value, index)
    }

    static func isFraction(_ token: IngredientToken) -> Bool { token.isFraction }

    // MARK: - Units

    /// The longest unit phrase starting at `index` (`fl oz`, `fl. oz.`, `c. à soupe`,
    /// `colher (sopa)`, `tablespoons`), with a trailing abbreviation dot skipped.
    package static func unitAt(_ tokens: [IngredientToken], _ index: Int) -> (String, Int)? {
        guard index < tokens.count else { return nil }
        let first = tokens[index]
        guard first.kind == .word, first.info.unit != 0 || first.has(.unitStart) else { return nil }
        var best: (String, Int)?
        if first.info.unit != 0 { best = (UnitVocabulary.units[Int(first.info.unit) - 1], index + 1) }
        // Longer phrases, words only: dots between the words ("fl. oz.") and a bracketed word
        // ("colher (sopa)") are part of the phrase. Only for the few first words that start one.
        if first.has(.phraseStart) {
            var phrase = first.lower
            var cursor = index + 1
            var words = 1
            var open = false
            while cursor < tokens.count, words < UnitVocabulary.longestPhrase {
                let token = tokens[cursor]
                cursor += 1
                if token.kind == .word {
                    phrase += " " + token.lower
                    words += 1
                    if let unit = UnitVocabulary.phrases[phrase] {
                        var end = cursor
                        if open, end < tokens.count, tokens[end].isMark(")") { end += 1 }
                        best = (unit, end)
                    }
                } else if token.isMark(".") {
                    continue
                } else if token.isMark("("), !open {
                    open = true
                } else {
                    break
                }
            }
        }
        guard let (unit, found) = best else { return nil }
        var next = found
        if next < tokens.count, tokens[next].isMark("."), tokens[next - 1].kind == .word, tokens[next - 1].length <= 4 { next += 1 }
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
        if tokens[start].isMark("("), let close = tokens[start...].firstIndex(where: { $0.isMark(")") }) {
            var after = close + 1
            while after < tokens.count, tokens[after].has(.size) { after += 1 }
            if let (unit, _) = unitAt(tokens, after), UnitVocabulary.containers.contains(unit) { return close + 1 }
            // "2 whole chicken legs (1½ to 2 pounds)" keeps its bracket as comment, later.
            return start
        }
        // "15- to 16-ounce box": numbers, dashes and one unit, then a container.
        var index = start
        var sawNumber = false
        while index < tokens.count, tokens[index].kind == .number || tokens[index].isPunctuation(["-", "–"]) || tokens[index].has(.to) {
            sawNumber = sawNumber || tokens[index].kind == .number
            index += 1
        }
        guard sawNumber, let (_, afterUnit) = unitAt(tokens, index) else { return start }
        var afterSize = afterUnit
        while afterSize < tokens.count, tokens[afterSize].isMark("-") { afterSize += 1 }
        if let (container, _) = unitAt(tokens, afterSize), UnitVocabulary.containers.contains(container) { return afterSize }
        // "4 6-ounce beef filets": a hyphenated weight of each item describes it; the name follows.
        if index > start, tokens[index - 1].isMark("-"), afterUnit < tokens.count, tokens[afterUnit].kind == .word { return afterUnit }
        return start
    }

    /// `(240 ml)`, `/6oz`, `/1/2oz` right after the unit: the same amount in other units. Their
    /// amounts are added to `amounts`.
    static func skipEquivalents(_ tokens: [IngredientToken], from start: Int, amounts: inout [Range<Int>]) -> Int {
        var index = start
        guard index < tokens.count else { return index }
        if tokens[index].isMark("/"), let (_, afterAmount) = amount(tokens, from: index + 1) {
            if let (_, afterUnit) = unitAt(tokens, afterAmount) {
                amounts.append(index + 1..<afterAmount)
                index = afterUnit
                // "1lb 2oz": a second part of the same measure.
                if let (_, a2) = amount(tokens, from: index), let (_, u2) = unitAt(tokens, a2) {
                    amounts.append(index..<a2)
                    index = u2
                }
            }
        } else if tokens[index].kind == .number, let (_, afterAmount) = amount(tokens, from: index), let (_, afterUnit) = unitAt(tokens, afterAmount),
                  ["oz", "ounce", "ounces", "g"].contains(tokens[afterAmount].lower) {
            // "1lb 2oz" written as two parts of one weight.
            amounts.append(index..<afterAmount)
            index = afterUnit
        }
        if index < tokens.count, tokens[index].isMark("("), let (_, afterAmount) = amount(tokens, from: index + 1) {
            // "(6-ounce)": a hyphen may join the amount to its unit.
            let unitStart = afterAmount < tokens.count && tokens[afterAmount].isMark("-") ? afterAmount + 1 : afterAmount
            if let (_, afterUnit) = unitAt(tokens, unitStart) {
                let close = tokens[index...].firstIndex(where: { $0.isMark(")") })
                if afterUnit == close {
                    amounts.append(index + 1..<afterAmount)
                    index = afterUnit + 1
                } else if close == nil, afterUnit < tokens.count, tokens[afterUnit].kind == .word {
                    // "4 (6 to 8-ounce skinless halibut fillets": a bracket the source never
                    // closed holds the measure alone; the name follows it.
                    amounts.append(index + 1..<afterAmount)
                    index = afterUnit
                }
            }
        }
        return index
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        index >= 0 && index < count ? self[index] : nil
    }
}

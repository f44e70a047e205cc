import Foundation

/// What the ingredient parser understood of one line.
public struct ParsedIngredient: Equatable, Sendable {
    /// The first amount of the line, a range when it is one.
    public var quantity: Amount?
    /// Canonical unit (`cup`, `tablespoon`, `gram`).
    public var unit: String?
    /// What to buy, spelled as in the line.
    public var name: String?
    /// Preparation, notes and everything else that is neither amount, size nor name, in order.
    public var comment: String?
    /// Size words (`large`, `small`) written before the name, kept apart from name and unit.
    public var size: String?
    /// The size of each thing counted, as written without its brackets (`14 oz` of
    /// `1 (14 oz) can tomatoes`, `6-ounce` of `2 (6-ounce) fillets`); its place is
    /// `layout.itemSize`.
    public var countedSize: String?
    /// Where the amounts and the unit are written in the line, so that scaling and unit
    /// conversion can rewrite just those parts. Nil when the line has no amount.
    public var layout: IngredientLayout?

    /// What an `Ingredient` keeps as its preparation: the size, the size of each thing
    /// counted, then the comment (`large, beaten` of `2 large eggs, beaten`; `14 oz` of
    /// `1 (14 oz) can tomatoes`), so no word of the line is lost from the parsed fields (the
    /// model has no place for sizes of its own).
    public var preparation: String? {
        let parts = [size, countedSize, comment].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// A reading with the parts given (for tests and mappers that know them).
    public init(quantity: Amount? = nil, unit: String? = nil, name: String? = nil, comment: String? = nil, size: String? = nil) {
        self.quantity = quantity
        self.unit = unit
        self.name = name
        self.comment = comment
        self.size = size
    }
}

/// Unicode scalar offsets of the parts of an ingredient line that scaling and conversion rewrite.
public struct IngredientLayout: Equatable, Sendable {
    /// The first amount, then the equivalent measures and "plus" parts that scale with it.
    public var amounts: [Range<Int>]
    /// The unit written right after each amount, if any (canonical name).
    public var amountUnits: [String?] = []
    /// Where each of those units is written (`teaspoon` in `1 tablespoon + 1 teaspoon`), so that
    /// it can follow its new number too.
    public var amountUnitSpans: [Range<Int>?] = []
    /// Which of `amounts` is a "plus" part (`1 teaspoon` in `1 tablespoon + 1 teaspoon`), to be
    /// added to the first rather than read as the same amount again.
    public var plusAmount: Int?
    /// The first amount's unit as written.
    public var unit: Range<Int>?
    /// End of the unit and the equivalent measures that follow it (`1 cup (240 ml)`).
    public var measureEnd: Int?
    /// End of the "plus" part and the measures of the whole written after it
    /// (`1 cup plus 1 tablespoon / 235 g`): with `measureEnd`, what a conversion of the summed
    /// amount rewrites.
    public var plusEnd: Int?
    /// The size of each counted item (`(14 oz)` in `1 (14 oz) can tomatoes`), which does not scale.
    public var itemSize: Range<Int>?

    /// A layout of `amounts` and the unit's place.
    public init(amounts: [Range<Int>], unit: Range<Int>? = nil, measureEnd: Int? = nil) {
        self.amounts = amounts
        self.unit = unit
        self.measureEnd = measureEnd
    }
}

/// Parses ingredient lines: `"1 ½ cups all-purpose flour, sifted"` → 1.5 cup
/// "all-purpose flour", comment "sifted". Rules find the amount and unit and propose a label for
/// every token; the shipped tagger decides the labels; the parts are then cut from the original
/// text, so names keep their spelling. Pure and fast: it runs for every line Larder reads.
public enum IngredientParser {
    /// Parses one line with the shipped tagger.
    public static func parse(_ line: String) -> ParsedIngredient {
        parse(line, tagger: IngredientTagger.shipped)
    }

    /// Parses with a given tagger, or with the rules alone when `tagger` is nil.
    public static func parse(_ line: String, tagger: IngredientTagger?) -> ParsedIngredient {
        let scalars = ScalarLine(line)
        let tokens = IngredientTokenizer.tokenize(scalars)
        guard !tokens.isEmpty else { return ParsedIngredient() }
        let rules = IngredientRules.analyze(tokens, scalars)
        let labels = tagger?.tag(tokens, rules: rules) ?? rules.labels
        return assemble(tokens, labels: labels, rules: rules, line: scalars)
    }

    /// Turns token labels back into parts: the name runs from the first to the last name token, the first
    /// run of unit tokens the unit, and the comment runs are joined with ", ".
    static func assemble(_ tokens: [IngredientToken], labels: [IngredientLabel], rules: IngredientRuleAnalysis, line: ScalarLine) -> ParsedIngredient {
        var labels = labels
        endNameBeforeWhereItComesFrom(tokens, &labels, rules: rules)
        // A size word inside brackets or after the name belongs to the remark it is part of
        // ("(mild, medium, or hot)", "(about 2 large or 3 medium apples)"): taken out as the
        // size, it left a hole in the comment.
        let lastName = labels.lastIndex(of: .name)
        var depth = 0
        for position in tokens.indices {
            if tokens[position].isMark("(") || tokens[position].isMark("[") { depth += 1 }
            if tokens[position].isMark(")") || tokens[position].isMark("]") { depth = max(0, depth - 1) }
            if labels[position] == .size, depth > 0 || lastName.map({ position > $0 }) ?? false { labels[position] = .comment }
        }
        var result = ParsedIngredient(quantity: rules.quantity)
        if let start = labels.firstIndex(of: .unit) {
            if let ruleUnit = rules.unitTokens, ruleUnit.contains(start) {
                result.unit = rules.unit
            } else {
                result.unit = IngredientRules.unitAt(tokens, start)?.0
            }
        }
        if var start = labels.firstIndex(of: .name) {
            // A name the tagger split ("Roma (plum) tomatoes") is read from its first word to its last.
            var end = labels.lastIndex(of: .name) ?? start
            // `4 cups Of chicken stock`, capitalised as old exports write every word: the measure's
            // "of" opens no name, in any case.
            if start < end, tokens[start].kind == .word, tokens[start].lower == "of", start > 0 { start += 1 }
            // Trailing punctuation is not part of a name, except a closing bracket or dot.
            while end > start, tokens[end].kind == .punctuation, !tokens[end].isPunctuation([")", "."]) { end -= 1 }
            result.name = line.text(tokens[start].start, tokens[end].end)
        }
        let sizes = tokens.indices.filter { labels[$0] == .size }.map { line.text(tokens[$0].start, tokens[$0].end) }
        if !sizes.isEmpty { result.size = sizes.joined(separator: " ") }
        result.comment = comment(tokens, labels: labels, line: line, rules: rules)
        if !rules.scalableAmounts.isEmpty {
            func offsets(_ range: Range<Int>) -> Range<Int> { tokens[range.lowerBound].start..<tokens[range.upperBound - 1].end }
            var layout = IngredientLayout(amounts: rules.scalableAmounts.map(offsets))
            let units = rules.scalableAmounts.map { amount in IngredientRules.unitAt(tokens, amount.upperBound).map { (amount.upperBound, $0) } }
            layout.amountUnits = units.map { $0?.1.0 }
            layout.amountUnitSpans = units.map { found in found.map { offsets($0.0..<$0.1.1) } }
            layout.itemSize = rules.itemSize.map(offsets)
            if let span = layout.itemSize {
                let written = line.text(span.lowerBound, span.upperBound).trimmingCharacters(in: CharacterSet(charactersIn: "()[] "))
                if !written.isEmpty, !(result.comment ?? "").contains(written) { result.countedSize = written }
            }
            layout.plusAmount = rules.plusAmount
            // The unit's place is known when the final unit is the one the rules found.
            if let unitTokens = rules.unitTokens, result.unit == rules.unit, labels[unitTokens.lowerBound] == .unit {
                layout.unit = offsets(unitTokens)
                layout.measureEnd = tokens[(rules.measureEnd ?? unitTokens.upperBound) - 1].end
                layout.plusEnd = rules.plusEnd.map { tokens[$0 - 1].end }
            }
            result.layout = layout
        }
        return result
    }

    /// `12 no-boil lasagna noodles from one 8- or 9-ounce package`: after a line's amount and
    /// name, `from` and an amount say what the amount is taken from (a package, two lemons), not
    /// what the thing is; the name ends before it (the tagger, which learnt `capers from a jar`
    /// as a name, read "no-boil lasagna noodles from one"). A thing named by where it comes from
    /// without an amount of that (`oil from sun-dried tomatoes`, `juice from yellow pepper
    /// rings`) keeps its name, and so does a line whose name comes first (`Juice from 1 lemon`).
    static func endNameBeforeWhereItComesFrom(_ tokens: [IngredientToken], _ labels: inout [IngredientLabel], rules: IngredientRuleAnalysis) {
        guard let firstName = labels.firstIndex(of: .name), let amount = rules.scalableAmounts.first, amount.upperBound <= firstName else { return }
        for index in (firstName + 1)..<max(firstName + 1, tokens.count - 1) where tokens[index].lower == "from" && labels[index] == .name {
            let next = tokens[index + 1]
            let isAmount = next.kind == .number || next.lower != "a" && next.lower != "an" && NumberWords.words[next.lower] != nil
            guard isAmount, !labels[index...].contains(.quantity) else { return }
            for position in index..<tokens.count { labels[position] = .comment }
            return
        }
    }

    static func comment(_ tokens: [IngredientToken], labels: [IngredientLabel], line: ScalarLine, rules: IngredientRuleAnalysis) -> String? {
        var pieces: [String] = []
        var position = 0
        func isComment(_ position: Int) -> Bool { labels[position] == .comment && !rules.isSilent(position) }
        while position < tokens.count {
            guard isComment(position) else { position += 1; continue }
            var end = position
            // A run of comment words with the punctuation between them.
            while end + 1 < tokens.count, isComment(end + 1) || labels[end + 1] == .other && end + 2 < tokens.count && isComment(end + 2) {
                end += 1
            }
            var startOffset = tokens[position].start
            var endOffset = tokens[end].end
            // Keep brackets that open or close inside the piece balanced.
            if position > 0, tokens[position - 1].isMark("("), labels[position - 1] == .other { startOffset = tokens[position - 1].start }
            if end + 1 < tokens.count, tokens[end + 1].isMark(")"), labels[end + 1] == .other { endOffset = tokens[end + 1].end }
            let piece = balanced(line, startOffset, endOffset)
            if !piece.isEmpty { pieces.append(piece) }
            position = end + 1
        }
        return pieces.isEmpty ? nil : pieces.joined(separator: ", ")
    }

    /// The text from `start` to `end`, without a bracket that has no partner inside it
    /// ("(optional" → "optional") and without separators at either end. Works on the line's
    /// scalars, so that only the final piece is built as a string.
    static func balanced(_ line: ScalarLine, _ start: Int, _ end: Int) -> String {
        let scalars = line.scalars
        var start = start
        var end = end
        var opens = 0
        var closes = 0
        for position in start..<end {
            if scalars[position] == "(" { opens += 1 } else if scalars[position] == ")" { closes += 1 }
        }
        if opens > closes, start < end, scalars[start] == "(" { start += 1 }
        if closes > opens, start < end, scalars[end - 1] == ")" { end -= 1 }
        func isSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "," || scalar == ";" }
        while start < end, isSeparator(scalars[start]) { start += 1 }
        while end > start, isSeparator(scalars[end - 1]) { end -= 1 }
        return start < end ? line.text(start, end) : ""
    }
}

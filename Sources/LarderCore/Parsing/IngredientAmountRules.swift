/// The rules of the usual shape of a line — amount, unit, name, comment — each a named step over
/// an `AmountReading`, in the order `IngredientRules.amountRules` lists them. Each rule reads on
/// from where the one before stopped, says when it applies, and labels what it read; each has a
/// table of cases in `IngredientRuleTests`.
struct AmountRule: Sendable {
    let name: String
    let apply: @Sendable (inout AmountReading) -> Void
}

/// A line being read from its amount on: the tokens, the place reached, the unit found and the
/// analysis so far.
struct AmountReading {
    let tokens: [IngredientToken]
    let line: ScalarLine
    /// Where the amount begins.
    let start: Int
    var index: Int
    var result: IngredientRuleAnalysis
    /// The unit the `unit` rule found, which the rules after it read on from.
    var unit: String?

    init(_ tokens: [IngredientToken], _ line: ScalarLine, from start: Int, into analysis: IngredientRuleAnalysis) {
        self.tokens = tokens
        self.line = line
        self.start = start
        index = start
        result = analysis
    }

    mutating func mark(_ range: Range<Int>, _ label: IngredientLabel) { result.mark(range, label, tokens) }

    /// Whether the token at `index + offset` exists.
    func has(_ offset: Int = 0) -> Bool { index + offset < tokens.count }
}

extension IngredientRules {
    /// The rules of the usual shape, in order.
    static let amountRules: [AmountRule] = [
        .firstAmount, .asNeeded, .connectorBeforeUnit, .containerSize, .wordsBeforeUnit,
        .unit, .repeatedUnit, .equivalentMeasures, .plusPart, .levelWords, .connectorAfterUnit, .unitOfTheThing,
        .measureAfterCount, .sizeWords, .bracketBeforeName,
    ]
}

extension AmountRule {
    /// "2", "1 1/2", "2-3", and number words ("one onion", "half a lemon", "eine Handvoll") when
    /// no digits come first; "2 x 400g/14oz tins": the x-count is the quantity, the measure
    /// describes each item.
    static let firstAmount = AmountRule(name: "firstAmount") { reading in
        let tokens = reading.tokens
        if let (amount, next) = IngredientRules.amount(tokens, from: reading.index) {
            reading.result.quantity = amount
            reading.result.scalableAmounts.append(reading.index..<next)
            reading.mark(reading.index..<next, .quantity)
            reading.index = next
            if reading.has(), tokens[reading.index].has(.times) || tokens[reading.index].isMark("×") {
                let measures = IngredientRules.skipMeasures(tokens, from: reading.index + 1)
                reading.mark(reading.index..<measures, .quantity)
                if measures > reading.index + 1 { reading.result.itemSize = reading.index + 1..<measures }
                reading.index = measures
            }
        } else if let (spelledOut, next) = IngredientRules.amount(tokens, from: reading.index, allowWords: true) {
            reading.result.quantity = spelledOut
            reading.result.scalableAmounts.append(reading.index..<next)
            reading.mark(reading.index..<next, .quantity)
            reading.index = next
        }
    }

    /// "1 q.b. coentros", "un peu de sel": as much as needed, or a little, is the whole amount;
    /// the number means nothing.
    static let asNeeded = AmountRule(name: "asNeeded") { reading in
        guard reading.result.quantity != nil else { return }
        let tokens = reading.tokens
        if let end = IngredientRules.asNeededEnd(tokens, reading.index) ?? (reading.has() && tokens[reading.index].has(.little) ? reading.index + 1 : nil) {
            reading.result.quantity = nil
            reading.result.scalableAmounts = []
            reading.mark(reading.start..<end, .comment)
            reading.index = end
        }
    }

    /// "1/4 de botte", "⅓ de xícara", "3/4 of a pound": a connector between the amount and its unit.
    static let connectorBeforeUnit = AmountRule(name: "connectorBeforeUnit") { reading in
        guard reading.result.quantity != nil, reading.has(1), IngredientRules.isConnector(reading.tokens[reading.index]) else { return }
        let article = reading.tokens[reading.index + 1].has(.article) ? 1 : 0
        if IngredientRules.unitAt(reading.tokens, reading.index + 1 + article) != nil {
            reading.mark(reading.index..<reading.index + 1 + article, .quantity)
            reading.index += 1 + article
        }
    }

    /// "(14 oz)" or "15- to 16-ounce" describes the container that follows.
    static let containerSize = AmountRule(name: "containerSize") { reading in
        guard reading.result.quantity != nil else { return }
        let afterSize = IngredientRules.skipContainerSize(reading.tokens, from: reading.index)
        reading.mark(reading.index..<afterSize, .quantity)
        if afterSize > reading.index { reading.result.itemSize = reading.index..<afterSize }
        reading.index = afterSize
    }

    /// Words that describe the unit before it ("1 tightly packed tablespoon", "4 very small
    /// drops", "2 plump stalks", "3 dünne Stangen"), size words and unit qualifiers ("2 large
    /// eggs", "1 heaped tbsp", "1 kl. Bund").
    static let wordsBeforeUnit = AmountRule(name: "wordsBeforeUnit") { reading in
        let tokens = reading.tokens
        let describingWords: WordFlags = [.size, .qualifier, .preparation, .thickness, .unitDescription]
        var describing = reading.index
        while describing < min(reading.index + 3, tokens.count), tokens[describing].kind == .word, tokens[describing].has(describingWords),
              IngredientRules.unitAt(tokens, describing) == nil {
            describing += 1
        }
        let unitAfterDescription = describing > reading.index && IngredientRules.unitAt(tokens, describing) != nil
        while reading.has(), tokens[reading.index].kind == .word,
              tokens[reading.index].has([.size, .qualifier]) || unitAfterDescription && reading.index < describing {
            if tokens[reading.index].has(.size) { reading.mark(reading.index..<reading.index + 1, .size) }
            reading.index += 1
            // "1 kl. Bund", "1 alm. løg".
            if reading.has(), tokens[reading.index].isMark("."), tokens[reading.index - 1].length <= 4 { reading.index += 1 }
        }
    }

    /// The unit ("cup", "c. à soupe", "colher (sopa)"): the longest unit phrase here.
    static let unit = AmountRule(name: "unit") { reading in
        guard let (unit, next) = IngredientRules.unitAt(reading.tokens, reading.index) else { return }
        reading.unit = unit
        reading.result.unit = unit
        reading.result.unitTokens = reading.index..<next
        reading.mark(reading.index..<next, .unit)
        reading.index = next
    }

    /// "¼ c cup", "200 g g", "1 lata | latas": the same unit written twice.
    static let repeatedUnit = AmountRule(name: "repeatedUnit") { reading in
        guard let unit = reading.unit else { return }
        let tokens = reading.tokens
        if let (again, next) = IngredientRules.unitAt(tokens, reading.index), again == unit {
            reading.mark(reading.index..<next, .quantity)
            reading.index = next
        } else if reading.has(1), tokens[reading.index].isPunctuation(["|", "/"]),
                  let (again, next) = IngredientRules.unitAt(tokens, reading.index + 1), again == unit {
            reading.mark(reading.index..<next, .quantity)
            reading.index = next
        }
    }

    /// "1 cup (240 ml)", "175g/6oz", "10g/1/2oz": the same amount in other units, which scale and
    /// convert with it; they end the measure.
    static let equivalentMeasures = AmountRule(name: "equivalentMeasures") { reading in
        guard reading.unit != nil else { return }
        let afterEquivalents = IngredientRules.skipEquivalents(reading.tokens, from: reading.index, amounts: &reading.result.scalableAmounts)
        reading.mark(reading.index..<afterEquivalents, .quantity)
        reading.index = afterEquivalents
        reading.result.measureEnd = reading.index
    }

    /// "1/2 cup plus 2 tablespoons mayonnaise", "1 tablespoon + 1 teaspoon": the second part
    /// belongs to the amount, and a measure of the whole after it ("1 cup plus 1 tablespoon /
    /// 235 g") scales and converts with it; "20 g + q.b. burro": more as needed.
    static let plusPart = AmountRule(name: "plusPart") { reading in
        guard reading.unit != nil, reading.has(), reading.tokens[reading.index].has(.plus) || reading.tokens[reading.index].isMark("+") else { return }
        let tokens = reading.tokens
        if let (_, afterAmount) = IngredientRules.amount(tokens, from: reading.index + 1), let (_, afterUnit) = IngredientRules.unitAt(tokens, afterAmount) {
            reading.result.plusAmount = reading.result.scalableAmounts.count
            reading.result.scalableAmounts.append(reading.index + 1..<afterAmount)
            let afterWhole = IngredientRules.skipEquivalents(tokens, from: afterUnit, amounts: &reading.result.scalableAmounts)
            reading.mark(reading.index..<afterWhole, .quantity)
            reading.index = afterWhole
            reading.result.plusEnd = reading.index
        } else if let end = IngredientRules.asNeededEnd(tokens, reading.index + 1) {
            reading.index = end
        }
    }

    /// "1 cucchiaino raso", "1 TL gestrichen": a qualifier after the unit is comment.
    static let levelWords = AmountRule(name: "levelWords") { reading in
        guard reading.unit != nil else { return }
        while reading.has(1), reading.tokens[reading.index].has(.level) {
            reading.index += 1
        }
    }

    /// "cup of", "c. à soupe d'", "cucharada de", "eetlepel van": neither unit nor name (but
    /// "can Del Monte" names a brand); "1 sachet de 50 g (2 oz) de soupe": the size of what the
    /// unit holds follows it.
    static let connectorAfterUnit = AmountRule(name: "connectorAfterUnit") { reading in
        let tokens = reading.tokens
        guard reading.unit != nil, reading.has(1), IngredientRules.isConnector(tokens[reading.index]) else { return }
        // English "of" stays the tagger's word (it learned the labelled corpus with it); the
        // other languages' connectors are part of the measure.
        if tokens[reading.index].has(.of) { reading.result.silence(reading.index) } else { reading.mark(reading.index..<reading.index + 1, .quantity) }
        reading.index += 1
        if let (_, afterAmount) = IngredientRules.amount(tokens, from: reading.index), let (_, afterUnit) = IngredientRules.unitAt(tokens, afterAmount) {
            var ignored: [Range<Int>] = []
            let afterSize = IngredientRules.skipEquivalents(tokens, from: afterUnit, amounts: &ignored)
            if afterSize + 1 < tokens.count, IngredientRules.isConnector(tokens[afterSize]) {
                reading.mark(reading.index..<afterSize + 1, .quantity)
                reading.index = afterSize + 1
            }
        }
    }

    /// The unit a thing is counted in, whatever a language calls it: "gousse de vanille",
    /// "stang vanilje" (a vanilla pod); "feuilles de pâte filo" (sheets, not leaves).
    static let unitOfTheThing = AmountRule(name: "unitOfTheThing") { reading in
        guard let unit = reading.unit, reading.has(), reading.tokens[reading.index].kind == .word else { return }
        let word = reading.tokens[reading.index]
        if unit == "clove" || unit == "stalk" || unit == "stick" || unit == "branch",
           ["vanil", "vaini", "baunil", "wanil"].contains(where: { word.lower.hasPrefix($0) }) {
            reading.result.unit = "pod"
        }
        if unit == "leaf", word.has(.sheetGood) { reading.result.unit = "sheet" }
    }

    /// A count with no unit: "1 (12 oz.) stir-fry vegetables", a measure in brackets after it is
    /// the size of each thing counted, like a can's (it stays when the count is doubled); other
    /// measures after it are equivalents; "650 de agua", "2 of the eggs": a connector is part of
    /// the amount.
    static let measureAfterCount = AmountRule(name: "measureAfterCount") { reading in
        guard reading.unit == nil, reading.result.quantity != nil else { return }
        let tokens = reading.tokens
        let isEachItem = reading.has() && tokens[reading.index].isMark("(")
        var equivalents: [Range<Int>] = []
        let afterEquivalents = IngredientRules.skipEquivalents(tokens, from: reading.index, amounts: &equivalents)
        if isEachItem, afterEquivalents > reading.index {
            reading.result.itemSize = reading.index..<afterEquivalents
        } else {
            reading.result.scalableAmounts += equivalents
        }
        reading.mark(reading.index..<afterEquivalents, .quantity)
        reading.index = afterEquivalents
        if reading.has(1), IngredientRules.isConnector(tokens[reading.index]), tokens[reading.index + 1].kind == .word {
            reading.mark(reading.index..<reading.index + 1, .quantity)
            reading.index += 1
        }
    }

    /// Size words after the measure: "2 cups large shrimp".
    static let sizeWords = AmountRule(name: "sizeWords") { reading in
        while reading.has(), reading.tokens[reading.index].kind == .word, reading.tokens[reading.index].has(.size) {
            reading.mark(reading.index..<reading.index + 1, .size)
            reading.index += 1
        }
    }

    /// A bracket before the name ("(about 4 cups) coconut", "(gestrichen) Hühnerbrühe") is comment.
    static let bracketBeforeName = AmountRule(name: "bracketBeforeName") { reading in
        let tokens = reading.tokens
        if reading.has(), tokens[reading.index].isMark("("), let close = tokens[reading.index...].firstIndex(where: { $0.isMark(")") }),
           close + 1 < tokens.count {
            reading.index = close + 1
        }
    }
}

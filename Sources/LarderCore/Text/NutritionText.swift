/// Nutrition as people and apps write it in one text field (Paprika's `nutritional_info`, a
/// CSV cell), read into schema.org keys. Real exports hold every shape of it:
///
/// ```
/// Calories: 692                                Total Fat 11.1g<TAB>14%
/// Total Carbohydrates: 40.6 g (13.5%)          % Daily Value*
/// Per serving, based on 2 servings. (% daily value)
/// Calories (kcal) 620 Fat (g) 23 Saturated Fat (g) 7 Protein (g) 21
/// Per serving (approx.): 500 calories, 40g protein
/// ```
///
/// A line is read as rows of *label, amount* (or *amount, label*): several rows may share a
/// line (a table copied onto one line, a list after commas), a unit may stand in brackets after
/// the label (`Fat (g) 23`), and a percentage after the amount is kept with it. Lines that are
/// no nutrient say what the figures are for (`Per serving (6 servings)`): that is the basis,
/// never a key; a `% daily value` heading says what the percentages are, and is written beside
/// them. Headings (`Nutrition Facts`) carry nothing more; any other text is returned as unread,
/// for the caller to keep.
public enum NutritionText {
    public struct Reading: Equatable, Sendable {
        /// schema.org keys (`calories`, `fatContent`) or, for nutrients without one, the label
        /// as written (`Vitamin D`), to the amount as written (`11.1g (14% daily value)`).
        public var values: [String: String] = [:]
        /// What the figures are for, as written (`Per serving (6 servings)`).
        public var basis: [String] = []
        /// Lines that are neither nutrients, nor the basis, nor a heading.
        public var unread: [String] = []
    }

    public static func read(_ text: String) -> Reading {
        var reading = Reading()
        var percentages: [(key: String, percent: String)] = []
        var dailyValue = false
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = rawLine.replacingOccurrences(of: "\t", with: "  ").trimmed
            if let stripped = withoutDailyValueWords(line) {
                dailyValue = true
                line = stripped
            }
            guard !line.isEmpty, line.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            if isHeading(line) { continue }
            if let basis = basisAndRest(of: line) {
                reading.basis.append(basis.basis)
                guard let rest = basis.rest else { continue }
                line = rest
            }
            // A row must name a known nutrient or give an amount: `Note: values are estimates`
            // is no nutrient called Note.
            let rows = NutritionRows.rows(in: line).filter { $0.numeric || NutritionNames.key(forLabel: $0.label) != nil }
            guard !rows.isEmpty else {
                reading.unread.append(line)
                continue
            }
            for row in rows {
                let key = NutritionNames.key(forLabel: row.label) ?? row.label
                reading.values[key] = row.amount
                if let percent = row.percent { percentages.append((key, percent)) }
            }
        }
        // The percentages go beside their amounts once the whole text said what they are.
        for (key, percent) in percentages {
            guard let amount = reading.values[key] else { continue }
            let named = percent.lowercased().contains("daily value")
            reading.values[key] = amount + " (" + percent + (dailyValue && !named ? " daily value" : "") + ")"
        }
        return reading
    }

    /// The reading put into a recipe: the values as its nutrition, the basis as the serving
    /// size the figures are for (after a `Serving size` row, if the text had one), and text
    /// that is no nutrient as a note, so that none of it is lost or shown as a nutrient.
    public static func apply(_ text: String, to recipe: inout Recipe) {
        let reading = read(text)
        recipe.nutrition.merge(reading.values) { _, read in read }
        let basis = (recipe.nutrition["servingSize"].map { [$0] } ?? []) + reading.basis
        if !basis.isEmpty { recipe.nutrition["servingSize"] = basis.joined(separator: "; ") }
        if !reading.unread.isEmpty { recipe.notes.append("Nutrition: " + reading.unread.joined(separator: "\n")) }
    }

    /// Nutrients given one a key (front matter's `nutrition: {protein: 7g, carbs: 30g}`):
    /// known names become schema.org keys, the others keep their own.
    public static func values(_ entries: [(key: String, value: FrontMatter.Value)]) -> [String: String] {
        var values: [String: String] = [:]
        for (label, value) in entries {
            let text = value.text.trimmed
            guard !text.isEmpty else { continue }
            values[NutritionNames.key(forLabel: label) ?? label] = text
        }
        return values
    }

    /// The line without its `% Daily Value` words (`% Daily Value*`, `(% daily value)`), or
    /// nil when it has none.
    static func withoutDailyValueWords(_ line: String) -> String? {
        guard let range = line.range(of: "daily value", options: .caseInsensitive) else { return nil }
        // `(20.8% daily value)` after an amount is that amount's percentage, as Larder writes it.
        let before = line[..<range.lowerBound].trimmed
        if before.hasSuffix("%"), before.dropLast().last?.isNumber == true { return nil }
        var start = range.lowerBound
        var end = range.upperBound
        // The `%` before the words, and the brackets and marks around them.
        while start > line.startIndex, " %(".contains(line[line.index(before: start)]) { start = line.index(before: start) }
        while end < line.endIndex, " *)".contains(line[end]) { end = line.index(after: end) }
        return (line[..<start] + " " + line[end...]).trimmed
    }

    /// `Nutrition Facts`, `Nutritional information`: the table's title.
    static func isHeading(_ line: String) -> Bool {
        let words = line.lowercased().split(whereSeparator: { !$0.isLetter }).joined(separator: " ")
        return ["nutrition", "nutrition facts", "nutritional facts", "nutrition information", "nutritional information",
                "nutrition info", "nutritional info", "nutritional value", "nutritional values", "nutrients",
                "nährwerte", "nährwertangaben", "valeurs nutritionnelles", "información nutricional"].contains(words)
    }

    /// A line that starts by saying what the figures are for (`Per serving (6 servings)`,
    /// `Amount per serving`, `Per serving, based on 2 servings.`): the basis, and the rows that
    /// follow its colon, if any (`Per serving (approx.): 500 calories, 40g protein`).
    static func basisAndRest(of line: String) -> (basis: String, rest: String?)? {
        let lower = line.lowercased()
        let starts = ["per ", "amount per ", "based on ", "values per ", "nutrition per ", "nutrition facts per ",
                      "pro ", "je ", "par ", "pour ", "por "]
        guard starts.contains(where: { lower.hasPrefix($0) }) else { return nil }
        if let colon = line.firstIndex(of: ":") {
            let rest = line[line.index(after: colon)...].trimmed
            if !rest.isEmpty, NutritionRows.rows(in: rest).contains(where: \.numeric) {
                return (tidyBasis(String(line[..<colon])), rest)
            }
        }
        return (tidyBasis(line), nil)
    }

    /// The basis without the punctuation that ended its sentence or led into a list.
    static func tidyBasis(_ text: String) -> String {
        var result = text.trimmed
        while let last = result.last, ".:,;".contains(last) { result.removeLast() }
        return result.trimmed
    }
}

/// The rows of one line of nutrition text: `Fat: 9 g`, `Total Fat 11.1g  14%`,
/// `Calories (kcal) 620 Fat (g) 23`, `500 calories, 40g protein`.
enum NutritionRows {
    struct Row: Equatable {
        var label: String
        var amount: String
        var percent: String?
        /// The amount holds a number (`9 g`), rather than only words (`1 cup`, `trace`).
        var numeric: Bool
    }

    enum Token: Equatable {
        case word(String)
        /// A number as written, with a unit written against it (`11.1g`).
        case number(String, unit: String?)
        case percent(String)
        /// The text inside brackets.
        case bracket(String)
        case colon
        /// A comma, semicolon, bar or bullet between rows.
        case separator
    }

    static func rows(in line: String) -> [Row] {
        var rows: [Row] = []
        var label: [String] = []
        var labelUnit: String?
        // Words after a label's colon and before its amount (`Calories: about 250`), or its
        // whole value when it has no number (`servingSize: 1 cup`).
        var qualifiers: [String] = []
        var labelClosed = false
        var index = 0
        let tokens = tokenize(line)
        func endRow() {
            if labelClosed, !label.isEmpty, !qualifiers.isEmpty {
                rows.append(Row(label: label.joined(separator: " "), amount: qualifiers.joined(separator: " "), percent: nil, numeric: false))
            }
            label = []
            labelUnit = nil
            qualifiers = []
            labelClosed = false
        }
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .word(let word):
                if labelClosed { qualifiers.append(word) } else { label.append(word) }
            case .bracket(let inner):
                if labelClosed {
                    qualifiers.append("(" + inner + ")")
                } else if !label.isEmpty, isUnit(inner) {
                    labelUnit = inner
                } else if !label.isEmpty {
                    label.append("(" + inner + ")")
                }
            case .colon:
                if !label.isEmpty { labelClosed = true }
            case .separator:
                endRow()
            case .percent(let percent):
                if labelClosed { qualifiers.append(percent) }
            case .number(let number, let attached):
                var unit = attached
                var spaced = false
                if unit == nil, index < tokens.count, case .word(let word) = tokens[index], isUnit(word) {
                    unit = word
                    spaced = true
                    index += 1
                }
                var percent: String?
                if index < tokens.count, case .percent(let value) = tokens[index] {
                    percent = value
                    index += 1
                } else if index < tokens.count, case .bracket(let inner) = tokens[index], Self.isPercentage(inner) {
                    percent = inner
                    index += 1
                }
                var written = (qualifiers + [number]).joined(separator: " ")
                    + (unit.map { (spaced ? " " : "") + $0 } ?? labelUnit.map { " " + $0 } ?? "")
                // A serving is measured in words of its own (`Serving size: 1 serving`, `1 Person`,
                // `2 cookies (30 g)`): the words after its amount belong to it, not to a next label.
                if !label.isEmpty, NutritionNames.key(forLabel: label.joined(separator: " ")) == "servingSize" {
                    while index < tokens.count {
                        if case .word(let word) = tokens[index] { written += " " + word }
                        else if case .bracket(let inner) = tokens[index] { written += " (" + inner + ")" }
                        else { break }
                        index += 1
                    }
                }
                if label.isEmpty {
                    // The amount first (`40g protein`, `500 calories`): the label follows it.
                    var words: [String] = []
                    while index < tokens.count, case .word(let word) = tokens[index] {
                        words.append(word)
                        index += 1
                    }
                    if !words.isEmpty {
                        rows.append(Row(label: words.joined(separator: " "), amount: written, percent: percent, numeric: true))
                    } else if let unit, NutritionNames.key(forLabel: unit) == "calories" {
                        rows.append(Row(label: unit, amount: number, percent: percent, numeric: true))
                    }
                } else {
                    rows.append(Row(label: label.joined(separator: " "), amount: written, percent: percent, numeric: true))
                }
                label = []
                labelUnit = nil
                qualifiers = []
                labelClosed = false
            }
        }
        endRow()
        return rows
    }

    /// `13.5%`, or `13.5% daily value` as Larder writes it back.
    static func isPercentage(_ text: String) -> Bool {
        guard let sign = text.firstIndex(of: "%") else { return false }
        let number = text[..<sign].trimmed
        return !number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "." || $0 == "," }
            && (text.index(after: sign) == text.endIndex || text[text.index(after: sign)...].trimmed.lowercased() == "daily value")
    }

    /// The units nutrients are given in.
    static func isUnit(_ word: String) -> Bool {
        let units: Set<String> = ["g", "gr", "gram", "grams", "mg", "milligram", "milligrams", "mcg", "µg", "μg", "ug",
                                  "microgram", "micrograms", "kcal", "cal", "cals", "calories", "kj", "iu", "ie", "%",
                                  "oz", "ml", "l"]
        return units.contains(word.lowercased())
    }

    static func tokenize(_ line: String) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(line)
        var index = 0
        func isNumberStart(_ at: Int) -> Bool {
            guard at < characters.count else { return false }
            if characters[at].isNumber { return true }
            // `<1 g`, `~5 g`, `.5 g`
            return "<~≈.".contains(characters[at]) && at + 1 < characters.count && characters[at + 1].isNumber
        }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace { index += 1; continue }
            if character == ":" { tokens.append(.colon); index += 1; continue }
            if ",;|•·".contains(character) {
                // `1,5 g`: a decimal comma between digits is part of the number (read below).
                tokens.append(.separator)
                index += 1
                continue
            }
            if character == "(" || character == "[" {
                let close: Character = character == "(" ? ")" : "]"
                var end = index + 1
                while end < characters.count, characters[end] != close { end += 1 }
                tokens.append(.bracket(String(characters[(index + 1)..<min(end, characters.count)]).trimmed))
                index = end + 1
                continue
            }
            if isNumberStart(index) {
                var end = index
                while end < characters.count, characters[end].isNumber || "<~≈.".contains(characters[end])
                        || (characters[end] == "," && end + 1 < characters.count && characters[end + 1].isNumber && end > index)
                        || (characters[end] == "/" && end + 1 < characters.count && characters[end + 1].isNumber) {
                    end += 1
                }
                let number = String(characters[index..<end])
                if end < characters.count, characters[end] == "%" {
                    tokens.append(.percent(number + "%"))
                    index = end + 1
                    continue
                }
                // A unit written against the number: `11.1g`, `4mg`.
                var unitEnd = end
                while unitEnd < characters.count, characters[unitEnd].isLetter { unitEnd += 1 }
                let attached = String(characters[end..<unitEnd])
                if !attached.isEmpty, isUnit(attached) {
                    tokens.append(.number(number, unit: attached))
                    index = unitEnd
                } else if attached.isEmpty {
                    tokens.append(.number(number, unit: nil))
                    index = end
                } else {
                    // `2x`, `3rd`: a word that starts with a digit.
                    tokens.append(.word(String(characters[index..<unitEnd])))
                    index = unitEnd
                }
                continue
            }
            var end = index
            while end < characters.count, !characters[end].isWhitespace, !":,;|•·([".contains(characters[end]) { end += 1 }
            let word = String(characters[index..<end])
            if word == "%" || word == "*" || word == "-" || word == "–" {
                // A stray mark between columns.
            } else {
                tokens.append(.word(word.hasSuffix("*") ? String(word.dropLast()) : word))
            }
            index = max(end, index + 1)
        }
        return tokens
    }
}

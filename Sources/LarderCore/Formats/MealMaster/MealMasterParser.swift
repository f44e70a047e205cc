import Foundation

/// Meal-Master text (`.mmf`, `.mm`, `.txt`): one or many recipes between a
/// `MMMMM----- Recipe via Meal-Master` (or `---------- Recipe via Meal-Master`) line and a
/// closing `MMMMM` (or `-----`). Ingredients sit in fixed columns, one or two per line;
/// `-text` continues the ingredient above; a titled separator line names the ingredient group
/// or instruction section that follows. A recipe that never closes (a file cut short) fails on
/// its own; the others are read.
public enum MealMasterParser {
    /// True when `text` has a Meal-Master header line, so that a `.txt` is read as Meal-Master and not as plain text.
    public static func looksLikeMealMaster(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).prefix(20).contains { isStart(String($0)) }
    }

    static func isStart(_ line: String) -> Bool {
        (line.hasPrefix("MMMMM") || line.hasPrefix("-----")) && line.lowercased().contains("meal-master")
    }

    static func isEnd(_ line: String) -> Bool {
        let trimmed = line.trimmed
        return trimmed == "MMMMM" || trimmed == "-----"
    }

    /// The title of a separator line (`MMMMM-----TOPPING-----`, `-----FILLING-----`), nil for
    /// other lines.
    static func separatorTitle(_ line: String) -> String? {
        guard line.hasPrefix("MMMMM-") || line.hasPrefix("-----") else { return nil }
        var text = Substring(line.trimmed)
        if text.hasPrefix("MMMMM") { text = text.dropFirst(5) }
        text = text.drop(while: { $0 == "-" })
        while text.last == "-" { text = text.dropLast() }
        return String(text).trimmed
    }

    /// Every recipe between header and end lines, or why one could not be read; text outside them is ignored.
    public static func recipes(in text: String, context: MappingContext) -> [MappedRecipe] {
        // A line at a time, and a run of blank lines kept as one (a blank line only separates):
        // a file of 60 MB of blank lines took 3 GB as a string per line.
        var lines = LineCursor(LineBreaks.unix(text, loneCarriageReturns: true))
        var blocks: [(lines: [String], closed: Bool)] = []
        var current: [String]?
        while let (_, raw, isBlank) = lines.next() {
            if isBlank {
                if current?.last?.isEmpty == false { current?.append("") }
                lines.skipBlankLines()
                continue
            }
            let line = String(raw)
            if isStart(line) {
                if let open = current { blocks.append((open, false)) }
                current = []
            } else if current != nil, isEnd(line) {
                blocks.append((current!, true))
                current = nil
            } else {
                current?.append(line)
            }
        }
        if let open = current { blocks.append((open, false)) }
        guard !blocks.isEmpty else {
            return [MappedRecipe(label: context.input, result: .failure(.noRecipe("no Meal-Master recipe header (MMMMM----- Recipe via Meal-Master)")))]
        }
        return blocks.enumerated().map { index, block in
            let recipe = Result { try parse(block.lines, context: context) }.mapError(RecipeJSON.asMappingError)
            let title = try? recipe.get().title
            let label = blocks.count == 1 ? (title ?? "recipe") : "#\(index + 1)" + (title.map { " " + $0 } ?? "")
            guard block.closed else {
                let name = title ?? headerTitle(block.lines) ?? "a recipe"
                return MappedRecipe(label: label, result: .failure(.invalid("\(name) is cut short: the file ends before its closing MMMMM line")))
            }
            return MappedRecipe(label: label, result: recipe)
        }
    }

    static func headerTitle(_ lines: [String]) -> String? {
        lines.lazy.compactMap { line -> String? in
            let trimmed = line.trimmed
            return trimmed.hasPrefix("Title:") ? TextCleaner.nonEmptyLine(String(trimmed.dropFirst(6))) : nil
        }.first
    }

    static func parse(_ lines: [String], context: MappingContext) throws -> Recipe {
        var index = 0
        var title: String?
        var categories: [String] = []
        var yield: Yield?
        // The header: `Title:`, `Categories:`, `Yield:` or `Servings:`, up to the first blank
        // line after them.
        var sawHeader = false
        while index < lines.count {
            let trimmed = lines[index].trimmed
            if trimmed.isEmpty {
                index += 1
                if sawHeader { break } else { continue }
            }
            guard let colon = trimmed.firstIndex(of: ":") else { break }
            let key = trimmed[..<colon].lowercased()
            let value = String(trimmed[trimmed.index(after: colon)...]).trimmed
            switch key {
            case "title": title = value
            case "categories": categories = TextCleaner.list(value).filter { !$0.isEmpty && $0.lowercased() != "none" }
            case "yield", "servings": yield = YieldParser.parse(value)
            default: break
            }
            if ["title", "categories", "yield", "servings"].contains(key) {
                sawHeader = true
                index += 1
            } else {
                break
            }
        }
        guard let title = title.flatMap(TextCleaner.nonEmptyLine) else { throw MappingError.missingField("Title: line") }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .mealMaster)
        recipe.categories = categories
        recipe.yield = yield
        var body = Body()
        for line in lines[index...] { body.take(line) }
        recipe.ingredientGroups = body.finishedGroups()
        recipe.instructionSections = body.finishedSections()
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// The body of one recipe, read line by line: ingredients until the first line that is
    /// not one, then directions. In the two-column layout the left column is read down first,
    /// then the right, as Meal-Master prints them.
    struct Body {
        var groups: [IngredientGroup] = []
        var groupName: String?
        var left: [Ingredient] = []
        var right: [Ingredient] = []
        var sections: [InstructionSection] = [InstructionSection(steps: [])]
        var inDirections = false
        var paragraph: [String] = []
        /// A separator seen but not yet known to head ingredients or directions.
        var pendingTitle: String?

        mutating func take(_ line: String) {
            if let title = separatorTitle(line) {
                flushParagraph()
                pendingTitle = title.isEmpty ? nil : title
                if !inDirections { startGroup(pendingTitle) }
                return
            }
            if !inDirections, line.trimmed.isEmpty { return }
            if !inDirections, let columns = IngredientColumns.split(line) {
                add(columns.left, toRight: false)
                if let column = columns.right { add(column, toRight: true) }
                return
            }
            if !inDirections {
                inDirections = true
                // A separator just before the first directions named a section, not a group.
                if let title = pendingTitle, groupName == title, left.isEmpty, right.isEmpty {
                    groupName = nil
                    sections[sections.count - 1].name = title
                }
                flushGroup()
            } else if pendingTitle != nil {
                startSection(pendingTitle)
            }
            pendingTitle = nil
            let trimmed = line.trimmed
            if trimmed.isEmpty || trimmed.hasPrefix("~---") || trimmed.allSatisfy({ $0 == "-" || $0 == "~" }) {
                flushParagraph()
            } else {
                // Numbered directions (`1. Melt the butter`), a line each: each number starts a step.
                if Self.stepNumber(of: trimmed) != nil { flushParagraph() }
                paragraph.append(trimmed)
            }
        }

        /// `1. Melt…`, `2) Add…`: the number a direction line opens with, nil for any other line.
        static func stepNumber(of line: String) -> Int? {
            let digits = line.prefix(while: \.isNumber)
            guard (1...2).contains(digits.count), let number = Int(digits) else { return nil }
            let rest = line.dropFirst(digits.count)
            guard let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == " " else { return nil }
            return number
        }

        /// Steps numbered 1, 2, 3… in order (paragraphs without a number, a note or a serving
        /// hint, may stand among them): the numbers only say the order, which the steps keep, and
        /// are taken off (a cookbook numbering them again showed `1. 1. Melt…`).
        static func droppingNumbers(_ section: InstructionSection) -> InstructionSection {
            let numbers = section.steps.map { stepNumber(of: $0.text) }
            let written = numbers.compactMap { $0 }
            guard written.count >= 2, written == Array(1...written.count) else { return section }
            var section = section
            for index in section.steps.indices where numbers[index] != nil {
                let text = section.steps[index].text
                section.steps[index].text = String(text.drop(while: \.isNumber).dropFirst()).trimmed
            }
            return section
        }

        mutating func startGroup(_ name: String?) {
            flushGroup()
            groupName = name
        }

        mutating func flushGroup() {
            let ingredients = left + right
            if !ingredients.isEmpty { groups.append(IngredientGroup(name: groupName, ingredients: ingredients)) }
            left = []
            right = []
            groupName = nil
        }

        mutating func startSection(_ name: String?) {
            flushParagraph()
            if sections.last?.steps.isEmpty == true {
                sections[sections.count - 1].name = name
            } else {
                sections.append(InstructionSection(name: name, steps: []))
            }
        }

        /// A `-text` line continues the last ingredient of its column (of the other column
        /// when its own has none yet). So does a line without amount or unit that is plainly
        /// the rest of the line above it, as files typed by hand wrap without the `-`
        /// (`ground pork,` / `Uncooked`, `Scallions` / `(white parts separate from` / `The green)`):
        /// see `IngredientColumns.continues`.
        mutating func add(_ column: IngredientColumns.Column, toRight: Bool) {
            let own = toRight ? right : left
            let wrapped = !column.isContinuation && own.last.map { IngredientColumns.continues(column, after: $0.line) } == true
            guard column.isContinuation || wrapped else {
                if toRight { right.append(column.ingredient) } else { left.append(column.ingredient) }
                return
            }
            let text = wrapped ? column.text : String(column.text.dropFirst()).trimmed
            func extend(_ ingredient: inout Ingredient) {
                ingredient.line += " " + text
                if let preparation = ingredient.preparation {
                    ingredient.preparation = preparation + " " + text
                } else {
                    ingredient.name = ingredient.name.map { $0 + " " + text }
                }
            }
            if toRight, !right.isEmpty { extend(&right[right.count - 1]) }
            else if !left.isEmpty { extend(&left[left.count - 1]) }
            else if !right.isEmpty { extend(&right[right.count - 1]) }
            else if let last = groups.indices.last, !groups[last].ingredients.isEmpty {
                // After a separator with nothing under it yet: the ingredient above it.
                extend(&groups[last].ingredients[groups[last].ingredients.count - 1])
            }
        }

        mutating func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            sections[sections.count - 1].steps.append(Step(text: paragraph.joined(separator: " ")))
            paragraph = []
        }

        mutating func finishedGroups() -> [IngredientGroup] {
            flushGroup()
            return groups
        }

        mutating func finishedSections() -> [InstructionSection] {
            flushParagraph()
            return sections.filter { !$0.steps.isEmpty }.map(Self.droppingNumbers)
        }
    }

    /// The fixed columns of an ingredient line: amount in 7 characters, a space, a two-letter
    /// unit, a space, the text; a second ingredient may start at column 41.
    enum IngredientColumns {
        struct Column {
            var amount: String
            var unit: String
            var text: String
            var isContinuation: Bool { amount.isEmpty && unit.isEmpty && text.hasPrefix("-") && text.count > 1 }

            var ingredient: Ingredient {
                let unitWord = MealMasterUnits.word(for: unit)
                let line = [amount, unitWord ?? unit, text].filter { !$0.isEmpty }.joined(separator: " ")
                // Nothing measured: the line is read by the ingredient parser like any other's,
                // so that one that titles the lines below it (`Dipping Sauce:`) is found as such.
                if amount.isEmpty && unit.isEmpty { return Ingredient(line: line) }
                let parts = text.split(separator: ";", maxSplits: 1).map { $0.trimmed }
                return Ingredient(line: line, quantity: PlainAmount.amount(amount), unit: unitWord,
                                  name: parts.first.flatMap { $0.isEmpty ? nil : $0 }, preparation: parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil)
            }
        }

        /// Words that leave a line unfinished when it ends with them (`Dash hot chili oil or`).
        static let joiningWords: Set<String> = ["or", "and", "of", "in", "with", "from", "to", "for", "plus", "&", "-"]

        /// Whether `column`, a line with nothing in the amount and unit columns, is the rest of
        /// the ingredient written as `previous` rather than an ingredient of its own: it opens
        /// with a bracket or a lower-case letter (no ingredient of Meal-Master's does), or
        /// `previous` is unfinished (ends with a comma, a joining word, or an open bracket).
        /// `Garlic Clove (Pressed)` / `Tabasco Sauce` are two things; a title (`Pao bin:`) is
        /// never a continuation.
        static func continues(_ column: Column, after previous: String) -> Bool {
            guard column.amount.isEmpty, column.unit.isEmpty, let first = column.text.first, !column.text.hasSuffix(":") else { return false }
            if first == "(" || first.isLowercase { return true }
            let before = previous.trimmed
            if before.hasSuffix(",") { return true }
            if before.filter({ $0 == "(" }).count > before.filter({ $0 == ")" }).count { return true }
            let lastWord = before.split(separator: " ").last.map { $0.lowercased() } ?? ""
            return joiningWords.contains(lastWord)
        }

        static func split(_ line: String) -> (left: Column, right: Column?)? {
            let characters = Array(line)
            guard let left = column(characters, from: 0) else { return nil }
            if characters.count > 41, characters[40] == " ", var right = column(characters, from: 41) {
                var leftColumn = left
                leftColumn.text = String(characters[min(11, characters.count)..<41]).trimmed
                right.text = right.text.trimmed
                guard !right.text.isEmpty else { return (leftColumn, nil) }
                return (leftColumn, right)
            }
            return (left, nil)
        }

        static func column(_ characters: [Character], from start: Int) -> Column? {
            guard characters.count > start else { return nil }
            func slice(_ from: Int, _ to: Int) -> String {
                let low = min(start + from, characters.count), high = min(start + to, characters.count)
                return String(characters[low..<high])
            }
            let amount = slice(0, 7), unit = slice(8, 10), text = slice(11, characters.count - start)
            guard characters.count > start + 11 else { return nil }
            guard slice(7, 8) == " ", slice(10, 11) == " " else { return nil }
            guard amount.allSatisfy({ $0 == " " || $0.isNumber || "/.-".contains($0) }),
                  unit.allSatisfy({ $0 == " " || $0.isLetter }) else { return nil }
            let trimmedAmount = amount.trimmed, trimmedUnit = unit.trimmed
            if trimmedUnit.count > 0, MealMasterUnits.word(for: trimmedUnit) == nil, trimmedAmount.isEmpty { return nil }
            let trimmedText = text.trimmed
            guard !trimmedText.isEmpty else { return nil }
            // Directions indented by 11 spaces would look like an ingredient without amount;
            // a long sentence is not one.
            if trimmedAmount.isEmpty, trimmedUnit.isEmpty, !trimmedText.hasPrefix("-"), trimmedText.count > 60 { return nil }
            return Column(amount: trimmedAmount, unit: trimmedUnit, text: text.trimmed)
        }
    }
}

/// Meal-Master's two-letter unit codes and the words they stand for.
enum MealMasterUnits {
    static let words: [String: String] = [
        "x": "", "ea": "", "sm": "small", "md": "medium", "lg": "large", "cn": "can", "pk": "package",
        "pn": "pinch", "dr": "drop", "ds": "dash", "ct": "carton", "bn": "bunch", "sl": "slice",
        "t": "tsp", "ts": "tsp", "T": "tbsp", "tb": "tbsp", "fl": "fl oz", "c": "cup", "pt": "pint",
        "qt": "quart", "ga": "gallon", "oz": "oz", "lb": "lb", "ml": "ml", "cb": "cc", "cl": "cl",
        "dl": "dl", "l": "l", "mg": "mg", "cg": "cg", "dg": "dg", "g": "g", "kg": "kg",
    ]

    /// The word for a code (`tb` → `tbsp`); empty for codes that mean "each"; nil for codes
    /// Meal-Master does not have.
    static func word(for code: String) -> String? {
        guard !code.isEmpty else { return nil }
        if let word = words[code] { return word.isEmpty ? nil : word }
        return words[code.lowercased()].flatMap { $0.isEmpty ? nil : $0 }
    }
}

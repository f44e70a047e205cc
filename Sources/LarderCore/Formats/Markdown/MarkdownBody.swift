/// The body of a Markdown recipe read block by block into its parts. A heading that names a
/// section (`SectionWords`: "Ingredients", "Zutaten", "Method", "Notes", "Nutrition") opens
/// it; a heading below a section's level names a group of ingredients or a section of steps.
/// Before the first section: the title (the first `#` heading), a picture, a line of facts
/// (`**Yield:** 4 · **Prep:** 10 min`) and the description. Under a heading no section word
/// names, the text is kept as a note headed by it, never dropped.
struct MarkdownBody {
    /// Whether the file is `MarkdownWriter`'s: then a `###` heading is always a group's name,
    /// and a step's leading `**words**` its name.
    let writtenByLarder: Bool

    var title: String?
    var picture: String?
    var description: [String] = []
    /// Labelled facts, by lower-cased label: `yield`, `prep`, `cook`, `total`, `serves`.
    var facts: [String: String] = [:]
    var ingredientGroups: [IngredientGroup] = []
    var sections: [InstructionSection] = []
    var notes: [String] = []
    var nutrition: [String: String] = [:]
    var source: String?
    /// Headings that opened a part of a recipe (its ingredients or method, a group or a section
    /// of them, its notes or nutrition), and headings of other topics ("Cook CLI", "Syntax
    /// Rules"); with the fenced code blocks, what tells a recipe from documentation.
    private(set) var partHeadings = 0
    private(set) var otherHeadings = 0
    private(set) var codeBlocks = 0

    private enum Part: Equatable {
        case intro, ingredients, instructions, notes, nutrition
        /// Under a heading that names no part: its text becomes a note headed by it.
        case other(String)
    }

    private var part = Part.intro
    private var partLevel = 0
    /// For each of `notes`, the rules (`* * *`) met before it in the Notes section (nil for a
    /// note from elsewhere): with a rule there, the paragraphs up to each rule are one note.
    private var noteRules: [Int?] = []
    private var rulesInNotes = 0

    init(writtenByLarder: Bool) {
        self.writtenByLarder = writtenByLarder
    }

    mutating func read(_ blocks: [MarkdownBlock]) {
        var blocks = blocks[...]
        // Larder writes the source last, on a line of its own.
        if case .paragraph(let lines) = blocks.last, lines.count == 1, let source = Self.sourceLine(lines[0]) {
            self.source = source
            blocks = blocks.dropLast()
        }
        for block in blocks {
            switch block {
            case .heading(let level, let text): heading(level: level, text: MarkdownInline.text(text))
            case .item(let ordered, let lines): item(lines, ordered: ordered)
            case .paragraph(let lines): paragraph(lines)
            case .code(let lines): code(lines)
            case .table(let rows): table(rows)
            case .thematicBreak: if part == .notes { rulesInNotes += 1 }
            }
        }
        joinRuledNotes()
    }

    private mutating func addNote(_ text: String) {
        notes.append(text)
        noteRules.append(part == .notes ? rulesInNotes : nil)
    }

    /// Notes kept apart by rules: the paragraphs between two rules are the paragraphs of one
    /// note (`MarkdownWriter` writes a note of several paragraphs so), a blank line between.
    private mutating func joinRuledNotes() {
        guard rulesInNotes > 0 else { return }
        var joined: [String] = []
        var previous: Int?
        for (note, rule) in zip(notes, noteRules) {
            if let rule, rule == previous, !joined.isEmpty {
                joined[joined.count - 1] += "\n\n" + note
            } else {
                joined.append(note)
            }
            previous = rule
        }
        notes = joined
    }

    private mutating func heading(level: Int, text: String) {
        if part == .intro, title == nil, level == 1, writtenByLarder || !SectionWords.isSectionTitle(text) {
            title = text
            return
        }
        if part != .intro, level > partLevel, !(part == .notes || part == .nutrition || isOther) {
            // A group of ingredients or a section of steps, unless (by hand) it opens another part.
            if writtenByLarder || (SectionWords.section(of: text) == nil && !SectionWords.isOtherPart(text)) {
                if part == .ingredients { ingredientGroups.append(IngredientGroup(name: text, ingredients: [])) }
                if part == .instructions { sections.append(InstructionSection(name: text, steps: [])) }
                partHeadings += 1
                return
            }
        }
        if let section = SectionWords.section(of: text), SectionWords.titlesWholeSection(text) || part == .intro || level <= partLevel {
            part = section == .ingredients ? .ingredients : .instructions
            partLevel = level
            partHeadings += 1
            if section == .ingredients, let tail = SectionWords.ingredientsTitleTail(text), facts["yield"] == nil, YieldParser.parse(tail) != nil {
                facts["yield"] = tail  // "Zutaten für 4 Personen"
            }
            return
        }
        let key = SectionWords.normalized(text)
        if ["nutrition", "nutrition facts", "nährwerte", "valeurs nutritionnelles"].contains(key) {
            (part, partLevel) = (.nutrition, level)
            partHeadings += 1
        } else if SectionWords.isOtherPart(text) {
            (part, partLevel) = (.notes, level)
            partHeadings += 1
        } else if part == .intro, title == nil {
            title = text
        } else if !text.isEmpty {
            (part, partLevel) = (.other(text), level)
            otherHeadings += 1
        }
    }

    /// Documentation rather than a recipe: fenced code, which no recipe holds, and more
    /// headings on other topics than on a recipe's parts. A project's README or notes for a
    /// coding assistant ("## Cook CLI", "### Ingredient Format" over examples of a markup)
    /// has a heading or two a recipe's section could bear, among many that no recipe does.
    var readsAsDocumentation: Bool {
        codeBlocks > 0 && otherHeadings > partHeadings
    }

    private var isOther: Bool {
        if case .other = part { return true }
        return false
    }

    private mutating func item(_ lines: [String], ordered: Bool) {
        let text = Self.joined(lines)
        guard !text.isEmpty else { return }
        switch part {
        case .ingredients: addIngredient(text, listedByLarder: writtenByLarder)
        case .instructions: addStep(lines)
        case .intro:
            // `- ⏲️ Prep time: 30 min`, `- 🍽️ Servings: 8`: a list of facts before the
            // ingredients, as recipe sites built with Hugo write them.
            if let facts = Self.facts(text), Self.factsRead(facts) {
                self.facts.merge(facts) { first, _ in first }
            } else {
                description.append(text)
            }
        case .notes, .nutrition: addNote(text)
        case .other(let name): addToOther(name, text)
        }
    }

    private mutating func paragraph(_ lines: [String]) {
        switch part {
        case .intro:
            if lines.count == 1, let picture = MarkdownInline.firstPicture(in: lines[0]), MarkdownInline.text(lines[0]).isEmpty {
                if self.picture == nil { self.picture = MarkdownInline.destination(picture) }
            } else if let facts = Self.facts(Self.joined(lines)) {
                self.facts.merge(facts) { first, _ in first }
            } else {
                let text = Self.joined(lines)
                if !text.isEmpty { description.append(text) }
            }
        case .ingredients:
            // Lines without list marks, as people type them: one ingredient (or group title) each.
            for line in lines {
                let text = MarkdownInline.text(line)
                if !text.isEmpty { addIngredient(text) }
            }
        case .instructions:
            addStep(lines)
        case .notes, .nutrition:
            let text = Self.joined(lines)
            if !text.isEmpty { addNote(text) }
        case .other(let name):
            addToOther(name, Self.joined(lines))
        }
    }

    /// A fenced block: in a note, its lines as written (a schedule, a table typed with spaces);
    /// elsewhere read as a paragraph's lines.
    private mutating func code(_ lines: [String]) {
        codeBlocks += 1
        let text = lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
        switch part {
        case .notes, .nutrition: if !text.isEmpty { addNote(text) }
        case .other(let name): addToOther(name, text)
        default: paragraph(lines)
        }
    }

    private mutating func table(_ rows: [[String]]) {
        guard part == .nutrition else {
            paragraph(rows.map { $0.joined(separator: " | ") })
            return
        }
        for row in rows where row.count >= 2 {
            let label = MarkdownInline.text(row[0])
            let value = MarkdownInline.text(row[1])
            // The header row Larder writes, and a table's own header in any words.
            if label.lowercased() == "nutrient" || value.isEmpty || label.isEmpty { continue }
            nutrition[NutritionNames.key(forLabel: label) ?? label] = value
        }
    }

    /// - Parameter listedByLarder: a list item of `MarkdownWriter`'s, which writes a group's
    ///   name as a `###` heading: the item is an ingredient however it reads (`For frying Oil`,
    ///   TheMealDB's measure and name joined). Its name is read here, so that no later stage
    ///   takes it for a group title (`IngredientHeading.splitGroups` looks only at lines that
    ///   nothing named, as a hand-written list's `For the sauce:` is).
    private mutating func addIngredient(_ line: String, listedByLarder: Bool = false) {
        if ingredientGroups.isEmpty { ingredientGroups.append(IngredientGroup(ingredients: [])) }
        var ingredient = Ingredient(line: line)
        if listedByLarder { ingredient.name = IngredientParser.parse(line).name }
        ingredientGroups[ingredientGroups.count - 1].ingredients.append(ingredient)
    }

    private mutating func addStep(_ lines: [String]) {
        let step = (writtenByLarder ? Self.namedStep(lines) : nil) ?? Step(text: Self.joined(lines))
        guard !step.text.isEmpty else { return }
        if sections.isEmpty { sections.append(InstructionSection(steps: [])) }
        sections[sections.count - 1].steps.append(step)
    }

    private mutating func addToOther(_ name: String, _ text: String) {
        guard !text.isEmpty else { return }
        // The heading opens the first note under it.
        if let last = notes.last, last.hasPrefix(name + "\n") || last == name {
            notes[notes.count - 1] = last + "\n" + text
        } else {
            addNote(name + "\n" + text)
        }
    }

    /// Lines of a paragraph or list item as text: a hard break (a line ending in `\` or two
    /// spaces) stays a line break, other line ends are spaces, as Markdown shows them.
    static func joined(_ lines: [String]) -> String {
        var result = ""
        for (index, raw) in lines.enumerated() {
            var line = Substring(raw)
            let trailingBackslashes = line.reversed().prefix(while: { $0 == "\\" }).count
            let hardBreak = trailingBackslashes % 2 == 1 || raw.hasSuffix("  ")
            if trailingBackslashes % 2 == 1 { line = line.dropLast() }
            let text = MarkdownInline.text(String(line))
            if text.isEmpty && raw.trimmed.isEmpty {
                if !result.isEmpty { result += "\n" }
                continue
            }
            result += text
            if index < lines.count - 1 { result += hardBreak ? "\n" : " " }
        }
        return result.trimmed
    }

    /// `**Preheat** Heat the oven` as Larder writes a step with a name: the name between the
    /// marks (whose own `*` are escaped), the text after them.
    static func namedStep(_ lines: [String]) -> Step? {
        guard let first = lines.first, first.hasPrefix("**") else { return nil }
        let characters = Array(first)
        var index = 2
        while index + 1 < characters.count {
            if characters[index] == "\\" { index += 2; continue }
            if characters[index] == "*", characters[index + 1] == "*" { break }
            index += 1
        }
        guard index + 1 < characters.count else { return nil }
        let name = MarkdownInline.text(String(characters[2..<index]))
        let text = joined([String(characters[(index + 2)...])] + lines.dropFirst())
        guard !name.isEmpty, !text.isEmpty else { return nil }
        return Step(text: text, name: name)
    }

    /// `**Yield:** 4 servings · **Prep:** 10 min`: every part a bold label and its value.
    static func facts(_ line: String) -> [String: String]? {
        guard line.hasPrefix("**") || line.contains(":") else { return nil }
        var facts: [String: String] = [:]
        for part in line.components(separatedBy: " · ") {
            let plain = part.replacingOccurrences(of: "**", with: "")
            guard let colon = plain.firstIndex(of: ":") else { return nil }
            // A mark before the label (`⏲️ Prep time`) is the page's decoration.
            let label = String(plain[..<colon].drop { !$0.isLetter }).trimmed.lowercased()
            let value = plain[plain.index(after: colon)...].trimmed
            guard ["yield", "serves", "servings", "makes", "prep", "prep time", "cook", "cook time", "total", "total time"].contains(label),
                  !value.isEmpty else { return nil }
            facts[label.components(separatedBy: " ")[0] == "makes" ? "yield" : label.components(separatedBy: " ")[0]] = value
        }
        return facts.isEmpty ? nil : facts
    }

    /// Whether every fact reads as what its label says: a yield, or a time. A fact of words
    /// only (`Servings: Usually enough for a family of five.`) stays text of the page.
    static func factsRead(_ facts: [String: String]) -> Bool {
        facts.allSatisfy { label, value in
            ["yield", "serves", "servings"].contains(label) ? YieldParser.parse(value) != nil : DurationParser.parse(value) != nil
        }
    }

    /// `Source: <https://…>` or `Source: Grandma's notebook`: the address or text.
    static func sourceLine(_ line: String) -> String? {
        guard line.hasPrefix("Source: ") else { return nil }
        let rest = String(line.dropFirst("Source: ".count)).trimmed
        if rest.hasPrefix("<"), rest.hasSuffix(">") { return MarkdownInline.destination(rest) }
        if let link = MarkdownInline.link(Array(rest), at: 0) { return MarkdownInline.destination(link.destination) }
        let text = MarkdownInline.text(rest)
        return text.isEmpty ? nil : text
    }
}

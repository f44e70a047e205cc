import Foundation

/// Recipe → Cooklang text: metadata as front matter, notes as `>` lines, sections as `= Name`,
/// and each ingredient marked up (`@flour{2%cups}(sifted)`) where a step first names it.
/// Ingredients no step names are listed in a first paragraph of their own, so none is lost;
/// Larder reads such a paragraph back as the ingredient list, not as a step.
public enum CooklangWriter {
    public static func text(for recipe: Recipe) -> String {
        var lines = ["---"]
        // Values are YAML scalars: plain where YAML reads them back as the same text, quoted
        // otherwise (`title: "Chili: Texas Style"`, `title: "#1 Pancakes"`).
        func meta(_ key: String, _ value: String?) {
            guard let value = value?.trimmed, !value.isEmpty else { return }
            lines.append("\(YAMLText.scalar(key)): \(key == "servings" ? YAMLText.numberOrScalar(value) : YAMLText.scalar(value))")
        }
        func metaList(_ key: String, _ items: [String]) {
            let items = items.map(oneLine).filter { !$0.isEmpty }
            guard !items.isEmpty else { return }
            lines.append("\(YAMLText.scalar(key)): \(YAMLText.flowList(items))")
        }
        // A label of one item without a comma as text, as people write them; else a list.
        func labels(_ key: String, _ items: [String]) {
            if items.count == 1, !items[0].contains(",") { meta(key, items[0]) } else { metaList(key, items) }
        }
        meta("title", recipe.title)
        meta("description", recipe.description)
        meta("servings", FlatText.yield(recipe.yield))
        meta("prep time", FlatText.duration(recipe.times.prep))
        meta("cook time", FlatText.duration(recipe.times.cook))
        meta("time", FlatText.duration(recipe.times.total))
        // The spec's `source` is a web address or a name (a book, a site).
        let sourceName = recipe.provenance.origin == .cooklang ? recipe.extras["source"]?.stringValue : nil
        meta("source", WebLink.source(of: recipe) ?? recipe.provenance.site ?? sourceName)
        meta("author", recipe.provenance.author)
        labels("course", recipe.categories)
        labels("cuisine", recipe.cuisines)
        labels("diet", recipe.diets)
        metaList("tags", recipe.tags)
        let pictures = WebLink.imageAddresses(of: recipe)
        if pictures.count == 1 { meta("image", pictures[0]) } else { metaList("images", pictures) }
        if let rating = recipe.rating {
            lines.append("rating: \(YAMLText.number(rating.value))")
            if let count = rating.count { lines.append("rating count: \(count)") }
            if let best = rating.best { lines.append("rating best: \(YAMLText.number(best))") }
        }
        // A mapping, as cook CLI's import writes it (`calories: 330 calories`).
        if !recipe.nutrition.isEmpty {
            lines.append("nutrition:")
            for (key, value) in recipe.nutrition.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(YAMLText.scalar(CooklangMapper.nutritionLabel(for: key))): \(YAMLText.scalar(value))")
            }
        }
        if recipe.provenance.origin == .cooklang {
            for key in recipe.extras.keys.sorted() where key != "cookware" && key != "source" {
                switch recipe.extras[key]! {
                case .array(let items): metaList(key, items.compactMap(\.stringValue))
                case let value: meta(key, value.stringValue)
                }
            }
        }
        lines.append("---")
        // A Cooklang note is one paragraph: each paragraph of a note is a note of its own.
        for note in recipe.notes {
            for paragraph in note.components(separatedBy: "\n\n") where !oneLine(paragraph).isEmpty {
                lines += ["", "> " + commentSafe(oneLine(paragraph))]
            }
        }

        var sections = recipe.instructionSections.map { section in (name: section.name, steps: section.steps.map { plainStep($0.text) }) }
        var unmentioned: [String] = []
        // Ingredients are listed in the order the steps first use them, so each is looked for
        // after the one before it; that keeps the order when the file is read again.
        var cursor = Cursor()
        for ingredient in recipe.ingredients {
            let markup = bestMarkup(ingredient)
            if let found = mark(markup.name, with: markup.text, in: &sections, from: cursor) ?? mark(markup.name, with: markup.text, in: &sections, from: Cursor()) {
                cursor = found
            } else {
                unmentioned.append(markup.text)
            }
        }
        let cookware = recipe.provenance.origin == .cooklang ? (recipe.extras["cookware"]?.listValue.compactMap(\.stringValue) ?? []) : []
        var toolCursor = Cursor()
        for tool in cookware {
            toolCursor = mark(tool, with: "#\(clean(tool)){}", in: &sections, from: toolCursor) ?? toolCursor
        }
        if !unmentioned.isEmpty { lines += ["", unmentioned.joined(separator: ", ")] }
        for section in sections {
            if let name = section.name { lines += ["", "= \(commentSafe(oneLine(name)))"] }
            for step in section.steps { lines += ["", step] }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `@flour{2%cups}(sifted)`; the amount as written when it is not a number (`few`).
    static func markup(_ ingredient: Ingredient) -> String {
        let name = clean(ingredient.name ?? ingredient.line)
        // The amount as the line writes it (`1.5`, `few`) when that is the same amount.
        let written = writtenAmount(ingredient)
        var amount = ingredient.quantity.map { quantity in
            if let written, PlainAmount.amount(written) == quantity { return written }
            // A range as the line words it (`1 to 2`): the spec has no range syntax, so `1-2`
            // is text to it as much as `1 to 2`, and only the latter reads back as the line.
            if let written, quantity.upper != nil, PlainAmount.wordedRange(written) == quantity { return written }
            return quantity.upper.map { "\(PlainAmount.text(quantity.value))-\(PlainAmount.text($0))" } ?? PlainAmount.text(quantity.value)
        }
        let preparation = preparationText(preparationAndNote(ingredient))
        var unit = unitWithSize(ingredient) ?? (writtenUnit(ingredient) ?? unitSpelledInLine(ingredient) ?? ingredient.unit).map(clean) ?? ""
        if amount == nil {
            // No number: the words before the name are the amount's text (`few` of `few sprigs`),
            // unless the note says them already (`Chopped` of `Chopped onion`); the unit only as
            // the line spells it, or as that text when nothing else is before the name (`pinch`
            // of `pinch cinnamon`, `pinch of` of `pinch of salt`).
            let spelled = writtenUnit(ingredient).map(clean)
            let said = written.map { text in preparation?.lowercased().contains(text.lowercased()) ?? false } ?? false
            amount = said ? nil : written
            // A unit that is also a thing (`Leaf` of `Leaf lettuce`) is no amount.
            if amount == nil, !said, let spelled, textBeforeName(ingredient).map(clean) == spelled,
               let unit = ingredient.unit, !UnitVocabulary.trailingUnits.contains(unit) {
                amount = spelled
            }
            unit = written == nil || said ? "" : spelled ?? ""
        }
        var text = "@\(name){\((amount ?? "").filter { $0 != "%" })\(unit.isEmpty || amount == nil ? "" : "%" + unit)}"
        if let preparation { text += "(\(preparation))" }
        return text
    }

    /// The preparation, and the note when the preparation does not say it already
    /// (`2 oz chile, dry (57 g)` keeps its `57 g`): Cooklang has one place for both.
    /// A size in brackets that neither the unit nor any field carries (`(450g)` of
    /// `1 lb (450g) chopped chocolate`) is added too, so no size is dropped.
    static func preparationAndNote(_ ingredient: Ingredient) -> String? {
        var parts: [String] = []
        let sizes = self.sizes(in: ingredient.line).map { String(ingredient.line[$0].dropFirst().dropLast()).trimmed }
        let carried = unitWithSize(ingredient) == nil ? [] : rawTextBeforeName(ingredient).map { b in self.sizes(in: b).map { String(b[$0].dropFirst().dropLast()).trimmed } } ?? []
        // Each part of the preparation and note on its own, without its brackets: `14-ounce`
        // of `14-ounce, (see notes)` is said by the size the unit carries, `see notes` is not.
        let notes = [ingredient.preparation, ingredient.note].compactMap { $0 }.flatMap { self.parts(of: $0).map(\.text) }
        for part in notes + sizes where !part.isEmpty {
            let said = ([ingredient.name ?? ""] + parts + carried).contains { $0.lowercased().contains(part.lowercased()) }
            if !said { parts.append(part) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The unit with the size the line gives it in brackets between amount and name
    /// (`(15 oz) can` of `1 (15 oz) can beans`, `cups (230g)` of `1.5 cups (230g) flour`), so
    /// the line is read back with its size; `CooklangMapper` takes the unit from outside the
    /// brackets. Nil when the line has no such size.
    static func unitWithSize(_ ingredient: Ingredient) -> String? {
        guard ingredient.quantity != nil, let before = rawTextBeforeName(ingredient), let size = sizes(in: before).first else { return nil }
        var start = size.lowerBound
        if let unit = writtenUnit(ingredient) ?? ingredient.unit, let spelled = before.range(of: unit, options: [.backwards, .caseInsensitive]),
           spelled.lowerBound < start {
            start = spelled.lowerBound
        }
        // Only when the amount alone comes before: the size belongs to the unit, not to a
        // second amount (`1 (15 oz) can`, not `2 cans plus 1 (15 oz)`).
        let amountText = String(before[..<start]).trimmed
        guard !amountText.isEmpty, PlainAmount.amount(amountText) != nil || amountText == writtenAmount(ingredient) else { return nil }
        let text = clean(String(before[start...]))
        return text.isEmpty ? nil : text
    }

    /// Brackets holding a number (`(15 oz)`, `(14-ounce)`): a size or measure, not a remark.
    static func sizes(in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var search = text.startIndex..<text.endIndex
        while let open = text.range(of: "(", range: search), let close = text.range(of: ")", range: open.upperBound..<text.endIndex) {
            let inside = text[open.upperBound..<close.lowerBound]
            if inside.contains(where: \.isNumber), !inside.contains("(") { found.append(open.lowerBound..<close.upperBound) }
            search = close.upperBound..<text.endIndex
        }
        return found
    }

    /// A preparation as `(…)` holds it: the first `)` ends it, so the preparation's own
    /// brackets are left out (`(min. 55% cocoa content)` → `min. 55% cocoa content`).
    static func preparationText(_ preparation: String?) -> String? {
        guard let preparation else { return nil }
        let text = commentSafe(oneLine(preparation.filter { $0 != "(" && $0 != ")" }).split(separator: " ").joined(separator: " "))
        return text.isEmpty ? nil : text
    }

    /// What comes before the unit and name in a line without a number: `few` of
    /// `few sprigs thyme`.
    static func writtenAmount(_ ingredient: Ingredient) -> String? {
        guard var before = textBeforeName(ingredient) else { return nil }
        if let unit = writtenUnit(ingredient) ?? ingredient.unit, before.hasSuffix(unit) { before = String(before.dropLast(unit.count)).trimmed }
        return before.isEmpty ? nil : clean(before)
    }

    /// The unit as the line spells it (`g` of `125 g flour`, `tsp` of `3tsp ginger`), so the
    /// file reads back as the same line; nil when the line does not spell the ingredient's unit
    /// just before its name.
    static func writtenUnit(_ ingredient: Ingredient) -> String? {
        guard let unit = ingredient.unit, let before = textBeforeName(ingredient) else { return nil }
        // The longest ending of up to three words, or the letters after a number, that spells the unit.
        var starts = before.indices.filter { index in
            index == before.startIndex || before[before.index(before: index)] == " "
                || (before[before.index(before: index)].isNumber && before[index].isLetter)
        }
        starts = Array(starts.suffix(3))
        for start in starts {
            let spelling = String(before[start...]).trimmed
            if !spelling.isEmpty, UnitVocabulary.canonical(spelling) == unit { return spelling }
        }
        return nil
    }

    /// What comes before the name, without a size in brackets (`1 can` of `1 (15 oz) can`):
    /// the amount and the unit as written.
    static func textBeforeName(_ ingredient: Ingredient) -> String? {
        guard var before = rawTextBeforeName(ingredient) else { return nil }
        for size in sizes(in: before).reversed() { before.removeSubrange(size) }
        return before.split(separator: " ").joined(separator: " ")
    }

    static func rawTextBeforeName(_ ingredient: Ingredient) -> String? {
        guard let name = ingredient.name, let range = ingredient.line.range(of: name) else { return nil }
        return String(ingredient.line[..<range.lowerBound]).trimmed
    }

    /// A place in the steps: section, step, and character offset within the step.
    struct Cursor {
        var section = 0
        var step = 0
        var offset = 0
    }

    /// Replaces the first mention of `name` (as a whole word) at or after `from` with `markup`;
    /// returns where the markup ends, nil when there is no such mention. Only a mention spelled
    /// in the name's own case counts: the file reads the step back with the component's name in
    /// it, so `@butter{}` for a step's `Butter while hot.` would change the step's word (and
    /// `@Butter{}` the ingredient's); an ingredient no step spells so is listed on its own.
    static func mark(_ name: String, with markup: String, in sections: inout [(name: String?, steps: [String])], from: Cursor) -> Cursor? {
        guard !name.isEmpty else { return nil }
        for s in sections.indices where s >= from.section {
            for t in sections[s].steps.indices where s > from.section || t >= from.step {
                let text = sections[s].steps[t]
                let startOffset = (s == from.section && t == from.step) ? min(from.offset, text.count) : 0
                var search = text.index(text.startIndex, offsetBy: startOffset)..<text.endIndex
                while let range = text.range(of: name, range: search) {
                    let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
                    let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
                    let isWord = !(before.map { $0.isLetter || $0.isNumber || "@#{%(".contains($0) } ?? false)
                        && !(after.map { $0.isLetter || $0.isNumber || $0 == "{" } ?? false)
                    if isWord, !isInsideComponent(range, of: text) {
                        let offset = text.distance(from: text.startIndex, to: range.lowerBound) + markup.count
                        sections[s].steps[t] = text.replacingCharacters(in: range, with: markup)
                        return Cursor(section: s, step: t, offset: offset)
                    }
                    search = range.upperBound..<text.endIndex
                }
            }
        }
        return nil
    }

    /// Whether `range` is part of an ingredient's markup already written into the step: its
    /// name, its amount, or its note (`(…)`); the next ingredient is never marked in there.
    static func isInsideComponent(_ range: Range<String.Index>, of text: String) -> Bool {
        guard let at = text[..<range.lowerBound].lastIndex(of: "@") else { return false }
        let start = text.index(after: at)
        // A sign of the text is followed by white space or an empty comment (`plainStep`).
        guard start < text.endIndex, !text[start].isWhitespace, text[start] != "[" else { return false }
        guard let open = text[start...].firstIndex(of: "{") else { return false }
        // In the name: no other sign between the `@` and it.
        if open >= range.upperBound { return !text[start..<range.lowerBound].contains(where: { "@#~".contains($0) }) }
        guard let close = text[open...].firstIndex(of: "}") else { return false }
        // In the amount.
        if close >= range.lowerBound { return true }
        // In the note right after it.
        let afterClose = text.index(after: close)
        guard afterClose < text.endIndex, text[afterClose] == "(" else { return false }
        return (text[afterClose...].firstIndex(of: ")") ?? text.endIndex) >= range.lowerBound
    }

    /// Step text as Cooklang reads it back as the same text: on one line (a blank line would
    /// split the step), comment marks kept as text (`commentSafe`), a sign that would start a
    /// component (`~7 cm`, `#10 can`, `me@home`) parted from the word after it by an empty
    /// block comment (`~[- -]7 cm`), which keeps the sign as text, and a leading `>` (a note)
    /// or `=` (a section) left out.
    static func plainStep(_ text: String) -> String {
        var line = commentSafe(oneLine(text))
        while let first = line.first, first == ">" || first == "=" { line = String(line.dropFirst()).trimmed }
        var result = ""
        var previousWasSign = false
        for character in line {
            if previousWasSign, !character.isWhitespace { result += "[- -]" }
            result.append(character)
            previousWasSign = "@#~".contains(character)
        }
        return result
    }

    /// Characters that would end or confuse a component's name, note or unit are left out
    /// (`{`, `}`, and the signs that start another one); a `%` stays (`chocolat noir 70%`:
    /// only inside the braces does it part amount and unit), and comment marks are kept as
    /// text (`commentSafe`).
    static func clean(_ text: String) -> String {
        commentSafe(oneLine(text).filter { !"{}@#~".contains($0) })
    }

    /// An amount inside the braces: neither a brace nor the `%` that would end it.
    static func cleanAmount(_ text: String) -> String {
        clean(text).filter { $0 != "%" }
    }

    /// Text with `--` and `[-` written so that Cooklang reads them as text, not as comments:
    /// an empty block comment between the two characters (`-[- -]-`, `[[- -]-`), which a
    /// reader drops, leaving the two as they were. Runs of three or more dashes are text
    /// already.
    static func commentSafe(_ text: String) -> String {
        guard text.contains("-") else { return text }
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "-" {
                var end = index
                while end < characters.count, characters[end] == "-" { end += 1 }
                result += end - index == 2 ? "-[- -]-" : String(repeating: "-", count: end - index)
                index = end
                continue
            }
            if character == "[", index + 1 < characters.count, characters[index + 1] == "-" {
                result += "[[- -]"
                index += 1
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmed
    }

    /// What a Cooklang file has no place for, or holds in part (`FormatWriter.noPlaceFor`).
    public static let noPlaceFor: [RecipeField: String] = [
        .ingredientGroups: "Cooklang lists ingredients where the steps use them, under no heading of their own",
        .ingredientLines: "an ingredient is written where a step uses it, as amount, unit, name and note, so its line comes back so spaced and ordered (`2 1/2 cups flour, sifted`), in the order the steps use them",
        .ingredientNames: "an ingredient is named by its line's words before the note (`medium onion`)",
        .optionalMarks: "Cooklang has no optional ingredients",
        .dateCreated: "Cooklang's metadata has no dates",
        .dateModified: "Cooklang's metadata has no dates",
        .datePublished: "Cooklang's metadata has no dates",
        .datesCooked: "Cooklang's metadata has no dates",
        .stepTitles: "a Cooklang step is a paragraph, with no title",
        .stepPictures: "a step's picture would be a file of its own beside the recipe",
        .sourceAppFields: "only a recipe read from Cooklang keeps its other metadata",
    ]
}

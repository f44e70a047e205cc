import CLibXML2
import LarderCore

/// The last resort for pages with neither structured data nor a known recipe card: a list after
/// a heading such as "Ingredients" / "Zutaten" / "Ingrédients", and an ordered list (or the
/// paragraphs) after "Instructions" / "Method" / "Directions".
enum PageHeuristics {
    /// Elements that may title a section: headings and any short element of text.
    static let headingPath = "//h1|//h2|//h3|//h4|//h5|//h6|//strong|//b|//em|//dt|//p|//span|//div[not(*)]|//label|//th|//td"

    static func card(in document: HTMLDocument) -> RecipeCard? {
        var ingredients: [SectionReader.Group] = []
        var ingredientsEnd: (order: Int, methodStart: xmlNodePtr?) = (-1, nil)
        var instructionTitles: [(order: Int, title: HTMLElement)] = []
        var bestScore = 0.0
        for (order, title) in document.elements(matching: headingPath).enumerated() {
            // Cheap length check on libxml2's text before building the readable text.
            guard title.rawText.utf8.count < 120, let kind = SectionWords.section(of: title.text) else { continue }
            guard kind == .ingredients else {
                instructionTitles.append((order, title))
                continue
            }
            // Menus and widgets also say "Ingredients"; the section that reads most like
            // ingredient lines (amounts, short lines) wins.
            let section = SectionReader.read(after: title, kind: .ingredients)
            let score = ingredientLikeness(section.lines)
            if score > bestScore {
                bestScore = score
                ingredients = section.groups
                ingredientsEnd = (order, section.methodStart)
            }
        }
        // Containers the page itself names (`class="ingredients"`, `id="instructions"`):
        // their list items, or their repeated children.
        for items in namedContainers(containing: ["ingredient", "zutat", "ingrediente", "hozzaval"], in: document) {
            let score = ingredientLikeness(items)
            if score > bestScore {
                bestScore = score
                ingredients = [(nil, items)]
                ingredientsEnd = (-1, nil)
            }
        }
        // No title and no name: a list that could only be ingredients ("½ cup blue cheese,
        // crumbled" line after line), with the method in the paragraphs after it.
        if ingredients.isEmpty, let list = untitledIngredientList(in: document) {
            ingredients = [(nil, list.lines)]
            ingredientsEnd = (-1, SectionReader.following(list.end, descend: false))
        }
        guard ingredients.reduce(0, { $0 + $1.lines.count }) >= 2 else { return nil }
        // The method's title after the ingredients, else any; else what follows the ingredients
        // (the prose that ended them, or the paragraphs after a plain heading); else a container
        // named for it.
        let ordered = instructionTitles.filter { $0.order > ingredientsEnd.order } + instructionTitles.filter { $0.order < ingredientsEnd.order }
        var steps = ordered.lazy.map { SectionReader.read(after: $0.title, kind: .instructions).groups }.first { !$0.isEmpty } ?? []
        if steps.isEmpty, let start = ingredientsEnd.methodStart {
            let read = SectionReader.read(from: start, level: 6, kind: .instructions, document: document).groups
            // Sentences, not another list of links.
            if read.contains(where: { $0.lines.contains { $0.count >= 60 } }) { steps = read }
        }
        if steps.isEmpty {
            let named = namedContainers(containing: ["instruction", "direction", "method", "preparation", "step", "zubereitung", "elaboracion"], in: document)
                .filter { $0.count >= 1 && $0.count <= 60 }
                .max { $0.reduce(0) { $0 + $1.count } < $1.reduce(0) { $0 + $1.count } }
            if let named { steps = [(nil, named)] }
        }
        var card = RecipeCard()
        card.ingredientGroups = ingredients
        card.instructionSections = steps.map { (name: $0.name, steps: $0.lines) }
        return card
    }

    /// The lines of every element whose class or id holds one of `words`: its list items when
    /// it has any, else the text of its child elements. Sized like a recipe's list (2 to 80
    /// lines), so a page-wide wrapper that happens to match is passed over; and not one line
    /// whose parts the page set apart (`<div class="ingredient"><div>1</div><div>cup flour</div></div>`).
    static func namedContainers(containing words: [String], in document: HTMLDocument) -> [[String]] {
        let lowered = "translate(concat(@class,' ',@id),'ABCDEFGHIJKLMNOPQRSTUVWXYZ','abcdefghijklmnopqrstuvwxyz')"
        let test = words.map { "contains(\(lowered),'\($0)')" }.joined(separator: " or ")
        var result: [[String]] = []
        // Menus name ingredients too (`menu-item-object-ingredient`). Their `nav` cannot be
        // relied on: libxml2's HTML parser, which predates HTML5, often nests the page in it.
        let outsideMenus = "not(contains(\(lowered),'menu'))"
        let xpath = "//*[self::ul or self::ol or self::dl or self::div or self::section or self::table][\(test)][\(outsideMenus)]"
        for container in document.elements(matching: xpath).prefix(300) {
            var items = container.elements(matching: ".//li|.//dt").map { TextCleaner.line(ItemText.of($0)) }
            if items.isEmpty {
                items = container.elements(matching: "./*|./*/tr").map { TextCleaner.line(ItemText.of($0)) }
            }
            items = items.filter { !$0.isEmpty && SectionWords.section(of: $0) == nil }
            if items.contains(where: ItemText.isBareAmount) { continue }
            if (2...80).contains(items.count), items.allSatisfy({ $0.count < 600 }) { result.append(items) }
        }
        return result
    }

    /// The list whose items most look like ingredient lines: three or more open with an amount,
    /// and most of them do. Strict, as nothing else on the page says it is a recipe.
    static func untitledIngredientList(in document: HTMLDocument) -> (lines: [String], end: xmlNodePtr)? {
        var best: (lines: [String], end: xmlNodePtr, score: Double)?
        for list in document.elements(matching: "//ul[count(li) >= 3 and count(li) <= 60]|//ol[count(li) >= 3 and count(li) <= 60]").prefix(400) {
            let lines = list.elements(matching: "./li").map { IngredientLineCleaner.clean($0.text) }.filter { !$0.isEmpty }
            guard lines.count >= 3 else { continue }
            let opening = lines.filter { $0.count < 160 && startsWithAmount($0) }.count
            let score = Double(opening) / Double(lines.count)
            if score >= 0.6, opening >= 3, score > best?.score ?? 0 { best = (lines, list.node, score) }
        }
        return best.map { ($0.lines, $0.end) }
    }

    /// "2 cups", "½ lemon", "1-2 tbsp": a digit or a vulgar fraction first.
    static func startsWithAmount(_ line: String) -> Bool {
        guard let first = line.unicodeScalars.first else { return false }
        return first.properties.numericType != nil
    }

    /// Share of lines that carry a number or a fraction and are not too long, plus a little
    /// for the list's length.
    static func ingredientLikeness(_ items: [String]) -> Double {
        guard items.count >= 2 else { return 0 }
        let looking = items.filter { line in line.count < 160 && line.contains { $0.isNumber } }.count
        return Double(looking) / Double(items.count) + min(Double(items.count), 30) / 1000
    }
}

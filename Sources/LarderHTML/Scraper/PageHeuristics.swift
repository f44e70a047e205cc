import LarderCore

/// The last resort for pages with neither structured data nor a known recipe card: a list after
/// a heading such as "Ingredients" / "Zutaten" / "Ingrédients", and an ordered list (or the
/// paragraphs) after "Instructions" / "Method" / "Directions".
enum PageHeuristics {
    /// The words for the method are often those for its time too ("Preparación", "Preparo",
    /// "Preparation"): beside a length ("35 m") such a word labels the preparation time.
    static func labelsATime(_ title: HTMLElement) -> Bool {
        guard let value = PageFacts.valueBeside(title) else { return false }
        let text = TextCleaner.line(value.text)
        return text.count < 20 && DurationParser.parse(text)?.minutes != nil
    }

    static func card(in page: PageIndex, limits: InputLimits = .standard) -> RecipeCard? {
        var ingredients: [SectionReader.Group] = []
        var ingredientsEnd: (order: Int, methodStart: HTMLElement?) = (-1, nil)
        var instructionTitles: [(order: Int, title: HTMLElement)] = []
        var bestScore = 0.0
        var parts = PartTitles()
        for (order, (title, kind)) in SectionTitles.find(in: page).enumerated() {
            guard kind == .ingredients else {
                if !labelsATime(title) { instructionTitles.append((order, title)) }
                continue
            }
            // Menus and widgets also say "Ingredients"; the section that reads most like
            // ingredient lines (amounts, short lines) wins.
            let section = SectionReader.read(after: title, kind: .ingredients, limits: limits)
            parts.add(section, titled: TextCleaner.line(title.text), order: order)
            let score = ingredientLikeness(section.lines)
            if score > bestScore {
                bestScore = score
                ingredients = section.groups
                ingredientsEnd = (order, section.methodStart)
            }
        }
        // The winner is one part of a recipe whose parts each have a title: all the parts.
        if let run = parts.run(holding: ingredientsEnd.order) {
            ingredients = run.groups
            ingredientsEnd = (run.lastOrder, run.methodStart)
        }
        // Containers the page itself names (`class="ingredients"`, `id="instructions"`):
        // their list items, or their repeated children.
        for items in namedContainers(containing: ingredientContainerWords, in: page.document) {
            let score = ingredientLikeness(items)
            if score > bestScore {
                bestScore = score
                ingredients = [(nil, items)]
                ingredientsEnd = (-1, nil)
            }
        }
        // No title and no name: a list that could only be ingredients ("½ cup blue cheese,
        // crumbled" line after line), with the method in the paragraphs after it.
        if ingredients.isEmpty, let list = untitledIngredientList(in: page.document) {
            ingredients = [(nil, list.lines)]
            ingredientsEnd = (-1, list.end.nodeAfter)
        }
        guard ingredients.reduce(0, { $0 + $1.lines.count }) >= 2 else { return nil }
        // The method's title after the ingredients, else any; else what follows the ingredients
        // (the prose that ended them, or the paragraphs after a plain heading); else a container
        // named for it.
        let ordered = instructionTitles.filter { $0.order > ingredientsEnd.order } + instructionTitles.filter { $0.order < ingredientsEnd.order }
        var steps = ordered.lazy.map { SectionReader.read(after: $0.title, kind: .instructions, limits: limits).groups }.first { !$0.isEmpty } ?? []
        if steps.isEmpty, let start = ingredientsEnd.methodStart {
            let read = SectionReader.read(from: start, level: 6, kind: .instructions, limits: limits).groups
            // Sentences, not another list of links.
            if read.contains(where: { $0.lines.contains { $0.count >= 60 } }) { steps = read }
        }
        if steps.isEmpty {
            let named = namedContainers(containing: instructionContainerWords, in: page.document)
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
    static func namedContainers(containing words: [StaticString], in document: HTMLDocument) -> [[String]] {
        guard let root = document.root else { return [] }
        var containers: [HTMLElement] = []
        root.walk { node in
            guard containers.count < 300, node.isNamed("ul") || node.isNamed("ol") || node.isNamed("dl") || node.isNamed("div")
                || node.isNamed("section") || node.isNamed("table") else { return .enter }
            var named = false
            var menu = false
            node.forEachAttribute { name, value in
                guard name.equalsIgnoringCase("class") || name.equalsIgnoringCase("id") else { return }
                named = named || words.contains { value.contains($0) }
                // Menus name ingredients too (`menu-item-object-ingredient`). Their `nav` cannot be
                // relied on: libxml2's HTML parser, which predates HTML5, often nests the page in it.
                menu = menu || value.contains("menu")
            }
            if named, !menu { containers.append(node.element) }
            return .enter
        }
        var result: [[String]] = []
        for container in containers {
            var items = container.descendants { $0.isNamed("li") || $0.isNamed("dt") }.map { TextCleaner.line(ItemText.of($0)) }
            if items.isEmpty {
                items = container.children.flatMap { child in [child] + child.children.filter { $0.name == "tr" } }.map { TextCleaner.line(ItemText.of($0)) }
            }
            items = items.filter { !$0.isEmpty && SectionWords.section(of: $0) == nil }
            if items.contains(where: ItemText.isBareAmount) { continue }
            if (2...80).contains(items.count), items.allSatisfy({ $0.count < 600 }) { result.append(items) }
        }
        return result
    }

    /// Class and id words of the containers of a recipe's parts, in the languages of the pages.
    static let ingredientContainerWords: [StaticString] = ["ingredient", "zutat", "hozzaval", "ingredienser", "skladnik", "ainekset"]
    static let instructionContainerWords: [StaticString] = ["instruction", "direction", "method", "preparation", "step", "zubereitung", "elaboracion",
                                                           "preparacion", "preparazione", "procedimento", "bereiding", "fremgangsm", "tilbered",
                                                           "instruktion", "przygotowanie", "valmistus", "elkeszites", "postup", "preparo", "etapes"]

    /// The list whose items most look like ingredient lines: three or more open with an amount,
    /// and most of them do. Strict, as nothing else on the page says it is a recipe.
    static func untitledIngredientList(in document: HTMLDocument) -> (lines: [String], end: HTMLElement)? {
        guard let root = document.root else { return nil }
        var best: (lines: [String], end: HTMLElement, score: Double)?
        let lists = root.descendants { $0.isNamed("ul") || $0.isNamed("ol") }
        var looked = 0
        for list in lists where looked < 400 {
            let items = list.children.filter { $0.name == "li" }
            guard (3...60).contains(items.count) else { continue }
            looked += 1
            let lines = items.map { IngredientLineCleaner.clean($0.text) }.filter { !$0.isEmpty }
            guard lines.count >= 3 else { continue }
            let opening = lines.filter { $0.count < 160 && startsWithAmount($0) }.count
            let score = Double(opening) / Double(lines.count)
            if score >= 0.6, opening >= 3, score > best?.score ?? 0 { best = (lines, list, score) }
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

/// Ingredient titles in a row that each name a part of the dish ("Ingredients for Filling",
/// "Ingredients for Topping", "Zutaten für die Soße"): each title ends the section before it,
/// so read alone every part is a list of its own and only one would be kept. Together they
/// are the recipe's list, one group a part, named by its title.
struct PartTitles {
    struct Run {
        var groups: [SectionReader.Group]
        var firstOrder: Int
        var lastOrder: Int
        var methodStart: HTMLElement?
        var parts: Int
        var lastLines: [String]
    }

    private var runs: [Run] = []

    mutating func add(_ section: SectionReader.Section, titled title: String, order: Int) {
        guard !section.lines.isEmpty, !SectionWords.titlesWholeSection(title) else { return }
        var groups = section.groups
        // A part with sub-headings of its own keeps their names.
        if groups[0].name == nil { groups[0].name = title }
        guard var last = runs.last, last.lastOrder == order - 1 else {
            runs.append(Run(groups: groups, firstOrder: order, lastOrder: order, methodStart: section.methodStart, parts: 1,
                            lastLines: section.lines))
            return
        }
        last.lastOrder = order
        // One title found twice (a span and the paragraph around it) reads the same section.
        if last.lastLines != section.lines {
            last.lastLines = section.lines
            last.groups += groups
            last.methodStart = section.methodStart
            last.parts += 1
        }
        runs[runs.count - 1] = last
    }

    /// The run of two or more parts that the title at `order` belongs to.
    func run(holding order: Int) -> Run? {
        runs.first { $0.parts >= 2 && $0.firstOrder <= order && order <= $0.lastOrder }
    }
}

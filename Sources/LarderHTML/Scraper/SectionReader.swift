import LarderCore

/// Reads what follows a section title ("Ingredients", "Method") on a page that has no recipe
/// markup, in document order, the way a reader's eye goes down the page: list items,
/// paragraphs, lines broken by `<br>`, table cells. A short heading or a bold line inside the
/// section names a group. Reading ends at the next section title, at a heading as high as the
/// section's own, at the comments or the page footer, and, for ingredients, at the first
/// paragraph of prose (often the method, written with no title of its own).
///
/// A section is read whole, however long: up to one line past Larder's limit for its kind, so a
/// longer one is refused by its count (`RecipeScraper.checkCounts`) rather than cut short.
enum SectionReader {
    typealias Group = (name: String?, lines: [String])

    struct Section {
        var groups: [Group] = []
        /// Where a method that has no title of its own would begin: at the paragraph of prose
        /// that ended an ingredient section, or after the plain heading that did (the dish's
        /// name over its method).
        var methodStart: HTMLElement?

        var lines: [String] { groups.flatMap(\.lines) }
    }

    /// The section a title opens. The title may be an inline element inside a paragraph
    /// (`<p><strong>Ingredients:</strong></p>`): reading starts after the block around it.
    static func read(after title: HTMLElement, kind: SectionWords.Section, limits: InputLimits = .standard) -> Section {
        var start = title
        let text = title.text.comparisonKey
        while let parent = start.parent, start.headingLevel == nil {
            // A heading around the title is the title (`<h2><span>Ingredients</span><a>edit</a></h2>`).
            guard parent.headingLevel != nil || parent.text.comparisonKey == text else { break }
            start = parent
        }
        // `<p><strong>Method:<br></strong>Split the eggs…</p>`: the rest of the paragraph is the
        // section's first text.
        if start.headingLevel == nil, let parent = start.parent, parent.name == "p" {
            let lines = parent.text.split(whereSeparator: \.isNewline)
                .map { IngredientLineCleaner.clean(String($0)) }.filter { !$0.isEmpty }
            if lines.count > 1, lines[0].comparisonKey == text {
                var section = read(from: parent.nodeAfter, level: 7, kind: kind, limits: limits)
                let rest = kind == .instructions ? [lines.dropFirst().joined(separator: " ")] : Array(lines.dropFirst())
                if let first = section.groups.first, first.name == nil {
                    section.groups[0].lines = rest + first.lines
                } else {
                    section.groups.insert((nil, rest), at: 0)
                }
                return section
            }
        }
        return read(from: start.nodeAfter, level: start.headingLevel ?? 7, kind: kind, limits: limits)
    }

    /// How many elements and texts in a row may give no line before reading gives up: a
    /// section that runs on into the rest of the page without ending is not read to its end.
    static let maxNodesWithoutLine = 4000

    /// Reads from `node` (included) on. `level` is the title's heading level (7 for a title that
    /// is not a heading): a heading at that level or higher ends the section. What each node
    /// does to the section is `SectionReading`'s rules.
    static func read(from node: HTMLElement?, level: Int, kind: SectionWords.Section, limits: InputLimits = .standard) -> Section {
        var section = Section()
        var pendingName: String?
        var withoutLine = 0
        var lineCount = 0
        let maxLines = kind == .ingredients ? limits.maxIngredientLines : limits.maxSteps
        // Lines from list items, and from anything else: a section that has a list is its list
        // (the text around it is a yield, a unit switch, a link back to the top).
        var fromList: [[Bool]] = []
        var list: HTMLElement?
        func add(_ line: String, listItem: Bool) {
            if section.groups.isEmpty || pendingName != nil {
                section.groups.append((pendingName, []))
                fromList.append([])
                pendingName = nil
            }
            section.groups[section.groups.count - 1].lines.append(line)
            fromList[fromList.count - 1].append(listItem)
            lineCount += 1
            withoutLine = 0
        }
        /// Lines of a paragraph, or of a run of text broken by `<br>`: added, or a title of a group,
        /// or the end of the section.
        func readLines(_ found: [String], bold: String?, isParagraph: Bool, at node: HTMLElement) -> WalkStep? {
            var lines = found
            guard !lines.isEmpty else { return nil }
            // "NOTE | …", "Tip: …" after the steps: the notes begin.
            if kind == .instructions, !section.groups.isEmpty, SectionWords.opensOtherPart(lines[0]) { return .stop }
            // Not an ingredient written in bold ("<p><b>150 g de farine</b></p>").
            if let bold, lines[0] == bold, bold.count <= 60, !(kind == .ingredients && PageHeuristics.startsWithAmount(bold)) {
                if endsSection(bold) { return .stop }
                if lines.count == 1 || groupName(bold, kind: kind) != nil {
                    pendingName = groupName(bold, kind: kind)
                    lines.removeFirst()
                }
            }
            // A paragraph that is only the method's title ("<p>Preparación:</p>"), or that opens
            // with it on a line of its own ("<p><span>Directions:</span><br>Preheat…</p>"), ends
            // the ingredients as a heading would.
            if kind == .ingredients, isParagraph, let first = lines.first, first.count <= 40, SectionWords.section(of: first) == .instructions {
                if !section.groups.isEmpty { section.methodStart = lines.count == 1 ? node.nodeAfter : node }
                return .stop
            }
            // A short line between lists ("<p>Optional</p>") titles the next one.
            if kind == .ingredients, list != nil, lines.count == 1, lines[0].count <= 40, let name = groupName(lines[0], kind: kind) {
                pendingName = name
                return nil
            }
            if kind == .ingredients, lines.contains(where: isProse) {
                if !section.groups.isEmpty {
                    section.methodStart = node
                    return .stop
                }
                return nil
            }
            if kind == .instructions {
                // A paragraph is one step, however its lines are broken.
                if !lines.isEmpty { add(lines.joined(separator: " "), listItem: false) }
            } else {
                for line in lines { add(line, listItem: false) }
            }
            return nil
        }
        /// The last node of a run of text being read (`• 2 eggs<br>• 1 cup milk<br>` written
        /// straight into a container): its other nodes were read with its first.
        var runEnd: HTMLElement?
        node?.walkOnward(texts: true) { visited in
            guard withoutLine < maxNodesWithoutLine else { return .stop }
            withoutLine += 1
            if let end = runEnd {
                if visited.element == end { runEnd = nil }
                return .skip
            }
            if visited.isText {
                // Text written straight into a container, between the blocks around it.
                guard let run = textRun(from: visited.element) else { return .skip }
                if run.last != visited.element { runEnd = run.last }
                let lines = run.text.split(whereSeparator: \.isNewline).map { IngredientLineCleaner.clean(String($0)) }.filter { !$0.isEmpty && !isControl($0) }
                if readLines(lines, bold: nil, isParagraph: true, at: visited.element) == .stop { return .stop }
                if lineCount > maxLines { return .stop }
                return .skip
            }
            let node = visited.element
            let element = node
            let name = element.name
            var descend = false
            // A hidden copy of the list in other units, after the one shown. (Hidden steps are
            // an accordion's, and are read.)
            let part = (kind == .ingredients && list != nil && isHidden(element)) || isInactiveTab(element) ? .skipped : role(of: element, name: name)
            switch part {
            case .skipped:
                break
            case .end:
                return .stop
            case .container:
                descend = true
            case .heading(let headingLevel):
                let title = TextCleaner.line(element.text)
                if title.isEmpty { break }
                if endsSection(title) { return .stop }
                // A step's label set as a heading ("<h3>Step 2</h3>") goes on with the method.
                if kind == .instructions, StepNumbering.isLabel(title) { break }
                if headingLevel <= level {
                    if kind == .ingredients, !section.groups.isEmpty { section.methodStart = node.nodeAfter }
                    return .stop
                }
                pendingName = groupName(title, kind: kind)
            case .item:
                let line = IngredientLineCleaner.clean(ItemText.of(element))
                guard !line.isEmpty, !isControl(line) else { break }
                if kind == .instructions, SectionWords.opensOtherPart(line) { return .stop }
                // A second list with no title of its own is the same lines again (metric and
                // cups in tabs), or another part of the page.
                if let list, list != node.parent, pendingName == nil { return .stop }
                // Steps written as paragraphs end where a list begins (tags, related posts).
                if kind == .instructions, list == nil, pendingName == nil, section.lines.reduce(0, { $0 + $1.count }) >= 100 { return .stop }
                // Ingredients written as paragraphs end where a list of steps begins.
                if kind == .ingredients, list == nil, !PageHeuristics.startsWithAmount(line),
                   section.lines.filter(PageHeuristics.startsWithAmount).count >= 2 {
                    section.methodStart = node.parent
                    return .stop
                }
                list = node.parent
                add(line, listItem: true)
            case .lines:
                let lines = element.text.split(whereSeparator: \.isNewline).map { IngredientLineCleaner.clean(String($0)) }.filter { !$0.isEmpty && !isControl($0) }
                // A paragraph that is all bold ("<p><b>For the glaze</b></p>") titles a group;
                // so does a bold first line above lines broken by `<br>`.
                let bold = RecipeCards.boldTags.contains(name) ? lines.joined(separator: " ") : leadingBold(of: element)
                if readLines(lines, bold: bold, isParagraph: name == "p", at: node) == .stop { return .stop }
            }
            if lineCount > maxLines { return .stop }
            return descend ? .enter : .skip
        }
        if fromList.joined().contains(true) {
            for index in section.groups.indices {
                section.groups[index].lines = zip(section.groups[index].lines, fromList[index]).filter(\.1).map(\.0)
            }
        }
        section.groups.removeAll { $0.lines.isEmpty }
        return section
    }

    enum Role {
        case skipped, end, container, item, lines
        case heading(Int)
    }

    static let skippedTags: Set<String> = ["script", "style", "noscript", "template", "svg", "button", "form", "select", "input",
                                           "textarea", "iframe", "img", "picture", "figure", "video", "audio", "aside", "nav", "label"]
    static let containerTags: Set<String> = ["div", "section", "article", "main", "ul", "ol", "dl", "table", "tbody", "thead", "tr", "td",
                                             "th", "blockquote", "center", "font", "span", "header"]
    static let blockTags: Set<String> = ["p", "div", "section", "article", "ul", "ol", "li", "dl", "dt", "dd", "table", "tr", "td", "h1",
                                         "h2", "h3", "h4", "h5", "h6", "blockquote", "figure", "header", "footer", "aside", "nav", "form"]
    /// Class or id words of the parts of a page that are not the recipe.
    static let asideWords = ["share", "social", "newsletter", "advert", "promo", "related", "breadcrumb", "cookie", "popup", "modal"]
    static let endWords = ["comment", "footer"]

    static func role(of element: HTMLElement, name: String) -> Role {
        if name == "footer" { return .end }
        if skippedTags.contains(name) { return .skipped }
        if let level = element.headingLevel { return .heading(level) }
        let marks = ((element.attribute("class") ?? "") + " " + (element.attribute("id") ?? "")).lowercased()
        if marks.count > 1 {
            if endWords.contains(where: marks.containsBytes) { return .end }
            if asideWords.contains(where: marks.containsBytes) { return .skipped }
        }
        // Unit switches and tab bars ("US | METRIC") are controls, not lines.
        if let role = element.attribute("role")?.lowercased(), role == "tablist" || role == "navigation" || role == "menu" { return .skipped }
        if name == "li" || name == "dt" || name == "dd" || isRow(element, name: name) { return .item }
        if name == "p" { return .lines }
        // A container of text only (`<div>1 cup flour<br>2 eggs</div>`) reads like a paragraph.
        if containerTags.contains(name) || name.isEmpty {
            return hasBlockChild(element) ? .container : .lines
        }
        return .lines
    }

    /// The words of the page's buttons, written as text among the lines.
    static let controls: Set<String> = ["print recipe", "print", "jump to recipe", "pin recipe", "save recipe", "rate recipe", "pin", "share"]

    static func isControl(_ line: String) -> Bool {
        line.count <= 16 && controls.contains(line.lowercased().trimmingCharacters(in: .punctuationCharacters))
    }

    /// One line laid out in parts: a table row of cells (`| 150ml | red wine |`), or a row
    /// with its own checkbox (`☐ <div>2 sticks</div><div>cinnamon</div>`).
    static func isRow(_ element: HTMLElement, name: String) -> Bool {
        if name == "tr" {
            let cells = element.children.filter { $0.name == "td" || $0.name == "th" }
            return cells.count >= 2 && cells.allSatisfy { !hasBlockChild($0) }
        }
        guard name == "div" else { return false }
        var hasCheckbox = false
        element.walk { child in
            if child.isNamed("input"), child.element.attribute("type")?.lowercased() == "checkbox" {
                hasCheckbox = true
                return .stop
            }
            return .skip
        }
        return hasCheckbox
    }

    /// A tab the reader has not opened: the same list in other units.
    static func isInactiveTab(_ element: HTMLElement) -> Bool {
        guard let classes = element.attribute("class")?.lowercased().split(separator: " "), classes.contains("tab-pane") else { return false }
        return !classes.contains("active")
    }

    /// Not shown until the reader asks: the same list in other units, a collapsed accordion.
    static func isHidden(_ element: HTMLElement) -> Bool {
        if element.attribute("hidden") != nil { return true }
        if let style = element.attribute("style")?.lowercased().filter({ $0 != " " }), style.contains("display:none") { return true }
        guard let classes = element.attribute("class")?.lowercased() else { return false }
        return classes.contains("visuallyhidden") || classes.contains("visually-hidden")
            || classes.split(separator: " ").contains { $0 == "hidden" || $0 == "d-none" || $0 == "sr-only" }
    }

    static func hasBlockChild(_ element: HTMLElement) -> Bool {
        var found = false
        element.walk { child in
            if blockTags.contains(child.name) {
                found = true
                return .stop
            }
            return .skip
        }
        return found
    }

    /// A run of text written straight into a container (`<h2>Ingredients</h2>• 2 eggs<br>• 1 cup
    /// milk<br><h2>Method</h2>`, Blogger's `<b>Ingredients</b><br>• 2 eggs<br>…`): from a text node
    /// with words, through the inline elements and `<br>`s after it, to the next block, heading or
    /// skipped element, or a bold title of another section. Its text has a line break for each
    /// `<br>`, and its last node; nil when the text is only space.
    static func textRun(from first: HTMLElement) -> (text: String, last: HTMLElement)? {
        guard let words = first.textContent, words.contains(where: { !$0.isWhitespace }) else { return nil }
        var text = words
        var last = first
        var current = first.nextNode
        while let node = current {
            if let more = node.textContent {
                text += more
            } else if node.isElement {
                let name = node.name
                if blockTags.contains(name) || skippedTags.contains(name) || node.headingLevel != nil { break }
                if name == "br" {
                    text += "\n"
                } else {
                    let inner = node.text
                    if endsSection(TextCleaner.line(inner)) { break }
                    text += inner
                }
            }
            last = node
            current = node.nextNode
        }
        return (text, last)
    }

    /// The text of a bold element that opens the element, when nothing but space comes before it.
    static func leadingBold(of element: HTMLElement) -> String? {
        for child in element.childNodes {
            if let text = child.textContent {
                if !text.allSatisfy(\.isWhitespace) { return nil }
            } else if child.isElement {
                guard RecipeCards.boldTags.contains(child.name) || child.name == "u" else { return nil }
                return IngredientLineCleaner.clean(child.text)
            }
        }
        return nil
    }

    /// A title that ends the section: another section's ("Method" after the ingredients) or a
    /// part of the page that is not the recipe ("Notes", "Nutrition").
    static func endsSection(_ title: String) -> Bool {
        SectionWords.section(of: title) != nil || SectionWords.isOtherPart(title)
    }

    static func groupName(_ title: String, kind: SectionWords.Section) -> String? {
        switch kind {
        case .ingredients: IngredientGroupInference.isGroupName(title) ? title : nil
        case .instructions: title.count <= 80 ? title : nil
        }
    }

    /// Sentences, not a list line: long, with a full stop inside.
    static func isProse(_ line: String) -> Bool {
        line.count > 300 || line.count > 140 && line.contains(". ")
    }
}

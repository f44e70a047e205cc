import LarderCore

/// One section being read by `SectionReader.read(from:level:kind:limits:)`, a node at a time in
/// document order. Each decision is a named rule of its own, with a table of cases in
/// `SectionReaderRuleTests`: what a heading, a list item or a paragraph does to the section.
struct SectionReading {
    let level: Int
    let kind: SectionWords.Section
    let maxLines: Int
    var section = SectionReader.Section()
    /// The title of the group the next line opens.
    var pendingName: String?
    /// Elements and texts in a row that gave no line.
    var withoutLine = 0
    var lineCount = 0
    /// Whether each line came from a list item: a section that has a list is its list (the
    /// text around it is a yield, a unit switch, a link back to the top).
    var fromList: [[Bool]] = []
    /// The list the items read so far belong to.
    var list: HTMLElement?

    init(level: Int, kind: SectionWords.Section, limits: InputLimits) {
        self.level = level
        self.kind = kind
        maxLines = kind == .ingredients ? limits.maxIngredientLines : limits.maxSteps
    }

    /// The last node of a run of text being read (`• 2 eggs<br>• 1 cup milk<br>` written
    /// straight into a container): its other nodes were read with its first.
    var runEnd: HTMLElement?

    /// What the section does with the node, and whether the walk goes into it, past it, or ends.
    mutating func visit(_ visited: HTMLNode) -> WalkStep {
        guard withoutLine < SectionReader.maxNodesWithoutLine else { return .stop }
        withoutLine += 1
        if let end = runEnd {
            if visited.element == end { runEnd = nil }
            return .skip
        }
        if visited.isText {
            if textRun(visited.element) == .stop || lineCount > maxLines { return .stop }
            return .skip
        }
        guard visited.isElement else { return .skip }
        let element = visited.element
        let name = element.name
        var descend = false
        switch isHiddenCopy(element) ? .skipped : SectionReader.role(of: element, name: name) {
        case .skipped:
            break
        case .end:
            return .stop
        case .container:
            descend = true
        case .heading(let headingLevel):
            if heading(element, level: headingLevel) == .stop { return .stop }
        case .item:
            if item(element) == .stop { return .stop }
        case .lines:
            if lines(element, name: name) == .stop { return .stop }
        }
        if lineCount > maxLines { return .stop }
        return descend ? .enter : .skip
    }

    enum Next { case goOn, stop }

    // MARK: Rules for what is not read

    /// A hidden copy of the list in other units, after the one shown, and a tab the reader has
    /// not opened, are passed over. (Hidden steps are an accordion's, and are read.)
    func isHiddenCopy(_ element: HTMLElement) -> Bool {
        (kind == .ingredients && list != nil && SectionReader.isHidden(element)) || SectionReader.isInactiveTab(element)
    }

    // MARK: Rules for headings

    /// A heading: another section's title ends this one; a step's label set as a heading
    /// ("<h3>Step 2</h3>") goes on with the method; a heading as high as the section's title
    /// ends it (for ingredients, the method may begin after it); a lower one titles a group.
    mutating func heading(_ element: HTMLElement, level headingLevel: Int) -> Next {
        let title = TextCleaner.line(element.text)
        if title.isEmpty { return .goOn }
        if SectionReader.endsSection(title) { return .stop }
        if kind == .instructions, StepNumbering.isLabel(title) { return .goOn }
        if headingLevel <= level {
            if kind == .ingredients, !section.groups.isEmpty { section.methodStart = element.nodeAfter }
            return .stop
        }
        pendingName = SectionReader.groupName(title, kind: kind)
        return .goOn
    }

    // MARK: Rules for list items

    /// A list item is a line, unless a rule below ends the section first.
    mutating func item(_ element: HTMLElement) -> Next {
        let line = IngredientLineCleaner.clean(ItemText.of(element))
        guard !line.isEmpty, !SectionReader.isControl(line) else { return .goOn }
        if kind == .instructions, SectionWords.opensOtherPart(line) { return .stop }
        if secondListEnds(element) || listAfterStepParagraphsEnds() { return .stop }
        if stepsListEndsIngredientParagraphs(line) {
            section.methodStart = element.parent
            return .stop
        }
        list = element.parent
        add(line, listItem: true)
        return .goOn
    }

    /// A second list with no title of its own is the same lines again (metric and cups in
    /// tabs), or another part of the page: it ends the section.
    func secondListEnds(_ element: HTMLElement) -> Bool {
        if let list, list != element.parent, pendingName == nil { return true }
        return false
    }

    /// Steps written as paragraphs end where a list begins (tags, related posts).
    func listAfterStepParagraphsEnds() -> Bool {
        kind == .instructions && list == nil && pendingName == nil && section.lines.reduce(0, { $0 + $1.count }) >= 100
    }

    /// Ingredients written as paragraphs end where a list of steps begins: an item without an
    /// amount after two lines with one.
    func stepsListEndsIngredientParagraphs(_ line: String) -> Bool {
        kind == .ingredients && list == nil && !PageHeuristics.startsWithAmount(line)
            && section.lines.filter(PageHeuristics.startsWithAmount).count >= 2
    }

    // MARK: Rules for paragraphs and lines broken by <br>

    /// Text written straight into a container, between the blocks around it: read as a paragraph.
    mutating func textRun(_ first: HTMLElement) -> Next {
        guard let run = SectionReader.textRun(from: first) else { return .goOn }
        if run.last != first { runEnd = run.last }
        return readLines(SectionReader.lines(of: run.text), bold: nil, isParagraph: true, at: first)
    }

    /// A paragraph (or a block of text lines): its lines, with its bold title if it has one.
    mutating func lines(_ element: HTMLElement, name: String) -> Next {
        let lines = SectionReader.lines(of: element.text)
        guard !lines.isEmpty else { return .goOn }
        let bold = RecipeCards.boldTags.contains(name) ? lines.joined(separator: " ") : SectionReader.leadingBold(of: element)
        return readLines(lines, bold: bold, isParagraph: name == "p", at: element)
    }

    /// Lines of a paragraph, or of a run of text broken by `<br>`: added, unless a rule below
    /// makes them a title or ends the section.
    mutating func readLines(_ found: [String], bold: String?, isParagraph: Bool, at node: HTMLElement) -> Next {
        var lines = found
        guard !lines.isEmpty else { return .goOn }
        if notesBegin(lines) { return .stop }
        if boldTitle(bold, lines: &lines) == .stop { return .stop }
        if let first = lines.first, methodTitleParagraph(first, isParagraph: isParagraph) {
            // "<p>Preparación:</p>" alone, or opening lines of its own ("<p><span>Directions:</span><br>Preheat…</p>").
            if !section.groups.isEmpty { section.methodStart = lines.count == 1 ? node.nodeAfter : node }
            return .stop
        }
        if let title = shortLineBetweenLists(lines) {
            pendingName = title
            return .goOn
        }
        if kind == .ingredients, lines.contains(where: SectionReader.isProse) {
            // Prose ends the ingredients: often the method, written with no title of its own.
            if !section.groups.isEmpty {
                section.methodStart = node
                return .stop
            }
            return .goOn
        }
        if kind == .instructions {
            // A paragraph is one step, however its lines are broken (a bold title alone is none).
            if !lines.isEmpty { add(lines.joined(separator: " "), listItem: false) }
        } else {
            for line in lines { add(line, listItem: false) }
        }
        return .goOn
    }

    /// "NOTE | …", "Tip: …" after the steps: the notes begin, and the method ends.
    func notesBegin(_ lines: [String]) -> Bool {
        kind == .instructions && !section.groups.isEmpty && SectionWords.opensOtherPart(lines[0])
    }

    /// A paragraph that is all bold ("<p><b>For the glaze</b></p>") titles a group; so does a
    /// bold first line above lines broken by `<br>`. Not an ingredient written in bold ("<p><b>150
    /// g de farine</b></p>"), and a bold title of another section ends this one.
    mutating func boldTitle(_ bold: String?, lines: inout [String]) -> Next {
        guard let bold, !lines.isEmpty, lines[0] == bold, bold.count <= 60, !(kind == .ingredients && PageHeuristics.startsWithAmount(bold)) else { return .goOn }
        if SectionReader.endsSection(bold) { return .stop }
        if lines.count == 1 || SectionReader.groupName(bold, kind: kind) != nil {
            pendingName = SectionReader.groupName(bold, kind: kind)
            lines.removeFirst()
        }
        return .goOn
    }

    /// A paragraph that opens with the method's title on a line of its own ends the ingredients
    /// as a heading would.
    func methodTitleParagraph(_ first: String, isParagraph: Bool) -> Bool {
        kind == .ingredients && isParagraph && first.count <= 40 && SectionWords.section(of: first) == .instructions
    }

    /// A short line between lists ("<p>Optional</p>") titles the next one.
    func shortLineBetweenLists(_ lines: [String]) -> String? {
        guard kind == .ingredients, list != nil, lines.count == 1, lines[0].count <= 40 else { return nil }
        return SectionReader.groupName(lines[0], kind: kind)
    }

    // MARK: Lines

    mutating func add(_ line: String, listItem: Bool) {
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

    /// The section read: when it has a list, only the list's lines; no empty group.
    func finished() -> SectionReader.Section {
        var section = section
        if fromList.joined().contains(true) {
            for index in section.groups.indices {
                section.groups[index].lines = zip(section.groups[index].lines, fromList[index]).filter(\.1).map(\.0)
            }
        }
        section.groups.removeAll { $0.lines.isEmpty }
        return section
    }
}

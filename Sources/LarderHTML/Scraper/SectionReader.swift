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
        var reading = SectionReading(level: level, kind: kind, limits: limits)
        node?.walkOnward(texts: true) { reading.visit($0) }
        return reading.finished()
    }

    /// The lines of a text broken by new lines, cleaned, without empty lines and button words.
    static func lines(of text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { IngredientLineCleaner.clean(String($0)) }.filter { !$0.isEmpty && !isControl($0) }
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
        let written = (element.attribute("class") ?? "") + " " + (element.attribute("id") ?? "")
        let marks = written.lowercased()
        if marks.count > 1 {
            if endWords.contains(where: marks.containsBytes) { return .end }
            if asideWords.contains(where: marks.containsBytes) { return .skipped }
            if marks.containsBytes("ad") || marks.containsBytes("dfp"), isAdvertisement(written) { return .skipped }
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

    /// Words of class names and ids that mark an advertisement's slot when they stand alone
    /// (`CompanionAd__Wrapper`, `recipe-detail-companion-ad`, `ad noPrint`, `dfp-slot`): as part of
    /// a word, "ad" is in `heading`, `bread` and `shadow`. Lower-cased bytes.
    static let advertisementWords: Set<[UInt8]> = Set(["ad", "ads", "adslot", "adunit", "dfp", "adsbygoogle"].map { Array($0.utf8) })

    /// Whether an element's class names and id (`written`, as the page has them) hold one of
    /// `advertisementWords` as a word of its own: between marks, or as a capitalised part of a
    /// camel-case name. Read byte by byte: this runs on every element whose marks hold "ad".
    static func isAdvertisement(_ written: String) -> Bool {
        var word: [UInt8] = []
        var previousIsLower = false
        func ends() -> Bool {
            defer { word.removeAll(keepingCapacity: true) }
            return word.count <= 11 && advertisementWords.contains(word)
        }
        for byte in written.utf8 {
            let isUpper = byte >= 0x41 && byte <= 0x5A
            let isLower = byte >= 0x61 && byte <= 0x7A
            let isPart = isUpper || isLower || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
            if !isPart {
                if ends() { return true }
            } else {
                // `CompanionAd`: a capital after a small letter starts a word.
                if isUpper && previousIsLower && ends() { return true }
                word.append(isUpper ? byte + 0x20 : byte)
            }
            previousIsLower = isLower
        }
        return ends()
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
        // Screen-reader-only text is written for speech, not shown: `sr-only`, and the same
        // class named in a site's own scheme (`dre-heading__sr-only`, `screen-reader-text`).
        return classes.contains("visuallyhidden") || classes.contains("visually-hidden") || classes.contains("sr-only")
            || classes.contains("screen-reader") || classes.split(separator: " ").contains { $0 == "hidden" || $0 == "d-none" }
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

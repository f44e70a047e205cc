import LarderCore

/// Who wrote the recipe, as the page shows it when its metadata does not say: a recipe
/// card's author field, a link marked `rel="author"`, or a line such as "Author: Matt Ivan",
/// "By Alana Scott", "Written by Linbie Pham", "Autor: Ana Ruiz", or a label with the name in
/// the cell beside it (`<th>Author</th><td>kachasan</td>`).
enum Byline {
    /// The word for "author" in the languages Larder reads, which pages write as a label.
    static let labels = ["author", "autor", "autora", "auteur", "autore", "autrice", "autorka", "автор"]
    static let leads = labels.map { $0 + ":" } + labels.map { $0 + " :" } + ["recipe by", "written by", "by "]

    /// The first three letters of every lead, as the quick search compares them; Cyrillic in
    /// both cases, as the search lower-cases ASCII only.
    static let prefixes: Set<String> = ["aut", "rec", "wri", "by ", "авт", "Авт", "АВТ"]

    static func find(in page: PageIndex) -> String? {
        if let field = field(in: page.document) { return field }
        for element in page.elements(withTextStartingWith: prefixes).prefix(40) {
            guard element.rawText.utf8.count < 120, !isControl(element) else { continue }
            let text = TextCleaner.line(element.text)
            let lower = text.lowercased()
            if labels.contains(lower.trimmingPunctuation), let value = PageFacts.valueBeside(element), !isControl(value),
               let name = name(TextCleaner.line(value.text)) {
                return name
            }
            guard let lead = leads.first(where: lower.hasPrefix) else { continue }
            var rest = String(text.dropFirst(lead.count)).trimmingPunctuation
            // "<strong>Author:</strong> Matt Ivan": the name is beside the label.
            if rest.isEmpty, let parent = element.parent {
                let around = TextCleaner.line(parent.text)
                if around.lowercased().hasPrefix(lower), around.count < 80 { rest = String(around.dropFirst(text.count)).trimmingPunctuation }
            }
            if let name = name(rest) { return name }
        }
        return nil
    }

    /// A recipe card's author field, or a link marked as the author's.
    static func field(in document: HTMLDocument) -> String? {
        guard let root = document.root else { return nil }
        var fields: [HTMLElement] = []
        root.walk { node in
            var isField = false
            node.forEachAttribute { attribute, value in
                if attribute.equalsIgnoringCase("class") {
                    isField = isField || value.contains("recipe-author", ignoringCase: false) || value.contains("author-name", ignoringCase: false)
                } else if attribute.equalsIgnoringCase("rel"), node.isNamed("a") {
                    isField = isField || value.elementsEqual("author".utf8)
                }
            }
            if isField { fields.append(node.element) }
            return fields.count < 10 ? .enter : .stop
        }
        return fields.lazy.compactMap { name(TextCleaner.line($0.text)) }.first
    }

    /// Text inside a link, a button or a menu ("BY INGREDIENT"), which is navigation, not a
    /// byline.
    static func isControl(_ element: HTMLElement) -> Bool {
        var current: HTMLElement? = element
        for _ in 0..<4 {
            guard let node = current else { return false }
            if ["a", "button", "nav", "option", "select"].contains(node.name) { return true }
            current = node.parent
        }
        return false
    }

    /// A person's or a team's name: a few words, letters, no sentence.
    static func name(_ text: String) -> String? {
        var cleaned = text
        for lead in leads where cleaned.lowercased().hasPrefix(lead) { cleaned = String(cleaned.dropFirst(lead.count)).trimmingPunctuation }
        let words = cleaned.split(separator: " ")
        guard !words.isEmpty, words.count <= 6, cleaned.count <= 60, cleaned.contains(where: \.isLetter),
              !cleaned.contains(where: { $0.isNumber }), !cleaned.hasSuffix("."), !cleaned.contains("http") else { return nil }
        return cleaned
    }
}

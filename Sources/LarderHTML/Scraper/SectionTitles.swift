import LarderCore

/// The titles of a page's ingredient and instruction sections ("Ingredients", "Zubereitung:",
/// "🛒 What You’ll Need"), in document order: headings and short elements of text (bold, a
/// paragraph, a cell, a label) whose whole text `SectionWords` reads as a section's title.
///
/// Only elements around a run of text that could open a title are looked at: one whose first
/// letters are those of a section word, or that holds one of the English words another word
/// may qualify ("Cooking Instructions"). Asking every short element of a page for its text
/// was the most expensive part of reading a page without recipe markup.
enum SectionTitles {
    /// Elements that may title a section: headings and any short element of text.
    static let tags: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "dt", "p", "span", "div", "label", "th", "td"]

    /// The first three letters of every section word, as `opening` reads them.
    static let openings: Set<String> = Set((SectionWords.ingredients.union(SectionWords.instructions)).map { opening(of: $0) })

    /// Words another word may qualify ("instructions", "directions", "method"), looked for
    /// in `couldOpenTitle`: the title does not start with them.

    static func find(in page: PageIndex) -> [(title: HTMLElement, kind: SectionWords.Section)] {
        var looked: Set<HTMLElement> = []
        var found: [(title: HTMLElement, kind: SectionWords.Section)] = []
        for run in page.texts where run.length < 120 {
            guard couldOpenTitle(run) else { continue }
            // The run's element and the ones around it that are still short, outermost first:
            // runs come in document order, so the titles do too.
            var chain: [HTMLElement] = []
            var current = run.element
            while let element = current, element.rawText.utf8.count < 120 {
                chain.append(element)
                current = element.parent
            }
            for element in chain.reversed() where !looked.contains(element) {
                looked.insert(element)
                let name = element.name
                guard tags.contains(name), name != "div" || element.children.isEmpty,
                      let kind = SectionWords.section(of: element.text) else { continue }
                found.append((element, kind))
            }
        }
        return found
    }

    /// The first letters of the openings that are ASCII, lower-cased.
    static let asciiFirstLetters = Set(openings.compactMap { $0.utf8.first.flatMap { $0 < 0x80 ? $0 : nil } })

    static func couldOpenTitle(_ run: PageIndex.TextRun) -> Bool {
        guard let bytes = run.node.text else { return false }
        if bytes.contains("instructions") || bytes.contains("directions") || bytes.contains("method") { return true }
        // An ASCII first letter no section word starts with: done without making a string.
        // (The first letter or digit decides; a run opening with a digit, "1. Zutaten", may
        // still hold a title after it.)
        if run.firstKeyByte >= 0x61, run.firstKeyByte <= 0x7A, !asciiFirstLetters.contains(run.firstKeyByte) { return false }
        let opening = opening(of: run.text)
        // Two-letter words ("材料") open with their own two.
        return openings.contains(opening) || openings.contains(String(opening.prefix(2)))
    }

    /// The first three characters from the first letter on, lower-cased, the spaces and
    /// apostrophes made plain as `SectionWords.normalized` makes them.
    static func opening(of text: String) -> String {
        var result = ""
        var count = 0
        for character in text.drop(while: { !$0.isLetter }) {
            result += character == "\u{00A0}" ? " " : character == "’" ? "'" : character.lowercased()
            count += 1
            if count == 3 { break }
        }
        return result
    }
}

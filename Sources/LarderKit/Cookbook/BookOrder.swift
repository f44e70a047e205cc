import Foundation

/// How the books Larder writes (the HTML and PDF cookbooks, the Markdown cookbook's
/// `index.md`) file and order recipes, in one place so that they agree: a chapter per category,
/// letter case aside ("Main course" and "Main Course" are one chapter), the chapters and the
/// recipes in each in the order a reader alphabetises, accents and case folded ("Île Flottante"
/// among the I's, not after Z).
enum BookOrder {
    /// The chapter of recipes without a category; always last.
    static let uncategorized = "Uncategorized"

    /// Groups `items` by `name` (nil: `unnamed`), letter case aside, and returns the groups in
    /// reading order with `unnamed` last. A group is called by the spelling most of its items
    /// use (the first in `<` order when as many use each), so the book prints one heading.
    static func groups<Item>(_ items: [Item], by name: (Item) -> String?, unnamed: String) -> [(name: String, items: [Item])] {
        var byKey: [String: [Item]] = [:]
        var spellings: [String: [String: Int]] = [:]
        for item in items {
            let spelled = name(item)
            // A category spelled as the chapter of those without one is that chapter.
            let key = spelled.map(caseFolded).flatMap { $0 == caseFolded(unnamed) ? nil : $0 } ?? ""
            byKey[key, default: []].append(item)
            if let spelled, !key.isEmpty { spellings[key, default: [:]][spelled, default: 0] += 1 }
        }
        let named = byKey.keys.filter { !$0.isEmpty }.map { key -> (name: String, items: [Item]) in
            let used = spellings[key]!
            let shown = used.keys.min { a, b in used[a]! != used[b]! ? used[a]! > used[b]! : a < b }!
            return (shown, byKey[key]!)
        }
        var ordered = named.sorted { precedes($0.name, $1.name) }
        if let rest = byKey[""] { ordered.append((unnamed, rest)) }
        return ordered
    }

    /// Whether `a` comes before `b` in a book's lists: case and accents folded, leading
    /// punctuation skipped, figures by value ("Soup 2" before "Soup 10"); as written when those agree.
    static func precedes(_ a: String, _ b: String) -> Bool {
        switch CookbookIndex.sortKey(a).compare(CookbookIndex.sortKey(b), options: [.numeric]) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a < b
        }
    }

    private static func caseFolded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive], locale: nil)
    }
}

import Foundation
import LarderCore

/// Larder's recipe in the scrape corpus's common schema, following the conventions of the
/// scraper whose outputs the corpus holds: yields as "N servings" / "N items", categories
/// joined with "," or as the page wrote them, times in whole minutes, one group with no purpose when there are no groups.
enum CorpusSchema {
    /// - Parameter page: the page's bytes, for how it wrote its categories and cuisines.
    static func object(for recipe: Recipe, caseHost: String, page: [UInt8]) -> [String: Any] {
        func null(_ value: Any?) -> Any { value ?? NSNull() }
        let lines = recipe.ingredientGroups.flatMap { $0.ingredients.map(\.line) }
        // The corpus lists section titles and step titles as lines of their own.
        let steps = recipe.instructionSections.flatMap { section in
            (section.name.map { [$0] } ?? []) + section.steps.flatMap { step in (step.name.map { [$0] } ?? []) + [step.text] }
        }
        let host = recipe.provenance.site.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 } ?? caseHost
        return [
            "url": null(recipe.provenance.sourceURL),
            "host": host,
            "title": recipe.title,
            "description": null(recipe.description),
            "author": null(recipe.provenance.author),
            "yields": null(yields(recipe.yield)),
            "total_time": null(minutes(recipe.times.total) ?? sum(minutes(recipe.times.prep), minutes(recipe.times.cook))),
            "prep_time": null(minutes(recipe.times.prep)),
            "cook_time": null(minutes(recipe.times.cook)),
            "image": null(recipe.images.first?.url),
            "category": null(list(recipe.categories, written: WrittenLists.written("recipeCategory", in: page))),
            "cuisine": null(list(recipe.cuisines, written: WrittenLists.written("recipeCuisine", in: page))),
            "ingredients": lines,
            "ingredient_groups": recipe.ingredientGroups.map { ["purpose": null($0.name), "ingredients": $0.ingredients.map(\.line)] as [String: Any] },
            "instructions": steps,
            "nutrients": recipe.nutrition.isEmpty ? NSNull() : recipe.nutrition,
            "language": null(recipe.extras["inLanguage"]?.stringValue),
        ]
    }

    /// A list joined with ",", or as the page wrote it when it wrote the same values.
    static func list(_ values: [String], written: [String]?) -> String? {
        if values.isEmpty { return nil }
        return WrittenLists.spelling(of: values, written: written) ?? values.joined(separator: ",")
    }

    /// Whole minutes; of a range ("15 to 30 minutes"), the longer, as the corpus's scraper reads it.
    static func minutes(_ duration: RecipeDuration?) -> Int? {
        (duration?.upperMinutes ?? duration?.minutes).map { Int($0.rounded()) }
    }

    /// A total from its parts, as the corpus's scraper adds them: a missing part counts 0.
    static func sum(_ a: Int?, _ b: Int?) -> Int? {
        guard a != nil || b != nil else { return nil }
        return (a ?? 0) + (b ?? 0)
    }

    /// Yield words the corpus keeps as they are ("12 cookies", "1 cake"); other yields are
    /// servings, or items when the text says "makes".
    static let yieldTypes: [(singular: String, plural: String)] = [
        ("dozen", "dozen"), ("batch", "batches"), ("cake", "cakes"), ("sandwich", "sandwiches"), ("bun", "buns"),
        ("cookie", "cookies"), ("muffin", "muffins"), ("cupcake", "cupcakes"), ("loaf", "loaves"), ("pie", "pies"),
        ("cup", "cups"), ("pint", "pints"), ("glass", "glasses"), ("can", "cans"), ("bar", "bars"), ("slice", "slices"),
        ("piece", "pieces"), ("bowl", "bowls"), ("roll", "rolls"), ("ball", "balls"), ("tart", "tarts"), ("pancake", "pancakes"),
        ("waffle", "waffles"), ("biscuit", "biscuits"), ("brownie", "brownies"), ("scone", "scones"), ("pizza", "pizzas"),
        ("taco", "tacos"), ("burger", "burgers"), ("skewer", "skewers"), ("wrap", "wraps"), ("jar", "jars"), ("quart", "quarts"),
        ("square", "squares"), ("truffle", "truffles"), ("dumpling", "dumplings"), ("portion", "portions"), ("patty", "patties"),
    ]

    static let upperRange = try! NSRegularExpression(pattern: #"\w+\s+to\s+\w+|\d+-\d+"#, options: .caseInsensitive)

    /// Whether the corpus's scraper reads a range's upper end from `text`.
    static func readsUpper(_ text: String) -> Bool {
        text.isEmpty || upperRange.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// "4 servings", "12 cookies", "12 items", as the corpus phrases yields.
    static func yields(_ yield: Yield?) -> String? {
        guard let yield else { return nil }
        guard let quantity = yield.quantity else { return yield.text }
        // "Serves 10 to 12" and "4-6" are 12 and 6 in the corpus: the part after "to" or a
        // tight dash counts; "4 - 6 servings", with spaces round the dash, is 4.
        let value = quantity.upper.map { upper in Self.readsUpper(yield.text ?? "") ? upper : quantity.value } ?? quantity.value
        let number = value == value.rounded() ? String(Int(value)) : String(value)
        let one = value == 1
        let words = (yield.text ?? yield.unit ?? "").lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        if yield.servings == nil, let type = yieldTypes.first(where: { words.contains($0.singular) || words.contains($0.plural) }) {
            return "\(number) \(one ? type.singular : type.plural)"
        }
        if words.contains("makes") || words.contains("items") || words.contains("item") { return "\(number) item\(one ? "" : "s")" }
        return "\(number) serving\(one ? "" : "s")"
    }
}

import Foundation

/// What of a recipe came back from an export: the recipe given to a writer compared with the
/// one its format's reader gives back, field by field (`RecipeField`). The one comparison
/// behind an export's notes, its fidelity report and `--strict`.
///
/// Each field is turned into a list of short texts, compared as lists: the same texts in the
/// same order is the field kept. Numbers are written to six significant digits, so a rounding
/// in the last place of a double is no difference; dates to the second, as Larder keeps them.
/// Ingredients are paired with the line read back that has the same words (`LineWords`), so an
/// amount or a name is compared on the line it belongs to even when a line was reworded or
/// lost; a line that found no pair is told once, under `ingredient lines`.
public enum RecipeComparison {
    /// The sha256 of a picture's bytes when it has any: the stored copy's recorded checksum,
    /// else that of the bytes it carries.
    public static func pictureIdentity(_ image: RecipeImage) -> String? {
        image.sha256 ?? image.embeddedData.map { SHA256.hex($0) }
    }

    /// The differences of `back` from `original`, in the order of `RecipeField`; none when the
    /// recipe came back whole. `pictureIdentity` tells a picture's bytes apart.
    public static func differences(_ original: Recipe, _ back: Recipe,
                                   pictureIdentity: (RecipeImage) -> String? = pictureIdentity) -> [FieldDifference] {
        // Most exports keep most recipes whole: equal recipes need no field by field.
        if original == back { return [] }
        let pairs = IngredientPairs(original.ingredients, back.ingredients)
        let stepPairs = StepPairs(original.steps, back.steps)
        var found: [FieldDifference] = []
        for field in RecipeField.allCases where field != .recipe {
            let before = FieldItems.of(field, in: original, original: original, pairs: pairs.original, steps: stepPairs.original, pictureIdentity: pictureIdentity)
            let after = FieldItems.of(field, in: back, original: original, pairs: pairs.back, steps: stepPairs.back, pictureIdentity: pictureIdentity)
            guard before.values != after.values else { continue }
            found.append(difference(field, before, after))
        }
        return found
    }

    /// The difference for a recipe that did not read back as one recipe: `reason` says why.
    public static func notReadBack(_ original: Recipe, reason: String) -> [FieldDifference] {
        [FieldDifference(field: .recipe, change: .dropped, from: [original.title], to: [reason])]
    }

    static func difference(_ field: RecipeField, _ before: FieldItems, _ after: FieldItems) -> FieldDifference {
        let change: FieldDifference.Change = after.values.isEmpty ? .dropped : .changed
        // The items each side has that the other lacks (as many times as it lacks them); when
        // only the order differs, both lists whole.
        var unmatched = after.values.indices.map { $0 }
        var from: [String] = []
        for (index, value) in before.values.enumerated() {
            if let match = unmatched.firstIndex(where: { after.values[$0] == value }) {
                unmatched.remove(at: match)
            } else {
                from.append(before.shown[index])
            }
        }
        var to = unmatched.map { after.shown[$0] }
        if from.isEmpty && to.isEmpty {
            from = before.shown
            to = after.shown
        }
        return FieldDifference(field: field, change: change, from: shortened(from), to: shortened(to))
    }

    /// At most 20 items of at most 300 characters: a report stays readable for a recipe of a
    /// thousand lines.
    static func shortened(_ items: [String]) -> [String] {
        let limit = 20
        var kept = items.prefix(limit).map { $0.count > 300 ? String($0.prefix(299)) + "…" : $0 }
        if items.count > limit { kept.append("… and \(items.count - limit) more") }
        return kept
    }
}

/// One field of a recipe as texts: `values` are compared, `shown` (one for each value) are
/// what a report shows of them (with the line they belong to, say).
struct FieldItems {
    var values: [String]
    var shown: [String]

    init(_ values: [String], shown: [String]? = nil) {
        self.values = values
        self.shown = shown ?? values
    }

    static let none = FieldItems([])

    static func one(_ text: String?) -> FieldItems {
        guard let text, !text.isEmpty else { return .none }
        return FieldItems([text])
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    static func of(_ field: RecipeField, in recipe: Recipe, original: Recipe, pairs: [Int?], steps: [Int?],
                   pictureIdentity: (RecipeImage) -> String?) -> FieldItems {
        switch field {
        case .recipe: return .none
        case .title: return .one(recipe.title)
        case .description: return .one(recipe.description)
        case .source: return .one(recipe.provenance.sourceURL)
        case .sourceName:
            // With a web address, the site is its host and goes with the address.
            guard WebLink.http(original.provenance.sourceURL) == nil else { return .none }
            return .one(recipe.provenance.site)
        case .author: return .one(recipe.provenance.author)
        case .yield: return yield(recipe.yield, withText: original.yield?.text != nil)
        case .prepTime: return duration(recipe.times.prep)
        case .cookTime: return duration(recipe.times.cook)
        case .totalTime: return duration(recipe.times.total)
        case .categories: return FieldItems(recipe.categories)
        case .cuisines: return FieldItems(recipe.cuisines)
        case .tags: return FieldItems(recipe.tags)
        case .diets: return FieldItems(recipe.diets)
        case .nutrition: return FieldItems(recipe.nutrition.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
        case .rating:
            guard let rating = recipe.rating else { return .none }
            let count = rating.count.map { " (\($0) rating\($0 == 1 ? "" : "s"))" } ?? ""
            return FieldItems(["\(number(rating.value)) of \(number(rating.best ?? 5))\(count)"])
        case .notes: return FieldItems(paragraphs(recipe.notes))
        case .dateCreated: return .one(recipe.dates.created.map(CanonicalJSON.format))
        case .dateModified: return .one(recipe.dates.modified.map(CanonicalJSON.format))
        case .datePublished: return .one(recipe.dates.published.map(CanonicalJSON.format))
        case .datesCooked: return FieldItems(recipe.dates.cooked.map(CanonicalJSON.format))
        case .ingredientGroups:
            return parts(recipe.ingredientGroups.map { ($0.name, $0.ingredients.count) }, of: "line")
        case .ingredientLines: return FieldItems(recipe.ingredients.map(\.line))
        case .ingredientAmounts:
            return paired(recipe.ingredients, pairs) { amount($0.quantity) + ($0.unit.map { " " + $0 } ?? "") }
        case .ingredientNames:
            return paired(recipe.ingredients, pairs) { ($0.name ?? "").lowercased() }
        case .optionalMarks:
            return paired(recipe.ingredients, pairs) { $0.optional ? "optional" : "" }
        case .instructionSections:
            return parts(recipe.instructionSections.map { ($0.name, $0.steps.count) }, of: "step")
        case .steps: return FieldItems(recipe.steps.map(\.text))
        case .stepTitles: return pairedSteps(recipe.steps, steps) { $0.name ?? "" }
        case .stepPictures: return pairedSteps(recipe.steps, steps) { $0.image ?? "" }
        case .pictures:
            let hashes = recipe.images.compactMap(pictureIdentity)
            return FieldItems(hashes, shown: hashes.map { "a picture of sha256 \($0.prefix(16))…" })
        case .pictureAddresses: return FieldItems(recipe.images.compactMap(\.url))
        case .sourceAppFields:
            let keys = recipe.extras.keys.sorted()
            let values = keys.map { "\($0): \(json(recipe.extras[$0]!))" }
            return FieldItems(values)
        }
    }

    /// `Serves 6 to 8 (6 servings)`; the text only when the recipe given had one (a yield
    /// known only as a number is written in words by most formats).
    static func yield(_ yield: Yield?, withText: Bool) -> FieldItems {
        guard let yield, yield.text != nil || yield.quantity != nil else { return .none }
        // A number without a unit counts servings (`Yield.servings`).
        let number = yield.quantity.map { Self.amount($0) + " " + (yield.unit ?? "servings") } ?? yield.unit ?? ""
        let text = withText ? yield.text : nil
        return FieldItems([[text, number.isEmpty ? nil : "(\(number))"].compactMap { $0 }.joined(separator: " ")])
    }

    /// Minutes (a range's both ends); the words only of a time known in words alone. No
    /// minutes at all is no time (`DurationParser` reads `0` so).
    static func duration(_ duration: RecipeDuration?) -> FieldItems {
        guard let duration, duration.minutes != 0 || duration.upperMinutes != nil else { return .none }
        if let minutes = duration.minutes {
            return FieldItems([number(minutes) + (duration.upperMinutes.map { "–" + number($0) } ?? "") + " min"])
        }
        return .one(duration.text)
    }

    /// Group or section names with their sizes; nothing when none is named (one unnamed group
    /// and its lines are the lines' business).
    static func parts(_ parts: [(name: String?, count: Int)], of item: String) -> FieldItems {
        guard parts.contains(where: { $0.name != nil }) else { return .none }
        return FieldItems(parts.map { "\($0.name ?? "(no name)") (\($0.count) \(item)\($0.count == 1 ? "" : "s"))" })
    }

    /// A value of each ingredient that has a pair on the other side, shown with its line, in
    /// the order of the original lines (an order changed is the lines' business).
    static func paired(_ ingredients: [Ingredient], _ pairs: [Int?], _ value: (Ingredient) -> String) -> FieldItems {
        let items = ingredients.indices.compactMap { index -> (pair: Int, value: String, shown: String)? in
            guard let pair = pairs[index] else { return nil }
            let text = value(ingredients[index])
            return (pair, "\(pair)\u{1F}\(text)", "\(ingredients[index].line): \(text.isEmpty ? "none" : text)")
        }.sorted { $0.pair < $1.pair }
        return FieldItems(items.map(\.value), shown: items.map(\.shown))
    }

    static func pairedSteps(_ steps: [Step], _ pairs: [Int?], _ value: (Step) -> String) -> FieldItems {
        let items = steps.indices.compactMap { index -> (pair: Int, value: String, shown: String)? in
            guard let pair = pairs[index] else { return nil }
            let text = value(steps[index])
            guard !text.isEmpty else { return nil }
            return (pair, "\(pair)\u{1F}\(text)", "\(text) (step \(index + 1))")
        }.sorted { $0.pair < $1.pair }
        return FieldItems(items.map(\.value), shown: items.map(\.shown))
    }

    /// The notes as their paragraphs, in order, each with its white space made single spaces:
    /// a note is read as paragraphs, and where one note ends and the next begins, or where a
    /// paragraph breaks its lines, is how a format lays them out.
    static func paragraphs(_ notes: [String]) -> [String] {
        notes.flatMap { note in
            note.components(separatedBy: "\n\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter { !$0.isEmpty }
        }
    }

    static func amount(_ amount: Amount?) -> String {
        guard let amount else { return "no amount" }
        return number(amount.value) + (amount.upper.map { "–" + number($0) } ?? "")
    }

    /// Six significant digits: `0.333333`, `1500`, `2.5`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        return String(format: "%.6g", value)
    }

    /// A value of `extras` as compact JSON with sorted keys, so that equal values read alike.
    static func json(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "\(value)"
    }
}

/// Each ingredient of one side paired with one of the other that has the same words (runs
/// of letters and digits, case folded, in any order), first come first served; `original[i]`
/// is the index of its pair among the lines read back, the same for both sides.
struct IngredientPairs {
    var original: [Int?]
    var back: [Int?]

    init(_ before: [Ingredient], _ after: [Ingredient]) {
        original = Array(repeating: nil, count: before.count)
        back = Array(repeating: nil, count: after.count)
        let afterWords = after.map { LineWords.of($0.line) }
        var free = Dictionary(grouping: after.indices, by: { afterWords[$0] })
        for (index, ingredient) in before.enumerated() {
            let words = LineWords.of(ingredient.line)
            guard var candidates = free[words], !candidates.isEmpty else { continue }
            let match = candidates.removeFirst()
            free[words] = candidates
            // Both sides name the pair by the same number: the original line's index.
            original[index] = index
            back[match] = index
        }
    }
}

/// Steps paired by their text, first come first served, numbered as `IngredientPairs` does.
struct StepPairs {
    var original: [Int?]
    var back: [Int?]

    init(_ before: [Step], _ after: [Step]) {
        original = Array(repeating: nil, count: before.count)
        back = Array(repeating: nil, count: after.count)
        var free = Dictionary(grouping: after.indices, by: { after[$0].text })
        for (index, step) in before.enumerated() {
            guard var candidates = free[step.text], !candidates.isEmpty else { continue }
            let match = candidates.removeFirst()
            free[step.text] = candidates
            original[index] = index
            back[match] = index
        }
    }
}

/// The words of a line for pairing: runs of letters and runs of digits, case folded, sorted.
enum LineWords {
    static func of(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inDigits = false
        for character in line.lowercased() {
            let isDigit = character.isASCII && character.isNumber
            if isDigit || character.isLetter {
                if !current.isEmpty && isDigit != inDigits {
                    words.append(current)
                    current = ""
                }
                inDigits = isDigit
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.sorted()
    }
}

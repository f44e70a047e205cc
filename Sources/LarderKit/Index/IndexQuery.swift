import Foundation
import LarderCore

/// A `RecipeFilter` as a query on the library index:
/// - `text`: every word must begin a word of the title, description, an ingredient, a tag, a
///   category or the cuisine (full-text search, case and accents ignored: `egg` finds "Eggs");
/// - categories and cuisines: any of the names, case and accents ignored;
/// - diets: all of them, as `DietNames.diets(of:)` reads a recipe;
/// - ingredients to include or exclude: a word (or phrase) of an ingredient, as itself or with
///   `s`/`es` after it (`egg` finds "eggs", not "eggplant");
/// - servings: the recipe's number of servings (the top of a range for the minimum);
/// - ids: the recipe's id is one of them.
/// Unreadable recipe files are listed apart, whatever the filter, so every reader can say so.
struct IndexQuery {
    private(set) var conditions: [String] = []
    private(set) var values: [SQLiteStatement.Value] = []

    init(_ filter: RecipeFilter) {
        if !filter.ids.isEmpty {
            let ids = Set(filter.ids).sorted()
            add("id IN (\(ids.map { _ in "?" }.joined(separator: ", ")))", ids.map { .text($0) })
        }
        if let text = filter.text {
            let words = Self.words(text)
            if !words.isEmpty {
                add("row IN (SELECT rowid FROM search WHERE search MATCH ?)", .text(words.map { Self.quoted($0) + "*" }.joined(separator: " AND ")))
            }
        }
        for (kind, names) in [("category", filter.categories), ("cuisine", filter.cuisines)] where !names.isEmpty {
            let folded = Set(names.map(IndexedRecipe.fold)).sorted()
            add("row IN (SELECT recipe FROM labels WHERE kind = '\(kind)' AND folded IN (\(folded.map { _ in "?" }.joined(separator: ", "))))",
                folded.map { .text($0) })
        }
        for diet in filter.diets {
            add("row IN (SELECT recipe FROM labels WHERE kind = 'diet' AND folded = ?)", .text(DietNames.inEnglish(DietNames.normalize(diet))))
        }
        for word in filter.includeIngredients {
            if let match = Self.ingredientMatch(word) { add("row IN (SELECT rowid FROM search WHERE search MATCH ?)", .text(match)) }
        }
        for word in filter.excludeIngredients {
            if let match = Self.ingredientMatch(word) { add("row NOT IN (SELECT rowid FROM search WHERE search MATCH ?)", .text(match)) }
        }
        if let minServings = filter.minServings {
            add("coalesce(servings_upper, servings) >= ?", .real(minServings))
        }
        if let maxServings = filter.maxServings {
            add("servings <= ?", .real(maxServings))
        }
    }

    private mutating func add(_ condition: String, _ values: SQLiteStatement.Value...) {
        add(condition, values)
    }

    private mutating func add(_ condition: String, _ values: [SQLiteStatement.Value]) {
        conditions.append(condition)
        self.values += values
    }

    /// The `WHERE` clause of the readable recipes that match. (Unreadable files are asked for
    /// apart: an `OR` here would make SQLite walk every row instead of starting from the
    /// full-text and label matches.)
    var whereClause: String {
        "WHERE " + (["problem IS NULL"] + conditions).joined(separator: " AND ")
    }

    /// The words of a search, each with a letter or digit (a lone `&` or `-` finds nothing to
    /// look for and is left out).
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.contains { $0.isLetter || $0.isNumber } }
    }

    /// A word or phrase as an FTS5 string: in double quotes, a quote inside doubled. Whatever a
    /// person types is looked for, never read as query syntax.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// An ingredient word (or phrase) as itself or followed by `s` or `es`, in the ingredients
    /// column only.
    static func ingredientMatch(_ word: String) -> String? {
        let phrase = words(word).joined(separator: " ")
        guard !phrase.isEmpty else { return nil }
        let forms = [phrase, phrase + "s", phrase + "es"].map(quoted)
        return "ingredients : (" + forms.joined(separator: " OR ") + ")"
    }
}

/// One recipe as the index lists it.
public struct ListedRecipe: Sendable {
    public let id: String
    public let title: String
    public let category: String?
    public let cuisine: String?
    public let servings: Double?
    /// The top of a servings range ("4–6 servings"), nil for one number.
    public let servingsUpper: Double?
    /// The object `list --json` prints for it (JSON, one line), when asked for.
    public let summaryJSON: String?
}

/// A recipe file of the library that cannot be read.
public struct UnreadableRecipe: Sendable {
    public let path: String
    public let id: String
    public let reason: String
}

extension Library {
    /// The recipes matching `filter`, in id order, from the index (brought up to date first);
    /// `unreadable` hears of every recipe file that cannot be read. The `list --json` summary is
    /// read only `withSummary`: sorting 16,000 hits of 100,000 took twice as long with it.
    public func listRecipes(matching filter: RecipeFilter, withSummary: Bool = false, _ body: (ListedRecipe) throws -> Void,
                            unreadable: (UnreadableRecipe) -> Void) throws {
        let index = try indexForQueries()
        try index.database.prepare("SELECT path, id, problem FROM recipes WHERE problem IS NOT NULL ORDER BY path").forEachRow { row in
            unreadable(UnreadableRecipe(path: row.text(0) ?? "", id: row.text(1) ?? "", reason: row.text(2) ?? ""))
        }
        let query = IndexQuery(filter)
        let statement = try index.database.prepare("""
            SELECT id, title, category, cuisine, servings, servings_upper\(withSummary ? ", (SELECT summary FROM summaries WHERE summaries.row = recipes.row)" : "")
            FROM recipes \(query.whereClause) ORDER BY path
            """)
        try statement.forEachRow(query.values) { row in
            try body(ListedRecipe(id: row.text(0) ?? "", title: row.text(1) ?? "", category: row.text(2), cuisine: row.text(3),
                                  servings: row.real(4), servingsUpper: row.real(5), summaryJSON: withSummary ? row.text(6) ?? "{}" : nil))
        }
    }

    /// The ids of the recipes matching `filter` and of the unreadable recipe files, in the order
    /// of their files' names: what `export` reads (an unreadable file fails there, with its reason).
    public func recipeIDs(matching filter: RecipeFilter) throws -> [String] {
        var ids: [String] = []
        try listRecipes(matching: filter, { ids.append($0.id) }, unreadable: { ids.append($0.id) })
        return ids.map { $0 + ".json" }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { String($0.dropLast(5)) }
    }

    /// The index for a query, with its notes said once.
    func indexForQueries() throws -> LibraryIndex {
        do {
            return try readableIndex()
        } catch {
            throw LibraryError("the library's index at \(indexPath) cannot be used: \(ErrorText.describe(error))")
        }
    }
}

import Foundation

/// `larder stats`: how many recipes the library holds, by source, category and cuisine, from the
/// index (brought up to date first).
public struct LibraryStatistics: Sendable {
    /// A name and how many recipes have it, most first (ties by name).
    public struct Count: Sendable, Equatable {
        /// The source, category or cuisine.
        public let name: String
        /// How many recipes have it.
        public let recipes: Int
    }

    /// Recipes stored.
    public let recipes: Int
    /// Recipe files that cannot be read.
    public let unreadable: Int
    /// The recipe files that cannot be read, by path, with why.
    public let unreadableFiles: [UnreadableRecipe]
    /// Recipes by the site or app they came from.
    public let bySource: [Count]
    /// A recipe counts under each of its categories; those with none under "(none)".
    public let byCategory: [Count]
    /// Recipes by cuisine; those with none under "(none)".
    public let byCuisine: [Count]
}

extension Library {
    /// The library's counts, from its index (brought up to date first).
    public func statistics() throws -> LibraryStatistics {
        let database = try indexForQueries().database
        func number(_ sql: String) throws -> Int {
            var value = 0
            try database.prepare(sql).forEachRow { value = Int($0.integer(0)) }
            return value
        }
        func counts(_ sql: String) throws -> [LibraryStatistics.Count] {
            var counts: [LibraryStatistics.Count] = []
            try database.prepare(sql).forEachRow { counts.append(.init(name: $0.text(0) ?? "", recipes: Int($0.integer(1)))) }
            return counts
        }
        // Names that differ only in case or accents are one, shown in their most common spelling
        // (on a tie, the last by bytes: "Indian" rather than "INDIAN").
        func labels(_ kind: String) throws -> [LibraryStatistics.Count] {
            let counted = try counts("""
                SELECT (SELECT value FROM labels AS spelling WHERE spelling.kind = '\(kind)' AND spelling.folded = label.folded
                        GROUP BY value ORDER BY count(*) DESC, value DESC LIMIT 1),
                       count(DISTINCT recipe)
                FROM labels AS label WHERE kind = '\(kind)' GROUP BY folded
                UNION ALL
                SELECT '(none)', count(*) FROM recipes WHERE problem IS NULL AND row NOT IN (SELECT recipe FROM labels WHERE kind = '\(kind)')
                """)
            return counted.filter { $0.recipes > 0 }.sorted { ($1.recipes, $0.name) < ($0.recipes, $1.name) }
        }
        var unreadableFiles: [UnreadableRecipe] = []
        try database.prepare("SELECT path, id, problem FROM recipes WHERE problem IS NOT NULL ORDER BY path").forEachRow { row in
            unreadableFiles.append(UnreadableRecipe(path: row.text(0) ?? "", id: row.text(1) ?? "", reason: row.text(2) ?? ""))
        }
        return LibraryStatistics(
            recipes: try number("SELECT count(*) FROM recipes WHERE problem IS NULL"),
            unreadable: unreadableFiles.count,
            unreadableFiles: unreadableFiles,
            bySource: try counts("SELECT source, count(*) AS n FROM recipes WHERE problem IS NULL GROUP BY source ORDER BY n DESC, source"),
            byCategory: try labels("category"),
            byCuisine: try labels("cuisine"))
    }
}

/// Every kind of input `larder import` reads, in one list. A new source is a folder holding its
/// `RecipeSource` and its `ImportSourceKind`, and one line here. The order is the order in which
/// a run reads its inputs (files first, so that a sitemap's pages see the files' recipes as
/// duplicates); an input is the kind's that recognises it, files and folders taking the rest.
public enum ImportSources {
    /// Every kind, in the order a run reads them.
    public static let all: [ImportSourceKind] = [
        .files,
        .mealdb,
        .web,
        .sitemap,
    ]

    /// Every kind's inputs, for `larder import --help`: "folders (…), … and sitemaps (…)".
    public static var help: String {
        let phrases = all.map(\.help)
        return phrases.dropLast().joined(separator: ", ") + (phrases.count > 1 ? " and " : "") + (phrases.last ?? "")
    }

    /// The kind of an input: the first of `all` that recognises it, else files and folders.
    public static func kind(of input: String) -> ImportSourceKind {
        all.first { $0.recognises?(input) == true } ?? .files
    }
}

/// An app's "source" field, which holds an address or the name of where a recipe came from (a
/// book, a site, a person): an address is the recipe's source (and its host the site), a name is
/// the site. When the recipe already has a site (from the app's own link field), the name is
/// kept in `extras["source"]`, where an export back to that app finds it, rather than dropped.
enum SourceText {
    static func apply(_ text: String, to recipe: inout Recipe) {
        guard let source = TextCleaner.nonEmptyLine(text) else { return }
        if let url = WebAddress(trimming: source)?.text {
            if recipe.provenance.sourceURL == nil { recipe.provenance.sourceURL = url }
            if recipe.provenance.site == nil { recipe.provenance.site = SourceURL.host(of: url) }
        } else if recipe.provenance.site == nil {
            recipe.provenance.site = source
        } else if recipe.provenance.site != source {
            recipe.extras["source"] = .string(source)
        }
    }
}

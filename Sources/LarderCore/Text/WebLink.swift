/// Which addresses may become links in what Larder writes. A recipe's source and picture
/// addresses come from untrusted input: `javascript:alert(1)` as a source would run in the
/// reader's browser or notes app the moment it is clicked. Only absolute http and https
/// addresses with a host are ever written as links or into a format's address fields; anything
/// else (`javascript:`, `data:`, `file:`, `vbscript:`, text that is not an address) is written
/// as plain text where the output has text, or left out with a note where it has only links.
public enum WebLink {
    /// The address itself when it is an http or https address with a host, else nil. Read by
    /// its first characters, as a browser reads a link's scheme: nothing may come before
    /// `http://` (browsers drop leading blanks and tabs inside a scheme, so ` javascript:` and
    /// `java\tscript:` are schemes too). The rest may hold spaces or brackets, which each
    /// writer escapes for its own format.
    public static func http(_ address: String?) -> String? {
        guard let address else { return nil }
        let lower = address.prefix(8).lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = address.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = address.dropFirst(7)
        } else {
            return nil
        }
        let host = rest.prefix { !"/?#".contains($0) }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0.isNewline }) else { return nil }
        return address
    }

    /// The recipe's source as a link, nil when it has none or it is not a web address.
    public static func source(of recipe: Recipe) -> String? {
        http(recipe.provenance.sourceURL)
    }

    /// The web addresses of the recipe's pictures, in order, the others left out.
    public static func imageAddresses(of recipe: Recipe) -> [String] {
        recipe.images.compactMap { http($0.url) }
    }
}

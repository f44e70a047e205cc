/// Which addresses may become links in what Larder writes. A recipe's source and picture
/// addresses come from untrusted input: `javascript:alert(1)` as a source would run in the
/// reader's browser or notes app the moment it is clicked. Only absolute http and https
/// addresses with a host are ever written as links or into a format's address fields; anything
/// else (`javascript:`, `data:`, `file:`, `vbscript:`, text that is not an address) is written
/// as plain text where the output has text, or left out with a note where it has only links.
public enum WebLink {
    /// The address itself when it is a web address (`WebAddress`, taken as written), else nil.
    /// Nothing may come before `http` (browsers drop leading blanks and tabs inside a scheme, so
    /// ` javascript:` and `java\tscript:` are schemes too). The path may hold spaces or
    /// brackets, which each writer escapes for its own format.
    public static func http(_ address: String?) -> String? {
        guard let address, WebAddress.isWebAddress(address) else { return nil }
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

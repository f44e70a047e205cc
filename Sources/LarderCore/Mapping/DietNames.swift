/// Diet labels come as `glutenFree`, `Gluten Free`, `gluten_free` or schema.org's
/// `https://schema.org/GlutenFreeDiet`; they are kept in one spelling, `gluten-free`, so filters match.
public enum DietNames {
    public static func normalize(_ raw: String) -> String {
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let slash = text.lastIndex(of: "/") { text = String(text[text.index(after: slash)...]) }
        if text.hasSuffix("Diet") && text.count > 4 { text = String(text.dropLast(4)) }
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in text {
            if character == " " || character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase && previousWasLower {
                words.append(current)
                current = ""
            }
            current.append(contentsOf: character.lowercased())
            previousWasLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: "-")
    }
}

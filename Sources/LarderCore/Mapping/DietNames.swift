/// Diet labels come as `glutenFree`, `Gluten Free`, `gluten_free` or schema.org's
/// `https://schema.org/GlutenFreeDiet`; they are kept in one spelling, `gluten-free`, so filters match.
public enum DietNames {
    /// `raw` in Larder's one spelling (`gluten-free`).
    public static func normalize(_ raw: String) -> String {
        if raw.utf8.allSatisfy({ $0 < 0x80 }) { return normalizeASCII(Array(raw.utf8)) }
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

    /// `normalize` for text of ASCII only (nearly every label), a byte at a time, with the same
    /// result: the general form, a `Character` and a lowercased `String` per letter, was most of
    /// working out the labels of a recipe's index row, which a restore does for every recipe.
    private static func normalizeASCII(_ raw: [UInt8]) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = 0
        var end = raw.count
        while start < end, isSpace(raw[start]) { start += 1 }
        while end > start, isSpace(raw[end - 1]) { end -= 1 }
        if let slash = raw[start..<end].lastIndex(of: UInt8(ascii: "/")) { start = slash + 1 }
        if end - start > 4, raw[(end - 4)..<end].elementsEqual("Diet".utf8) { end -= 4 }
        var result: [UInt8] = []
        result.reserveCapacity(end - start)
        // Words joined by "-": a word's first letter is preceded by one unless it is the first.
        var inWord = false
        var previousWasLower = false
        for byte in raw[start..<end] {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") {
                inWord = false
                previousWasLower = false
                continue
            }
            let isUpper = (0x41...0x5A).contains(byte)
            if isUpper && previousWasLower { inWord = false }
            if !inWord && !result.isEmpty { result.append(UInt8(ascii: "-")) }
            inWord = true
            result.append(isUpper ? byte + 0x20 : byte)
            previousWasLower = (0x61...0x7A).contains(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Diets that sources also file recipes under as a category or a tag (TheMealDB's
    /// "Vegan" category, a blog's "Gluten Free" tag), in their normalized spelling: schema.org's
    /// restricted diets and the labels recipe apps and sites use beside them.
    public static let known: Set<String> = [
        "vegan", "vegetarian", "pescatarian", "gluten-free", "dairy-free", "lactose-free", "low-lactose", "egg-free", "nut-free",
        "sugar-free", "low-carb", "low-fat", "low-calorie", "low-salt", "low-sodium", "keto", "ketogenic", "paleo", "whole30",
        "diabetic", "halal", "kosher", "hindu",
    ]

    /// What one diet says of others: a vegan recipe suits vegetarians and has no dairy or eggs.
    static let implied: [String: [String]] = ["vegan": ["vegetarian", "dairy-free", "egg-free"]]

    /// The recipe's diets: those it states, every category or tag that names a known diet (in
    /// English or another language Larder reads, see `DietWords`), and what those imply.
    public static func diets(of recipe: Recipe) -> Set<String> {
        let stated = recipe.diets.map(normalize).map(inEnglish)
        let labelled = (recipe.categories + recipe.tags).map(normalize).map(inEnglish).filter(known.contains)
        let named = stated + labelled
        return Set(named + named.flatMap { implied[$0] ?? [] })
    }

    /// A diet's English name for a name in another language (`glutenfrei` → `gluten-free`).
    public static func inEnglish(_ normalized: String) -> String {
        DietWords.english[normalized] ?? normalized
    }
}

import Foundation

public enum Slug {
    /// A file-name-safe slug: lowercase ASCII letters and digits joined by single hyphens,
    /// accents folded (`Beef Ragù` → `beef-ragu`), at most `maxLength` characters.
    public static func make(_ text: String, maxLength: Int = 60) -> String {
        let folded = text.applyingTransform(.stripDiacritics, reverse: false) ?? text
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
                if slug.count >= maxLength { break }
            } else {
                pendingHyphen = true
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "recipe" : slug
    }
}

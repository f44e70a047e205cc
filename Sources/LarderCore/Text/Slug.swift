import Foundation

public enum Slug {
    /// A file-name-safe slug: lowercase ASCII letters and digits joined by single hyphens,
    /// other scripts' letters written in ASCII (`Beef Ragù` → `beef-ragu`, `Drehspieß` →
    /// `drehspiess`, `Smørrebrød` → `smorrebrod`), at most `maxLength` characters.
    public static func make(_ text: String, maxLength: Int = 60) -> String {
        var slug = ""
        var pendingHyphen = false
        for scalar in asciiLetters(text).lowercased().unicodeScalars {
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

    /// The text with each run of letters outside ASCII transliterated (`ß` → `ss`, `Ø` → `O`,
    /// `Борщ` → `Bors`). Only letters: ASCII text, and symbols such as `½` or `’`, stay as they
    /// are and separate words as before, so ids made from such titles do not change.
    static func asciiLetters(_ text: String) -> String {
        guard !text.allSatisfy(\.isASCII) else { return text }
        var result = ""
        var run = ""
        func flush() {
            guard !run.isEmpty else { return }
            result += run.applyingTransform(toASCII, reverse: false)
                ?? run.applyingTransform(.stripDiacritics, reverse: false) ?? run
            run = ""
        }
        for character in text {
            if !character.isASCII && character.isLetter {
                run.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    /// ICU's rules: any script to Latin, then Latin letters to their ASCII spelling.
    static let toASCII = StringTransform("Any-Latin; Latin-ASCII")
}

import Foundation

/// File names and ids made from titles, the same on every platform.
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
            if let latin = LatinLetters.ascii(run) {
                result += latin
            } else {
                result += run.applyingTransform(toASCII, reverse: false)
                    ?? run.applyingTransform(.stripDiacritics, reverse: false) ?? run
            }
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

/// ASCII spellings of the accented Latin letters, each asked of ICU once and kept. ICU builds a
/// transliterator on every `applyingTransform` call, which made an id cost more than reading
/// the rest of a recipe page. Latin letters spell the same alone as in a word, up to case (ICU
/// writes `Æble` as `Aeble` and `ÆBLE` as `AEBLE`), and slugs are lower-cased after.
enum LatinLetters {
    nonisolated(unsafe) private static var known: [Character: String] = [:]
    private static let lock = NSLock()

    /// The run spelled in ASCII letter by letter, lower-cased, when every letter is one Latin
    /// scalar (U+00C0–U+024F, U+1E00–U+1EFF); nil for other scripts, which ICU spells as a run.
    static func ascii(_ run: String) -> String? {
        guard run.unicodeScalars.allSatisfy({ (0xC0...0x24F).contains($0.value) || (0x1E00...0x1EFF).contains($0.value) }),
              run.unicodeScalars.count == run.count else { return nil }
        lock.lock()
        defer { lock.unlock() }
        var result = ""
        for character in run {
            if let spelled = known[character] {
                result += spelled
                continue
            }
            let single = String(character)
            let spelled = (single.applyingTransform(Slug.toASCII, reverse: false)
                ?? single.applyingTransform(.stripDiacritics, reverse: false) ?? single).lowercased()
            known[character] = spelled
            result += spelled
        }
        return result
    }
}

import Foundation
@testable import LarderCore
import Testing

/// Accented Latin letters are spelled in ASCII letter by letter from a kept table; the slugs
/// (and so the recipe ids made from them) are the ones ICU gives for the whole word.
struct SlugLatinTests {
    /// The slug as ICU spells each run of letters whole.
    func wholeRunSlug(_ text: String) -> String {
        var spelled = ""
        var run = ""
        func flush() {
            spelled += run.applyingTransform(Slug.toASCII, reverse: false) ?? run
            run = ""
        }
        for character in text {
            if !character.isASCII && character.isLetter { run.append(character) } else { flush(); spelled.append(character) }
        }
        flush()
        var slug = ""
        var pendingHyphen = false
        for scalar in spelled.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return slug
    }

    @Test(arguments: ["Beef Ragù", "Drehspieß", "Smørrebrød", "ÆBLESKIVER", "Æbleskiver", "Crème brûlée", "Łódź pierogi", "Phở bò",
                      "Œufs à la neige", "Ĳsje met ǅem", "Pão de queijo", "Köttbullar med gräddsås", "Tarte Tatin à l'œuf"])
    func latinTitlesKeepTheirSlugs(_ title: String) {
        #expect(Slug.make(title) == wholeRunSlug(title))
    }

    @Test func otherScriptsStillGoThroughICU() {
        #expect(Slug.make("Борщ") == "bors")
    }
}

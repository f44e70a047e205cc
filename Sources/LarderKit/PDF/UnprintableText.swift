/// Text of the book that no installed font can print. Typst draws such a character as an empty
/// box, without a word, so a Japanese recipe would come out with boxes for a title and method;
/// the PDF is still written (the rest of the book is good), and the run's notes say which
/// recipes lose what and which font to install.
struct UnprintableText {
    /// The recipes (by title, in book order) with text in each script no font covers.
    private(set) var recipesByScript: [WritingScript: [String]] = [:]
    private var scriptOrder: [WritingScript] = []
    /// The first character of each script found missing, named in its note.
    private var examples: [WritingScript: Unicode.Scalar] = [:]

    /// Checks the printed text of each recipe of the book (`parts`: a name for the note and
    /// the strings it prints).
    init(parts: [(name: String, text: [String])], fonts: InstalledFonts) {
        var verdicts: [Unicode.Scalar: Bool] = [:]  // a book repeats its characters; ask once each
        for part in parts {
            var missing: [Unicode.Scalar] = []
            var seen: Set<Unicode.Scalar> = []
            var hasKana = false
            var hasHangul = false
            for string in part.text {
                for scalar in string.unicodeScalars where !scalar.isASCII && Self.isDrawn(scalar) {
                    let script = WritingScript.of(scalar)
                    hasKana = hasKana || script == .japanese
                    hasHangul = hasHangul || script == .korean
                    guard seen.insert(scalar).inserted else { continue }
                    let covered = verdicts[scalar] ?? fonts.covers(scalar)
                    verdicts[scalar] = covered
                    if !covered { missing.append(scalar) }
                }
            }
            var scripts: [WritingScript] = []
            for scalar in missing {
                var script = WritingScript.of(scalar)
                // Han characters beside kana are Japanese, beside Hangul Korean.
                if script == .chinese { script = hasKana ? .japanese : hasHangul ? .korean : .chinese }
                if !scripts.contains(script) { scripts.append(script) }
                if examples[script] == nil { examples[script] = scalar }
            }
            for script in scripts {
                if recipesByScript[script] == nil { scriptOrder.append(script) }
                recipesByScript[script, default: []].append(part.name)
            }
        }
    }

    /// One note per script: "2 recipes have Japanese text no installed font can print (…): A, B; install …".
    var notes: [String] {
        scriptOrder.map { script in
            let names = recipesByScript[script]!
            let subject = names.count == 1 ? "1 recipe has" : "\(names.count) recipes have"
            let shown = names.prefix(Self.namesShown).map { "\"\($0)\"" }.joined(separator: ", ")
            let more = names.count > Self.namesShown ? " and \(names.count - Self.namesShown) more" : ""
            let example = examples[script].map { " (\(Self.codePoint($0)))" } ?? ""
            return "\(subject) \(script.text)\(example) no installed font can print, so the PDF prints boxes in its place: \(shown)\(more); \(script.remedy)"
        }
    }

    private static let namesShown = 5

    /// `U+0E01`: at least four hexadecimal digits, as Unicode writes them.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Characters that are drawn: not controls, format characters (joiners, bidi marks),
    /// spaces or variation selectors, which no font needs a glyph for.
    private static func isDrawn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
            return false
        default:
            return !scalar.properties.isVariationSelector
        }
    }
}

extension RecipeView {
    /// Every string the book prints for this recipe.
    var printedText: [String] {
        var text = [title, category] + [shownCategory, cuisine, description, author, source?.text].compactMap { $0 }
        text += facts.flatMap { [$0.label, $0.value] } + nutrition.flatMap { [$0.label, $0.value] }
        text += ingredientGroups.flatMap { group in [group.groupName].compactMap { $0 } + group.ingredients.flatMap { [$0.amount, $0.item] } }
        text += instructionSections.flatMap { section in [section.sectionName].compactMap { $0 } + section.steps.flatMap { [$0.stepName, $0.text].compactMap { $0 } } }
        return text + notes.map(\.text)
    }
}

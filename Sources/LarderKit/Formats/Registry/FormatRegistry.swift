import Foundation
import LarderCore

/// Every format Larder reads or writes, in one list. A new format is a folder under
/// `Formats/` holding its `RecipeFormat` (and whatever code is its alone), and one line
/// here. The order is the order of the CLI's help, and it breaks ties in recognition: a
/// format listed earlier wins when two fit a file equally well.
public enum FormatRegistry {
    /// Every format Larder reads or writes, in the order of the help and of ties in recognition.
    public static let all: [RecipeFormat] = [
        .json,
        .markdown,
        .cookbook,
        .pdf,
        .shoppingList,
        .jsonld,
        .html,
        .bundle,
        .paprika,
        .mela,
        .mealie,
        .nextcloud,
        .tandoor,
        .cooklang,
        .mealmaster,
        .mealdb,
        .copymethat,
        .csv,
        .plantoeat,
        .myrecipebox,
        .mastercook,
        .gourmet,
        .krecipes,
        .chowdown,
    ]

    /// The formats `--from` takes: those Larder reads.
    public static var readable: [RecipeFormat] { all.filter { $0.reader != nil } }

    /// The formats `--format` takes: those Larder writes.
    public static var writable: [RecipeFormat] { all.filter { $0.writer != nil } }

    /// The formats `scrape --format` prints one recipe in.
    public static var printable: [RecipeFormat] { all.filter { $0.writer?.text != nil } }

    /// The format `--from` or `--format` names, or nil.
    public static func format(named name: String) -> RecipeFormat? {
        all.first { $0.name == name }
    }

    /// Formats read file by file.
    static let fileFormats: [RecipeFormat] = all.filter {
        if case .files = $0.reader?.method { return true }
        return false
    }

    /// The format of a file, by its name and bytes; nil when none fits. Only formats that
    /// claim the file's name (by extension or whole name) are considered when any does;
    /// among them, bytes with a format's own marks beat bytes of only its kind's syntax, a
    /// whole file name beats an extension, and then the registry's order decides. A file
    /// that fits by name alone is still that format's (its reader says what is wrong).
    public static func recognise(_ file: RecipeFile) -> RecipeFormat? {
        let named = fileFormats.filter { $0.recognition.nameFit(file.name) > 0 }
        return best(of: named.isEmpty ? fileFormats : named, for: file, nameDecides: !named.isEmpty)
    }

    /// The format to read a file as when `--from` names `forced`: for a format that reads
    /// every file, it or a sibling that shares its file names and whose marks the bytes carry
    /// (`--from html` on Copy Me That's page, `--from mastercook` on a Gourmet file: one
    /// reader, told apart inside); otherwise the file's own format, read in `forced`'s JSON.
    static func format(for file: RecipeFile, forced: RecipeFormat) -> RecipeFormat? {
        guard forced.reader?.whenForced == .everyFile else { return recognise(file) }
        let claims = forced.recognition.extensions.union(forced.recognition.fileNames)
        let siblings = fileFormats.filter { $0 != forced && !$0.recognition.extensions.union($0.recognition.fileNames).isDisjoint(with: claims) }
        return siblings.first { $0.recognition.contentFit(file) == 2 && forced.recognition.contentFit(file) < 2 } ?? forced
    }

    private static func best(of candidates: [RecipeFormat], for file: RecipeFile, nameDecides: Bool) -> RecipeFormat? {
        var chosen: (format: RecipeFormat, score: (Int, Int))?
        for format in candidates {
            let score = (format.recognition.contentFit(file), format.recognition.nameFit(file.name))
            guard score.0 > 0 || nameDecides else { continue }
            if chosen == nil || score > chosen!.score { chosen = (format, score) }
        }
        return chosen?.format
    }

    /// Whether a file of this name is one a folder walk reads: some format claims its name
    /// or looks into files of its extension.
    static func readsFile(named path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return fileFormats.contains { $0.recognition.nameFit(path) > 0 || $0.recognition.lookedIntoExtensions.contains(ext) }
    }

    /// The format of a whole input (a Larder backup), when one recognises it.
    public static func wholeInputFormat(of path: String) -> RecipeFormat? {
        all.first { $0.recognition.wholeInput?(path) ?? false }
    }
}

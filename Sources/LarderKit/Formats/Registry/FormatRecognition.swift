import Foundation
import LarderCore

/// How a file of a format is recognised: by its name (an extension, a whole file name) and
/// by its bytes. The bytes can carry the format's own marks (Paprika's gzip, a Meal-Master
/// header, TheMealDB's `strMeal` keys) or only the syntax of its kind (`{` for any JSON, `<`
/// for any page), which decides only when nothing marks the file as something narrower.
/// `FormatRegistry.recognise` weighs them.
public struct FormatRecognition: Sendable {
    /// Extensions, lower case and without the dot, that name files of this format: `cook`.
    public var extensions: Set<String>
    /// Whole file names, lower case, that name files of this format: Nextcloud's `recipe.json`.
    public var fileNames: Set<String>
    /// Extensions of files a folder walk reads to see whether they are this format, as their
    /// name does not say (a Meal-Master `.txt`, a Chowdown `.md`).
    public var lookedIntoExtensions: Set<String>
    /// Extensions of the format's exports that are archives of its files (Paprika's
    /// `.paprikarecipes`, a zip): opened and walked like any archive.
    public var archiveExtensions: Set<String>
    /// The format's own marks in the bytes.
    public var marks: (@Sendable (RecipeFile) -> Bool)?
    /// The bytes are of the format's kind, without a mark of it.
    public var syntax: (@Sendable (RecipeFile) -> Bool)?
    /// A whole input (a file or a folder, by path) of this format: a Larder backup, told by
    /// its first entries. Such an input is taken whole, never file by file.
    public var wholeInput: (@Sendable (String) -> Bool)?

    /// How a format is recognised: the extensions and whole file names it claims, the extensions a folder walk looks into, and the marks its bytes carry.
    public init(extensions: Set<String> = [], fileNames: Set<String> = [], lookedIntoExtensions: Set<String> = [],
                archiveExtensions: Set<String> = [], marks: (@Sendable (RecipeFile) -> Bool)? = nil, syntax: (@Sendable (RecipeFile) -> Bool)? = nil,
                wholeInput: (@Sendable (String) -> Bool)? = nil) {
        self.extensions = extensions
        self.fileNames = fileNames
        self.lookedIntoExtensions = lookedIntoExtensions
        self.archiveExtensions = archiveExtensions
        self.marks = marks
        self.syntax = syntax
        self.wholeInput = wholeInput
    }

    /// How well a path's name fits: its whole file name beats its extension.
    func nameFit(_ path: String) -> Int {
        let name = (path as NSString).lastPathComponent.lowercased()
        if fileNames.contains(name) { return 2 }
        return extensions.contains((name as NSString).pathExtension) ? 1 : 0
    }

    /// How well the bytes fit: the format's own marks beat the syntax of its kind.
    func contentFit(_ file: RecipeFile) -> Int {
        if let marks, marks(file) { return 2 }
        if let syntax, syntax(file) { return 1 }
        return 0
    }
}

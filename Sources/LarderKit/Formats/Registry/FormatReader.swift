import Foundation
import LarderCore

/// How the inputs of a format are read.
public struct FormatReader: Sendable {
    /// One recipe read from a file, or why a part of it could not be read; `item` says which
    /// part when the file holds several (`#2 Shakshuka`).
    public typealias Found = (item: String?, result: Result<Recipe, MappingError>)
    /// Takes one recipe a reader found; false when the reading should stop (the run was
    /// stopped).
    public typealias Emit = (Found) -> Bool

    /// How the format's inputs are read: file by file, or restored whole.
    public enum Method: Sendable {
        /// Each file is read on its own (from a folder walk or an archive's entries), its recipes
        /// handed over as they are found: a file of many is never held whole.
        case files(@Sendable (RecipeFile, ReadContext, Emit) -> Void)
        /// The input is restored whole, checked before anything enters the library (a Larder
        /// backup): `import` hands it to the restore, never to the file reader.
        case restore
    }

    /// What `--from` does to the files of an input.
    public enum Forcing: Sendable {
        /// Every recipe file is read as this format (or a sibling its bytes mark, see
        /// `FormatRegistry.format(for:forced:)`); pictures and archives stay what they are.
        case everyFile
        /// Files are recognised as usual, and JSON files are read in this format's `jsonShape`.
        case jsonFiles
    }

    /// The words of `import`'s help for this input: `Paprika .paprikarecipe(s)`.
    public let help: String
    /// How the inputs are read.
    public let method: Method
    /// What `--from` does to the files of an input.
    public let whenForced: Forcing
    /// The JSON dialect this format's JSON is read as when `--from` names it; nil lets each
    /// object's keys decide.
    public let jsonShape: JSONShape?
    /// Whether a file at this path takes its folder's picture when it is the only recipe file
    /// there (Nextcloud's `recipe.json` and `full.jpg`), not only a picture named like itself.
    let takesFolderPicture: @Sendable (String) -> Bool
    /// Its recipes name their pictures by paths inside the export (Copy Me That's
    /// `images/x.jpg`): the file is read once its folder's pictures are all in.
    let namesPicturesByPath: Bool
    /// For a file named on its own, the names (without extension) of the pictures beside it
    /// that are its own; nil for the picture named like the file.
    let pictureStems: (@Sendable (String) -> [String]?)?
    /// For a file named on its own, the pictures it names by a path inside its folder
    /// (Markdown's `images/x/1.jpg`), read with it; only paths that stay inside the folder.
    let pictureFiles: (@Sendable (RecipeFile) -> [String])?
    /// Why a file of this format is the export's own books rather than a recipe (the contents
    /// page of a Markdown export); nil for a recipe file. Such a file is skipped as bookkeeping.
    let bookkeeping: (@Sendable (RecipeFile) -> String?)?

    /// A reader with its help words and method; the other parameters say how it pairs pictures, reads JSON and tells its bookkeeping files.
    public init(help: String, method: Method, whenForced: Forcing = .everyFile, jsonShape: JSONShape? = nil,
                takesFolderPicture: @escaping @Sendable (String) -> Bool = { _ in false }, namesPicturesByPath: Bool = false,
                pictureStems: (@Sendable (String) -> [String]?)? = nil, pictureFiles: (@Sendable (RecipeFile) -> [String])? = nil,
                bookkeeping: (@Sendable (RecipeFile) -> String?)? = nil) {
        self.help = help
        self.method = method
        self.whenForced = whenForced
        self.jsonShape = jsonShape
        self.takesFolderPicture = takesFolderPicture
        self.namesPicturesByPath = namesPicturesByPath
        self.pictureStems = pictureStems
        self.pictureFiles = pictureFiles
        self.bookkeeping = bookkeeping
    }

    /// A reader of files, one at a time, that hands over each recipe as it finds it.
    public static func streamedFiles(help: String, whenForced: Forcing = .everyFile, namesPicturesByPath: Bool = false,
                                     read: @escaping @Sendable (RecipeFile, ReadContext, Emit) -> Void) -> FormatReader {
        FormatReader(help: help, method: .files(read), whenForced: whenForced, namesPicturesByPath: namesPicturesByPath)
    }

    /// A reader of files, one at a time, that reads a file's recipes all at once.
    public static func files(help: String, whenForced: Forcing = .everyFile, jsonShape: JSONShape? = nil,
                             takesFolderPicture: @escaping @Sendable (String) -> Bool = { _ in false }, namesPicturesByPath: Bool = false,
                             pictureStems: (@Sendable (String) -> [String]?)? = nil, pictureFiles: (@Sendable (RecipeFile) -> [String])? = nil,
                             bookkeeping: (@Sendable (RecipeFile) -> String?)? = nil,
                             read: @escaping @Sendable (RecipeFile, ReadContext) -> [Found]) -> FormatReader {
        FormatReader(help: help, method: .files({ file, context, emit in
                         for found in read(file, context) { guard emit(found) else { return } }
                     }), whenForced: whenForced, jsonShape: jsonShape,
                     takesFolderPicture: takesFolderPicture, namesPicturesByPath: namesPicturesByPath, pictureStems: pictureStems,
                     pictureFiles: pictureFiles, bookkeeping: bookkeeping)
    }

    /// The recipes of a file, each handed to `emit`; none for a format that is restored whole.
    func read(_ file: RecipeFile, context: ReadContext, emit: Emit) {
        guard case .files(let read) = method else { return }
        read(file, context, emit)
    }
}

/// What a reader knows about the input beyond the file's bytes.
public struct ReadContext: Sendable {
    /// The input as the user named it, for messages and provenance.
    public var input: String
    /// The address of a saved page when the page does not name it.
    public var pageURL: URL?
    /// What one input may hold.
    public var limits: InputLimits
    /// The format `--from` named, when it did.
    public var forced: RecipeFormat?
    /// False once the run was stopped: a reader that parses one long file asks it as it goes.
    public var keepGoing: @Sendable () -> Bool
    /// What the input file this one comes from may still expand to, for a reader that
    /// decompresses (nil: only the file's own limit applies).
    var decompression: DecompressionBudget?

    /// The context of reading `input` (a saved page's address, when known, and the format `--from`
    /// forced); `keepGoing` turns false when the run is interrupted.
    public init(input: String, pageURL: URL? = nil, limits: InputLimits = InputLimits(), forced: RecipeFormat? = nil,
                keepGoing: @escaping @Sendable () -> Bool = { true }) {
        self.input = input
        self.pageURL = pageURL
        self.limits = limits
        self.forced = forced
        self.keepGoing = keepGoing
    }

    /// The same, for LarderCore's mappers.
    public var mapping: MappingContext { MappingContext(input: input, limits: limits) }

    /// The JSON dialect `--from` asks for; nil lets each object's keys decide.
    public var forcedJSONShape: JSONShape? { forced?.reader?.jsonShape }
}

extension FormatReader.Method {
    /// The input is handed to the restore whole.
    public var restoresWhole: Bool {
        if case .restore = self { return true }
        return false
    }
}

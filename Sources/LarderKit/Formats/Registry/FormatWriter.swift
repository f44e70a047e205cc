import Foundation
import LarderArchive
import LarderCore

/// How a format is written and laid out on disk.
public struct FormatWriter: Sendable {
    /// How the output of a format is laid out.
    public enum Layout: Sendable, Equatable {
        /// A tree of files, into a folder, or into an archive of the same tree when the
        /// output's name ends in an archive's extension (or `--archive` says so).
        case tree
        /// One file; `examples` are names of it for the help, the first is suggested when the
        /// output given is a folder.
        case file(examples: [String])
    }

    /// The words of `--format`'s help for it: `Paprika .paprikarecipes`.
    public let help: String
    /// A sentence or two for `export`'s help, when the format needs more than its name.
    public let details: String?
    /// A tree of files, or one file.
    public let layout: Layout
    private let sink: @Sendable (FormatOutput) throws -> RecipeSink
    /// How Larder reads this format's export back, to compare every recipe written with what
    /// came back (`FidelityCheckedSink`); nil for a format Larder does not read (a cookbook).
    public let readBack: ReadBack?
    /// The fields this format has no place for, or holds only in part, each with why
    /// (`nutrition`: "no field for it"): a difference in one of them is said as the format's,
    /// in the notes and the fidelity report. What the format loses is found by reading back
    /// what was written, never from this list; `FormatRegistryTests` checks that nothing
    /// else differs.
    public let noPlaceFor: [RecipeField: String]
    /// One recipe as text, for `larder scrape --format`; nil for a format of files.
    public let text: (@Sendable (Recipe) throws -> String)?
    /// The format this writes, as the notes and the fidelity report name it; set by
    /// `RecipeFormat` when it takes the writer.
    var format = (name: "", title: "")

    /// A writer with its help words, layout, how its output is read back (nil: not checked), what the format has no place for, its one-recipe text and its sink.
    public init(help: String, details: String? = nil, layout: Layout, readBack: ReadBack? = nil,
                noPlaceFor: [RecipeField: String] = [:],
                text: (@Sendable (Recipe) throws -> String)? = nil,
                makeSink: @escaping @Sendable (FormatOutput) throws -> RecipeSink) {
        self.help = help
        self.details = details
        self.layout = layout
        self.readBack = readBack
        self.noPlaceFor = noPlaceFor
        self.text = text
        self.sink = makeSink
    }

    /// The sink that writes recipes to `output` in this format; for a format Larder reads
    /// back, wrapped in the fidelity check (`FidelityCheckedSink`).
    public func makeSink(_ output: FormatOutput) throws -> RecipeSink {
        let sink = try sink(output)
        guard let readBack, let readable = sink as? ReadBackSink else { return sink }
        return FidelityCheckedSink(readable, format: format, readBack: readBack, noPlaceFor: noPlaceFor, output: output.url,
                                   options: output.fidelity)
    }

    /// Whether the format writes a tree of files (into a folder or an archive).
    public var writesTree: Bool { layout == .tree }

    /// The file name suggested when the output named for a one-file format (or an archive)
    /// is a folder: `book.html`, `recipes.tar.gz`.
    func exampleFileName(archive: ArchiveFormat?) -> String {
        switch layout {
        case .tree: return "recipes." + (archive ?? .tarGzip).rawValue
        case .file(let examples): return examples.first ?? "recipes"
        }
    }
}

/// Where and with what an export is written: the destination, and what the sinks read
/// besides the recipes.
public struct FormatOutput {
    /// Where the output goes.
    public var url: URL
    /// For a tree: the archive to write it into; nil writes a folder.
    public var archive: ArchiveFormat?
    /// The library that stored picture paths are relative to, when recipes come from one.
    public var imageSource: Library?
    /// The date a JSON bundle's manifest carries.
    public var created: Date
    /// The title, template and options of a printable cookbook.
    public var cookbook: CookbookOptions
    /// Typst, for the PDF cookbook; nil looks for it (`python3` on `PATH`) when the sink is made.
    public var pdfEngine: PDFEngine?
    /// Told how the PDF is coming along while it is laid out.
    public var pdfProgress: @Sendable (PDFProgress) -> Void
    /// The measuring system asked for (`--units`): a shopping list adds its amounts in it.
    public var units: MeasureUnit.System?
    /// The user's aisles and pantry, and the plan the recipes come from, for a shopping list.
    public var shopping: ShoppingListOptions
    /// Where the fidelity check reports, and whether a difference withholds the output.
    public var fidelity: FidelityOptions

    /// An output at `url`, in an archive of `archive`'s kind when given, reading stored pictures from `imageSource`.
    public init(url: URL, archive: ArchiveFormat? = nil, imageSource: Library? = nil, created: Date = MappingContext.now(),
                cookbook: CookbookOptions = CookbookOptions(), pdfEngine: PDFEngine? = nil, units: MeasureUnit.System? = nil,
                shopping: ShoppingListOptions = ShoppingListOptions(), fidelity: FidelityOptions = FidelityOptions(),
                pdfProgress: @escaping @Sendable (PDFProgress) -> Void = { _ in }) {
        self.units = units
        self.shopping = shopping
        self.fidelity = fidelity
        self.pdfProgress = pdfProgress
        self.url = url
        self.archive = archive
        self.imageSource = imageSource
        self.created = created
        self.cookbook = cookbook
        self.pdfEngine = pdfEngine
    }

    /// The folder or archive a tree format writes into.
    public func tree() throws -> OutputTree {
        if let archive { return try ArchiveTree(output: url, format: archive) }
        return try FolderTree(folder: url)
    }
}

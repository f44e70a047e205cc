import Foundation
import LarderArchive
import LarderCore

/// Where an export goes, decided from the format's layout, the output's name and the archive
/// kind asked for: a folder, an archive of the format's tree, or one file.
public struct ExportDestination {
    /// Why an output cannot be used for a format.
    public enum Problem: Equatable, DescribedError {
        /// The format writes no output at all (it is only read).
        case notWritten(RecipeFormat)
        /// An archive was asked of a format that writes one file.
        case archiveOfOneFile(RecipeFormat)
        /// An archive kind Larder does not write.
        case unknownArchive(String)

        public var description: String {
            switch self {
            case .notWritten(let format): return "Larder reads \(format.title) but does not write it"
            case .archiveOfOneFile(let format): return "\(format.title) is written as one file, not into an archive"
            case .unknownArchive(let kind): return "\(kind) is not an archive Larder writes (\(ExportDestination.archiveKinds.joined(separator: ", ")))"
            }
        }
    }

    /// The format written.
    public let format: RecipeFormat
    /// The output as the user named it.
    public let output: URL
    /// The archive the tree goes into; nil for a folder or a one-file format.
    public let archive: ArchiveFormat?

    /// The archive kinds an export can write, by the names `--archive` takes: `tar.gz`, `zip`.
    public static let archiveKinds: [String] = ArchiveFormat.allCases.map(\.rawValue)

    /// `archiveKind` is one of `archiveKinds`; without it, the output's extension decides
    /// whether a tree format writes an archive.
    public init(format: RecipeFormat, output: String, archiveKind: String? = nil) throws(Problem) {
        guard let writer = format.writer else { throw .notWritten(format) }
        self.format = format
        self.output = URL(fileURLWithPath: output)
        guard writer.writesTree else {
            if archiveKind != nil { throw .archiveOfOneFile(format) }
            archive = nil
            return
        }
        if let archiveKind {
            guard let kind = ArchiveFormat(rawValue: archiveKind) else { throw .unknownArchive(archiveKind) }
            archive = kind
        } else {
            archive = ArchiveFormat(fileName: output)
        }
    }

    /// The output is one file: an archive, or a one-file format.
    public var isOneFile: Bool { archive != nil || !(format.writer?.writesTree ?? false) }

    /// A file name to suggest when the output is a folder but must be a file.
    public var exampleFileName: String { format.writer?.exampleFileName(archive: archive) ?? "recipes" }

    /// Whether Larder reads this format back, so that the export is checked recipe by recipe
    /// and a fidelity report is written beside it (`--strict` has something to check).
    public var isReadBack: Bool { format.writer?.readBack != nil }

    /// Where the fidelity report of this export goes: beside the output (`FidelityOptions.reportURL`).
    public var fidelityReport: URL { FidelityOptions.reportURL(for: output) }

    /// `strict`: write nothing when a recipe would not read back as it is given (`--strict`).
    public func makeSink(imageSource: Library?, created: Date, cookbook: CookbookOptions = CookbookOptions(),
                         pdfEngine: PDFEngine? = nil, units: MeasureUnit.System? = nil,
                         shopping: ShoppingListOptions = ShoppingListOptions(), strict: Bool = false,
                         pdfProgress: @escaping @Sendable (PDFProgress) -> Void = { _ in }) throws -> RecipeSink {
        guard let writer = format.writer else { throw Problem.notWritten(format) }
        return try writer.makeSink(FormatOutput(url: output, archive: archive, imageSource: imageSource, created: created,
                                                cookbook: cookbook, pdfEngine: pdfEngine, units: units, shopping: shopping,
                                                fidelity: FidelityOptions(report: fidelityReport, strict: strict), pdfProgress: pdfProgress))
    }
}

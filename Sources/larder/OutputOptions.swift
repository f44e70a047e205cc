import ArgumentParser
import Foundation
import LarderCore
import LarderKit

/// `--archive`: an archive kind an export writes, by the names LarderKit gives them.
struct ArchiveKind: ExpressibleByArgument {
    let name: String

    init?(argument: String) {
        guard ExportDestination.archiveKinds.contains(argument) else { return nil }
        name = argument
    }

    static var allValueStrings: [String] { ExportDestination.archiveKinds }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// `--format`, `--output`, `--archive` and the cookbook's options: where and how `export` and
/// `convert` write. The formats, and what the help says of each, come from `FormatRegistry`.
struct OutputOptions: ParsableArguments {
    static let treeFormats = OutputFormat.choices.filter { $0.writer?.writesTree == true }.map(\.name)
    static let oneFileFormats = OutputFormat.choices.filter { $0.writer?.writesTree == false }

    @Option(name: .customLong("format"), help: ArgumentHelp(
        "The output format: \(OutputFormat.listed { $0.writer?.help }).",
        valueName: "format"))
    var given: OutputFormat

    var format: RecipeFormat { given.format }

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write: a folder for \(listed(treeFormats, "and")), or an archive (backup.tar.gz, .tgz, .tar.zst, .tar.xz, .zip); a file for "
            + oneFileFormats.map { "\($0.name) (\(examples(of: $0)))" }.joined(separator: ", ") + ".",
        valueName: "path"))
    var output: String

    @Option(name: .long, help: ArgumentHelp(
        "Write \(listed(treeFormats, "or")) into an archive of this kind: \(ExportDestination.archiveKinds.joined(separator: ", ")) (default: from the output's extension).",
        valueName: "kind"))
    var archive: ArchiveKind?

    @Flag(name: .long, help: ArgumentHelp(
        "Write nothing and exit 1 when any recipe would not read back from the output as it is given (a field the format drops or changes); the notes name what. For the formats Larder reads back: \(listed(readBackFormats, "and")).",
        discussion: "Every export into a format Larder reads back reads each recipe back through that format's reader and compares it with the recipe given; the fidelity report, OUTPUT.fidelity.json beside the output, lists each recipe and what did not come back as it was."))
    var strict = false

    static let readBackFormats = OutputFormat.choices.filter { $0.writer?.readBack != nil }.map(\.name)

    /// What every export and convert into a format Larder reads does, for their help.
    static let readBackDiscussion = """
        Each recipe written as \(listed(readBackFormats, "or")) is read back through that format's reader \
        and compared with the recipe given, field by field: the notes say what the format dropped or \
        changed (field, how many recipes, a few of their names), and OUTPUT.fidelity.json, beside the \
        output, lists every recipe with what did not come back as it was. --strict writes nothing when \
        a recipe would not come back.
        """

    @OptionGroup(title: "Cookbook options (--format cookbook or pdf)") var cookbook: CookbookCommandOptions

    /// `a, b and c`.
    static func listed(_ names: [String], _ conjunction: String) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
    }

    static func examples(of format: RecipeFormat) -> String {
        guard case .file(let examples) = format.writer?.layout else { return "" }
        return examples.joined(separator: ", ")
    }

    func validate() throws {
        if format != .cookbook && format != .pdf, let given = cookbook.givenOption {
            throw ValidationError("\(given) is for --format cookbook or pdf.")
        }
        if format != .pdf, cookbook.pdfEngine != nil {
            throw ValidationError("--pdf-engine is for --format pdf.")
        }
        if format == .pdf, cookbook.cookbookImages == .folder {
            throw ValidationError("A PDF holds its pictures inside it: --cookbook-images is embed or none for --format pdf.")
        }
        if strict, format.writer?.readBack == nil {
            throw ValidationError("--strict compares what is written with what reads back; Larder does not read --format \(format.name) back (--strict is for \(Self.listed(Self.readBackFormats, "and"))).")
        }
        // Before any input is read: without the engine there is nothing to write.
        if format == .pdf { _ = try cookbook.engine() }
        _ = try destination()
    }

    /// The folder, archive or file the output is, from the format's layout, the output's name
    /// and `--archive`.
    func destination() throws -> ExportDestination {
        do {
            return try ExportDestination(format: format, output: output, archiveKind: archive?.name)
        } catch ExportDestination.Problem.archiveOfOneFile(let format) {
            throw ValidationError("--format \(format.name) writes one file; archives hold \(Self.listed(Self.treeFormats, "or")) trees.")
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Throws unless the output can be written as one file (an archive, or a one-file format);
    /// a folder output is checked by the sink that replaces it (`OutputFolder`).
    func checkOutputFile() throws {
        let destination = try destination()
        guard destination.isOneFile else { return }
        let example = destination.output.appendingPathComponent(destination.exampleFileName).path
        let what = destination.archive != nil ? "an archive" : "one file"
        try PathCheck.writableFile(destination.output, role: "The output", ifFolder: "--format \(format.name) writes \(what) here: name a file, such as \(example).",
                                   advice: "Choose an output in a folder you can write in.")
    }

    /// The sink that writes this output; `imageSource` is the library stored image paths are
    /// relative to, `created` the date a JSON bundle's manifest carries.
    /// `units`: the system `--units` asked for.
    /// `shopping`: the aisles, pantry and plan of a shopping list; `runOutput` shows the PDF's progress.
    func makeSink(imageSource: Library?, created: Date, units: MeasureUnit.System? = nil,
                  shopping: ShoppingListOptions = ShoppingListOptions(), runOutput: RunOutput? = nil) throws -> RecipeSink {
        try checkOutputFile()
        let engine = format == .pdf ? try cookbook.engine() : nil
        return try destination().makeSink(imageSource: imageSource, created: created, cookbook: cookbook.options, pdfEngine: engine, units: units,
                                          shopping: shopping, strict: strict, pdfProgress: { runOutput?.pdfProgress($0) })
    }
}

/// The printable cookbook's title page, paper, pictures and templates.
struct CookbookCommandOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The book's title, on its title page (default: Recipes).", valueName: "text"))
    var title: String?

    @Option(name: .long, help: ArgumentHelp("A line under the title.", valueName: "text"))
    var subtitle: String?

    @Option(name: .long, help: ArgumentHelp("The paper the book is laid out for: a4 or letter (default: a4).", valueName: "size"))
    var pageSize: CookbookOptions.PageSize?

    @Option(name: .long, help: ArgumentHelp(
        "Pictures: embed (inside the HTML), folder (in <name>-images/ beside it) or none (default: embed).", valueName: "mode"))
    var cookbookImages: CookbookOptions.Images?

    @Option(name: .long, help: ArgumentHelp(
        "For --format cookbook, a folder of Mustache templates (cookbook, recipe, style .mustache) that replace the built-in ones "
            + "of the same name; for --format pdf, a Typst file (book.typ) that replaces the built-in one.",
        discussion: "docs/cookbook-templates.md and docs/pdf.md list what the templates receive.",
        valueName: "path"))
    var template: String?

    @Option(name: .long, help: ArgumentHelp(
        "The Python that lays out the PDF with its typst package (default: python3 on PATH).", valueName: "path"))
    var pdfEngine: String?

    /// The PDF engine; a missing one is a usage error that says how to install it.
    func engine() throws -> PDFEngine {
        do {
            return try PDFEngine.locate(pdfEngine)
        } catch let error as PDFEngineError {
            let sentence = error.description.prefix(1).uppercased() + error.description.dropFirst()
            throw ValidationError(sentence.hasSuffix(".") ? sentence : sentence + ".")
        }
    }

    /// The first cookbook option given, for the error when the format is another.
    var givenOption: String? {
        [("--title", title != nil), ("--subtitle", subtitle != nil), ("--page-size", pageSize != nil),
         ("--cookbook-images", cookbookImages != nil), ("--template", template != nil)].first { $0.1 }?.0
    }

    var options: CookbookOptions {
        CookbookOptions(title: title ?? "Recipes", subtitle: subtitle, pageSize: pageSize ?? .a4, images: cookbookImages ?? .embed,
                        template: template.map { URL(fileURLWithPath: $0) })
    }
}

extension CookbookOptions.PageSize: ExpressibleByArgument {}
extension CookbookOptions.Images: ExpressibleByArgument {}

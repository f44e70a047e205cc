import ArgumentParser
import Foundation
import LarderArchive
import LarderKit

/// The formats `export` and `convert` write.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case json, markdown
    /// One HTML file designed for paper.
    case cookbook
    /// The same book as a PDF, made by WeasyPrint.
    case pdf
    /// One merged list of what to buy, grouped by aisle: Markdown checklist, or JSON for `.json`.
    case shoppingList = "shopping-list"
    /// schema.org Recipe JSON-LD: one object, or a list of them.
    case jsonld
    /// A `.paprikarecipes` for Paprika (or one `.paprikarecipe`).
    case paprika
    /// Nextcloud Cookbook's folders of `recipe.json` + `full.jpg`.
    case nextcloud
    /// One `.cook` file per recipe.
    case cooklang
    /// TheMealDB's `{"meals": [...]}`.
    case mealdb

    static var allValueStrings: [String] { allCases.map(\.rawValue) }

    /// Formats that write a tree of files, into a folder or an archive.
    var writesTree: Bool { [.json, .markdown, .nextcloud, .cooklang].contains(self) }

    /// A file name to suggest when the output named for a one-file format (or an archive of
    /// this kind) is a folder.
    func exampleFileName(archive: ArchiveFormat?) -> String {
        switch self {
        case .cookbook: "cookbook.html"
        case .pdf: "cookbook.pdf"
        case .shoppingList: "shopping-list.md"
        case .jsonld: "recipes.json"
        case .mealdb: "meals.json"
        case .paprika: "recipes.paprikarecipes"
        case .json, .markdown, .nextcloud, .cooklang: "recipes." + (archive ?? .tarGzip).rawValue
        }
    }
}

/// `--format`, `--output`, `--archive` and the cookbook's options: where and how `export` and
/// `convert` write.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The output format: json (Larder's library), markdown, cookbook (HTML), pdf, shopping-list, or another app's: jsonld (schema.org), paprika, nextcloud, cooklang, mealdb.",
        valueName: "format"))
    var format: OutputFormat

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write: a folder for json, markdown, nextcloud and cooklang, or an archive (backup.tar.gz, .tgz, .tar.zst, .tar.xz, .zip); a file for cookbook (book.html), pdf (book.pdf), shopping-list (list.md, list.json), jsonld and mealdb (.json) and paprika (.paprikarecipes).",
        valueName: "path"))
    var output: String

    @Option(name: .long, help: ArgumentHelp(
        "Write json or markdown into an archive of this kind: tar.gz, tar.zst, tar.xz or zip (default: from the output's extension).",
        valueName: "kind"))
    var archive: ArchiveFormat?

    @OptionGroup(title: "Cookbook options (--format cookbook or pdf)") var cookbook: CookbookCommandOptions

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
        // Before any input is read: without the engine there is nothing to write.
        if format == .pdf { _ = try cookbook.engine() }
        _ = try archiveFormat()
    }

    /// The archive kind for this output, nil for a folder or a single file.
    func archiveFormat() throws -> ArchiveFormat? {
        guard format.writesTree else {
            if archive != nil { throw ValidationError("--format \(format.rawValue) writes one file; archives hold json, markdown, nextcloud or cooklang trees.") }
            return nil
        }
        return archive ?? ArchiveFormat(fileName: output)
    }

    /// Throws unless the output can be written as one file (an archive, or a one-file format);
    /// a folder output is checked by the sink that replaces it (`OutputFolder`).
    func checkOutputFile() throws {
        let archive = try archiveFormat()
        guard archive != nil || !format.writesTree else { return }
        let url = URL(fileURLWithPath: output)
        let example = url.appendingPathComponent(format.exampleFileName(archive: archive)).path
        let what = archive != nil ? "an archive" : "one file"
        try PathCheck.writableFile(url, role: "The output", advice: "--format \(format.rawValue) writes \(what) here: name a file, such as \(example).")
    }

    /// The sink that writes this output; `imageSource` is the library stored image paths are
    /// relative to, `created` the date a JSON bundle's manifest carries.
    func makeSink(imageSource: Library?, created: Date) throws -> RecipeSink {
        try checkOutputFile()
        let url = URL(fileURLWithPath: output)
        if let archive = try archiveFormat() {
            let tree = try ArchiveTree(output: url, format: archive)
            switch format {
            case .markdown: return MarkdownSink(tree: tree, imageSource: imageSource)
            case .nextcloud: return NextcloudSink(tree: tree, imageSource: imageSource)
            case .cooklang: return CooklangSink(tree: tree, imageSource: imageSource)
            default: return try BundleSink(output: url, format: archive, imageSource: imageSource, created: created)
            }
        }
        switch format {
        case .json:
            return try LibrarySink(exportingTo: url, imageSource: imageSource)
        case .markdown:
            return try MarkdownSink(output: url, imageSource: imageSource)
        case .cookbook:
            return try CookbookSink(output: url, options: cookbook.options, imageSource: imageSource)
        case .pdf:
            return try PDFCookbookSink(output: url, options: cookbook.options, engine: try cookbook.engine(), imageSource: imageSource)
        case .shoppingList:
            return ShoppingListSink(output: url)
        case .jsonld:
            return try FormatSinks.jsonld(output: url)
        case .mealdb:
            return try FormatSinks.mealdb(output: url)
        case .paprika:
            return try PaprikaSink(output: url, imageSource: imageSource)
        case .nextcloud:
            return NextcloudSink(tree: try FolderTree(folder: url), imageSource: imageSource)
        case .cooklang:
            return CooklangSink(tree: try FolderTree(folder: url), imageSource: imageSource)
        }
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
        "A folder of Mustache templates (cookbook, recipe, style .mustache) that replace the built-in ones of the same name.",
        discussion: "docs/cookbook-templates.md lists the variables each template receives.",
        valueName: "dir"))
    var template: String?

    @Option(name: .long, help: ArgumentHelp(
        "The WeasyPrint program that makes the PDF (default: weasyprint on PATH).", valueName: "path"))
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
                        templateFolder: template.map { URL(fileURLWithPath: $0) })
    }
}

extension CookbookOptions.PageSize: ExpressibleByArgument {}
extension CookbookOptions.Images: ExpressibleByArgument {}

import Foundation
import LarderCore

/// `--format pdf`: the printable cookbook as a PDF, laid out by Typst in one compile. As
/// recipes arrive their pictures are written into a work folder; at the end the book (recipes
/// in reading order, contents, index; the same data the HTML book's templates receive) is
/// written there as `book.json` beside the template, `book.typ`, which reads it with `json()`
/// and decides each recipe's layout itself. Then the PDF is put in place, atomically.
public final class PDFCookbookSink: RecipeSink {
    /// The sink's name in the report (`pdf`).
    public let name = "pdf"
    /// The PDF written when the run ends.
    public let output: URL
    /// The WeasyPrint found (or named) that renders the book.
    public let engine: PDFEngine
    /// The book's title, order, and what each recipe shows.
    public let options: CookbookOptions
    /// The library that `RecipeImage.path` is relative to, when recipes come from one.
    public let imageSource: Library?
    /// Told how the book is coming along while it is laid out.
    private let progress: @Sendable (PDFProgress) -> Void
    private var builder = CookbookBuilder()
    private let template: TypstTemplate
    /// The book's folder: `book.typ`, `book.json`, `images/`; removed when the sink is done.
    private let folder: URL
    private var picturesWritten = 0
    private var notesAfterLayout: [String] = []
    /// The most recipes laid out in one process (`PDFEngine.compile`).
    let recipesPerPart: Int

    /// `--cookbook-images folder` is for the HTML book; a PDF holds its pictures. A
    /// `--template` is read and checked here, before any recipe.
    public init(output: URL, options: CookbookOptions, engine: PDFEngine, imageSource: Library? = nil,
                progress: @escaping @Sendable (PDFProgress) -> Void = { _ in }, recipesPerPart: Int = PDFEngine.recipesPerPart) throws {
        guard options.images != .folder else {
            throw CookbookError("a PDF holds its pictures inside it: --cookbook-images is embed or none for --format pdf")
        }
        self.output = output
        self.engine = engine
        self.options = options
        self.imageSource = imageSource
        self.progress = progress
        self.recipesPerPart = recipesPerPart
        template = try TypstTemplate.load(options.template)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("larder-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Takes one recipe into the output being written; throws when it cannot (the recipe fails alone).
    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        var source: String?
        if options.images != .none,
           let picture = CookbookPicture.of(recipe, library: imageSource, accepting: TypstTemplate.pictureTypes) {
            picturesWritten += 1
            let name = "\(picturesWritten).\(ImageBytes.fileExtension(for: picture.mediaType))"
            try picture.bytes.write(to: folder.appendingPathComponent("images").appendingPathComponent(name))
            // From the book's folder, Typst's root: the same path for the parts of a large book.
            source = "/images/" + name
        }
        builder.add(recipe, imageSource: source)
        return .written
    }

    /// Text no installed font can print, by script and recipe: the PDF would print boxes in its
    /// place. Asked once, before the book is laid out.
    public var runNotes: [String] {
        guard let fonts = InstalledFonts.current else { return [] }
        return UnprintableText(parts: builder.build(options: options).recipes.map { ($0.title, $0.printedText) }, fonts: fonts).notes
    }

    /// What laying out the book found: pictures Typst could not read, the template's warnings.
    public var finishNotes: [String] { notesAfterLayout }

    /// Writes the output whole and puts it in place, now that every recipe is in.
    public func finish(report: RunReport) throws {
        let book = builder.build(options: options)
        progress(.prepared(recipes: book.recipes.count, pictures: picturesWritten))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        try encoder.encode(book).write(to: folder.appendingPathComponent("book.json"))
        try Data(template.text.utf8).write(to: folder.appendingPathComponent("book.typ"))
        let pdf = folder.appendingPathComponent("book.pdf")
        let laidOut: TypstReport
        do {
            let progress = self.progress
            laidOut = try engine.compile(folder: folder, pdf: pdf, part: recipesPerPart) { event in progress(.engine(event)) }
        } catch let failure as TypstFailure {
            throw CookbookError(template.explain(failure, book: folder))
        }
        let unreadable = Set(laidOut.unreadablePictures ?? [])
        if !unreadable.isEmpty {
            let titles = book.recipes.filter { $0.image.map { unreadable.contains($0.src) } ?? false }.map { "\"\($0.title)\"" }
            notesAfterLayout.append("""
                \(titles.count == 1 ? "the picture of" : "the pictures of") \(titles.joined(separator: ", ")) could not be read \
                (their bytes are not the image they claim to be), so the PDF prints \(titles.count == 1 ? "that recipe" : "them") without
                """)
        }
        notesAfterLayout += (laidOut.warnings ?? []).map { "Typst warns about \(template.name): \($0)" }
        try AtomicFile.write(try Data(contentsOf: pdf), to: output)
    }
}

/// How far the PDF has come, for a progress line.
public enum PDFProgress: Sendable {
    /// The book's data is written: so many recipes, so many pictures.
    case prepared(recipes: Int, pictures: Int)
    /// What the engine says as it lays the book out.
    case engine(EngineProgress)
}

import Foundation
import LarderCore

/// `--format pdf`: the printable cookbook as a PDF, rendered from the same HTML by WeasyPrint.
/// The book is measured first: a recipe that runs onto a second page is tried with its picture
/// beside the method, then smaller with tighter type, then tighter still, and keeps the first layout that saves a
/// page (`RecipeFitting`); then the PDF is written, atomically. Pictures are always inside the
/// HTML, and the engine loads nothing else (see `WeasyPrintScript`).
public final class PDFCookbookSink: RecipeSink {
    /// The sink's name in the report (`pdf`).
    public let name = "pdf"
    /// The PDF written when the run ends.
    public let output: URL
    /// The WeasyPrint found (or named) that renders the book.
    public let engine: PDFEngine
    /// The library that `RecipeImage.path` is relative to, when recipes come from one.
    public let imageSource: Library?
    private var document: CookbookDocument

    /// `--cookbook-images folder` is for the HTML book; a PDF holds its pictures.
    public init(output: URL, options: CookbookOptions, engine: PDFEngine, imageSource: Library? = nil) throws {
        guard options.images != .folder else {
            throw CookbookError("a PDF holds its pictures inside it: --cookbook-images is embed or none for --format pdf")
        }
        self.output = output
        self.engine = engine
        self.imageSource = imageSource
        document = try CookbookDocument(options: options)
    }

    /// Takes one recipe into the output being written; throws when it cannot (the recipe fails alone).
    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        let picture = document.options.images == .none ? nil : CookbookPicture.of(recipe, library: imageSource)
        document.add(recipe, imageSource: picture.map(CookbookPicture.dataURL))
        return .written
    }

    /// Text no installed font can print, by script and recipe: WeasyPrint would leave it blank
    /// without a word. Asked once, before the book is rendered.
    public var runNotes: [String] {
        guard let fonts = InstalledFonts.current else { return [] }
        return UnprintableText(parts: document.printedRecipes, fonts: fonts).notes
    }

    /// Writes the output whole and puts it in place, now that every recipe is in.
    public func finish(report: RunReport) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("larder-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        // The whole book in the usual layout; it is the PDF when every recipe fits its pages.
        var fitting = RecipeFitting(recipes: document.recipeAnchors, followedBy: "index")
        let usual = work.appendingPathComponent("usual.pdf")
        fitting.measuredUsual(try render(layouts: [:], pdf: usual, in: work))
        // The recipes that run over, alone, in each tighter layout in turn.
        for layout in RecipeLayout.tighter {
            let candidates = fitting.candidates(for: layout)
            guard !candidates.isEmpty else { continue }
            let trial = fitting.layouts.merging(candidates.map { ($0, layout) }) { _, new in new }
            fitting.measured(layout, on: candidates, try render(layouts: trial, only: candidates, in: work))
        }
        var pdf = usual
        var final: [String: Int] = [:]  // nothing is lost when every recipe keeps the usual layout
        if !fitting.layouts.isEmpty {
            pdf = work.appendingPathComponent("fitted.pdf")
            final = try render(layouts: fitting.layouts, pdf: pdf, in: work).lost
        }
        // Never a book that silently leaves lines out.
        if let (anchor, rows) = final.min(by: { $0.key < $1.key }) {
            throw CookbookError("""
                the PDF engine could not fit \(rows) lines of \(document.title(of: anchor) ?? anchor) on its pages; \
                the HTML book (--format cookbook) prints all of them
                """)
        }
        try AtomicFile.write(try Data(contentsOf: pdf), to: output)
    }

    /// Renders the book (or the recipes `only` names) and tells where its parts fell; writes
    /// the PDF when `pdf` is given.
    private func render(layouts: [String: RecipeLayout], only: Set<String>? = nil, pdf: URL? = nil, in work: URL) throws -> PageMap {
        // Each rendering takes seconds: a stopped export ends between them, with no PDF written.
        try Task.checkCancellation()
        let html = work.appendingPathComponent("book.html")
        try Data(try document.render(layouts: layouts, pagedMedia: true, only: only).utf8).write(to: html)
        let map = try engine.render(html: html, pdf: pdf, work: work)
        if let address = map.refused.first {
            throw CookbookError("""
                the book refers to \(address), which a PDF does not load: pictures, fonts and stylesheets of a \
                --template must be inside it (data: URLs)
                """)
        }
        return map
    }
}

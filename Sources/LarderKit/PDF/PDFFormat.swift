import Foundation
import LarderCore

extension RecipeFormat {
    /// The printable cookbook as a PDF, laid out by Typst from the book's data.
    public static let pdf: RecipeFormat = RecipeFormat(
        name: "pdf",
        title: "PDF cookbook",
        writer: FormatWriter(
            help: "the cookbook as a PDF",
            details: """
            pdf writes the same book as a PDF laid out by Typst (its Python package, imported by python3 \
            on PATH or --pdf-engine), with page numbers in the contents and the index, from a Typst \
            template that --template replaces.
            """,
            layout: .file(examples: ["cookbook.pdf"])
        ) { output in
            try PDFCookbookSink(output: output.url, options: output.cookbook, engine: output.pdfEngine ?? PDFEngine.locate(),
                                imageSource: output.imageSource, progress: output.pdfProgress)
        }
    )
}

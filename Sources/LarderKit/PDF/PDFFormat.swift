import Foundation
import LarderCore

extension RecipeFormat {
    /// The printable cookbook as a PDF, made from the same HTML book by WeasyPrint.
    public static let pdf: RecipeFormat = RecipeFormat(
        name: "pdf",
        title: "PDF cookbook",
        writer: FormatWriter(
            help: "the cookbook as a PDF",
            details: """
            pdf writes the same book as a PDF with WeasyPrint (found on PATH, or --pdf-engine), with \
            page numbers in the contents and the index.
            """,
            layout: .file(examples: ["cookbook.pdf"])
        ) { output in
            try PDFCookbookSink(output: output.url, options: output.cookbook, engine: output.pdfEngine ?? PDFEngine.locate(),
                                imageSource: output.imageSource)
        }
    )
}

import Foundation
import LarderCore

extension RecipeFormat {
    /// The printable cookbook: one HTML file laid out for paper, from Mustache templates.
    public static let cookbook: RecipeFormat = RecipeFormat(
        name: "cookbook",
        title: "printable cookbook",
        writer: FormatWriter(
            help: "printable HTML",
            details: """
            cookbook writes one HTML file laid out for paper (title page, contents, one recipe per \
            page, an index) from Mustache templates that --template replaces; print it from a browser.
            """,
            layout: .file(examples: ["cookbook.html"])
        ) { output in
            try CookbookSink(output: output.url, options: output.cookbook, imageSource: output.imageSource)
        }
    )
}

import Foundation
import LarderCore

extension RecipeFormat {
    /// A Markdown cookbook: one file per recipe with YAML front matter, its pictures, and an
    /// `index.md` by category.
    public static let markdown: RecipeFormat = RecipeFormat(
        name: "markdown",
        title: "Markdown",
        writer: FormatWriter(
            help: "one file per recipe and an index",
            details: """
            markdown writes one file per recipe with YAML front matter, its images, and an index.md \
            by category, into a folder or an archive.
            """,
            layout: .tree,
            text: { MarkdownWriter().render($0) + "\n" }
        ) { output in
            MarkdownSink(tree: try output.tree(), imageSource: output.imageSource)
        }
    )
}

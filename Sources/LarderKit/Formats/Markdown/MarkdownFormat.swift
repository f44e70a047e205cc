import Foundation
import LarderCore

extension RecipeFormat {
    /// A Markdown cookbook: one file per recipe with YAML front matter, its pictures, and an
    /// `index.md` by category. Read back from what it writes, and from Markdown recipes written
    /// by hand or by other tools (sections under headings such as "Ingredients" or "Method").
    public static let markdown: RecipeFormat = RecipeFormat(
        name: "markdown",
        title: "Markdown",
        recognition: FormatRecognition(extensions: ["md", "markdown"],
                                       marks: { $0.isPlainText && MarkdownRecipeMapper.looksLikeRecipe($0.head) }),
        reader: .files(help: "Markdown .md (as export --format markdown writes it, or by hand)",
                       namesPicturesByPath: true,
                       pictureFiles: { MarkdownRecipeMapper.pictureFiles(in: $0.text) },
                       bookkeeping: { file in
                           MarkdownRecipeMapper.isContentsPage(file.text) ? "a contents page (links to the recipes' files), not a recipe"
                               : MarkdownRecipeMapper.documentationReason(file.text)
                       }) { file, context in
            SharedReaders.one { try MarkdownRecipeMapper.recipe(from: file.text, fileName: file.stem, context: context.mapping) }
        },
        writer: FormatWriter(
            help: "one file per recipe and an index",
            details: """
            markdown writes one file per recipe with YAML front matter, its images, and an index.md \
            by category, into a folder or an archive; import reads it back.
            """,
            layout: .tree,
            readBack: .imported,
            noPlaceFor: MarkdownWriter.noPlaceFor,
            text: { MarkdownWriter().render($0) + "\n" }
        ) { output in
            MarkdownSink(tree: try output.tree(), imageSource: output.imageSource)
        }
    )
}

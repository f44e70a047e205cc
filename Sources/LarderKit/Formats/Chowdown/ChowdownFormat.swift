import Foundation
import LarderCore

extension RecipeFormat {
    /// Chowdown's `_recipes/*.md`: Markdown whose front matter lists the ingredients.
    public static let chowdown: RecipeFormat = RecipeFormat(
        name: "chowdown",
        title: "Chowdown",
        // Markdown recipes claim `.md` too: the front matter's ingredient list tells Chowdown's.
        recognition: FormatRecognition(extensions: ["md", "markdown"],
                                       marks: { $0.isPlainText && ChowdownMapper.looksLikeChowdown($0.head) }),
        reader: .files(help: "Chowdown .md") { file, context in
            SharedReaders.one { try ChowdownMapper.recipe(from: file.text, fileName: file.stem, context: context.mapping) }
        }
    )
}

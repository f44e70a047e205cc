import Foundation
import LarderCore
import LarderHTML

extension RecipeFormat {
    /// Copy Me That's export: `recipes.html`, one `div.recipe` each, pictures in `images/`.
    public static let copymethat: RecipeFormat = RecipeFormat(
        name: "copymethat",
        title: "Copy Me That",
        recognition: FormatRecognition(extensions: ["html", "htm"], marks: { CopyMeThatMapper.looksLikeCopyMeThat($0.head) }),
        reader: .files(help: "Copy Me That zips", namesPicturesByPath: true) { file, context in
            SharedReaders.mapped { try CopyMeThatMapper.recipes(in: MarkupReader.html(file.data), context: context.mapping) }
        }
    )
}

import Foundation
import LarderCore
import LarderHTML

extension RecipeFormat {
    /// Copy Me That's export: `recipes.html`, one `div.recipe` each, pictures in `images/`.
    public static let copymethat: RecipeFormat = RecipeFormat(
        name: "copymethat",
        title: "Copy Me That",
        recognition: FormatRecognition(extensions: ["html", "htm"], marks: { CopyMeThatMapper.looksLikeCopyMeThat($0.head) }),
        reader: .streamedFiles(help: "Copy Me That zips", namesPicturesByPath: true) { file, context, emit in
            SharedReaders.streamed(file.data, dialect: .html, context, emit: emit) { _ in CopyMeThatMapper.elements }
        }
    )
}

import Foundation
import LarderCore

extension RecipeFormat {
    /// Cooklang: one `.cook` file per recipe, its picture beside it under the same name.
    public static let cooklang: RecipeFormat = RecipeFormat(
        name: "cooklang",
        title: "Cooklang",
        recognition: FormatRecognition(extensions: ["cook"]),
        reader: .files(help: "Cooklang .cook", takesFolderPicture: { $0.lowercased().hasSuffix(".cook") }) { file, context in
            SharedReaders.one { try CooklangMapper.recipe(from: file.text, fileName: file.stem, context: context.mapping) }
        },
        writer: FormatWriter(help: "one .cook file per recipe", layout: .tree,
                             readBack: .imported, noPlaceFor: CooklangWriter.noPlaceFor) { output in
            CooklangSink(tree: try output.tree(), imageSource: output.imageSource)
        }
    )
}

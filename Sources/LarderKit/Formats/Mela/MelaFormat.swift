import Foundation
import LarderCore

extension RecipeFormat {
    /// Mela: one JSON recipe (`.melarecipe`), many in a zip (`.melarecipes`). Read only.
    public static let mela: RecipeFormat = RecipeFormat(
        name: "mela",
        title: "Mela",
        recognition: FormatRecognition(extensions: ["melarecipe", "json"], archiveExtensions: ["melarecipes"],
                                       marks: { $0.jsonShape == .mela }),
        reader: .files(help: "Mela .melarecipe(s)", jsonShape: .mela) { file, context in
            SharedReaders.json(file, context, shape: context.forcedJSONShape ?? .mela)
        },
        writer: nil
    )
}

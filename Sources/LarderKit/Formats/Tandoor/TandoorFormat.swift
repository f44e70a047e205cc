import Foundation
import LarderCore

extension RecipeFormat {
    /// Tandoor's export: a zip of per-recipe zips, each holding `recipe.json` and `image.jpeg`.
    public static let tandoor: RecipeFormat = RecipeFormat(
        name: "tandoor",
        title: "Tandoor",
        recognition: FormatRecognition(extensions: ["json"], marks: { $0.jsonShape == .tandoor }),
        reader: .files(help: "Tandoor zips", whenForced: .jsonFiles, jsonShape: .tandoor,
                       takesFolderPicture: { ($0 as NSString).lastPathComponent.lowercased() == "recipe.json" }) { file, context in
            SharedReaders.json(file, context, shape: context.forcedJSONShape)
        }
    )
}

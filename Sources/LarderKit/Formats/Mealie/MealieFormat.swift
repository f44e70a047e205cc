import Foundation
import LarderCore

extension RecipeFormat {
    /// Mealie's recipe JSON (1.x, 2.x) and its pre-1.0 export: `<slug>/<slug>.json` beside
    /// `<slug>/images/original.webp`.
    public static let mealie: RecipeFormat = RecipeFormat(
        name: "mealie",
        title: "Mealie",
        recognition: FormatRecognition(extensions: ["json"], marks: { $0.jsonShape == .mealie }),
        reader: .files(help: "Mealie recipe JSON, pre-1.0 exports (folders or zips) and backups (database.json)", whenForced: .jsonFiles, jsonShape: .mealie, takesFolderPicture: { path in
            // `<slug>/<slug>.json`: the recipe named like its folder.
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
            let parent = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent.lowercased()
            return path.lowercased().hasSuffix(".json") && stem == parent
        }) { file, context in
            SharedReaders.json(file, context, shape: context.forcedJSONShape)
        }
    )
}

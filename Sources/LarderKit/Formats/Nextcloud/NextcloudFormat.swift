import Foundation
import LarderCore

extension RecipeFormat {
    /// Nextcloud Cookbook: a folder per recipe holding `recipe.json` (schema.org) and `full.jpg`.
    public static let nextcloud: RecipeFormat = RecipeFormat(
        name: "nextcloud",
        title: "Nextcloud Cookbook",
        recognition: FormatRecognition(extensions: ["json"], fileNames: ["recipe.json"], marks: { $0.jsonShape == .schemaOrg }),
        reader: .files(help: "Nextcloud Cookbook folders or zips", whenForced: .jsonFiles, jsonShape: .schemaOrg,
                       takesFolderPicture: isRecipeFile, pictureStems: { isRecipeFile($0) ? ["full", "recipe"] : nil }) { file, context in
            SharedReaders.json(file, context, shape: context.forcedJSONShape).map { item, result in
                // schema.org as Nextcloud writes it; its recipes are Nextcloud's.
                (item, result.map { recipe in
                    var recipe = recipe
                    if isRecipeFile(file.name), recipe.provenance.origin == .schemaOrg {
                        recipe.provenance.origin = .nextcloud
                        // The app's books: its id of the recipe, the address of its picture
                        // inside the app, whether to print the picture. Nextcloud makes them anew.
                        for key in ["id", "imageUrl", "printImage"] { recipe.extras[key] = nil }
                    }
                    return recipe
                })
            }
        },
        writer: FormatWriter(help: "Nextcloud Cookbook folders", layout: .tree,
                             readBack: .imported, noPlaceFor: NextcloudWriter.noPlaceFor) { output in
            NextcloudSink(tree: try output.tree(), imageSource: output.imageSource)
        }
    )

    /// Nextcloud's `recipe.json`, the one recipe of its folder.
    private static func isRecipeFile(_ path: String) -> Bool {
        (path as NSString).lastPathComponent.lowercased() == "recipe.json"
    }
}

import Foundation
import LarderCore

/// `--format nextcloud`: Nextcloud Cookbook's layout, into a folder or a zip — one folder per
/// recipe, named by its title, holding `recipe.json` and the picture as `full.jpg`.
public typealias NextcloudSink = RecipeFilesSink<NextcloudFiles>

/// A recipe's files in Nextcloud Cookbook's layout: `Title/recipe.json`, and its first picture
/// at hand as `Title/full.jpg` when it is a JPEG.
public enum NextcloudFiles: RecipeFilesLayout {
    public static let formatName = "nextcloud"

    public static func files(for recipe: Recipe, named folder: String, picture: (RecipeImage) -> Data?) throws -> [(path: String, bytes: Data)] {
        var files: [(path: String, bytes: Data)] = []
        // The app shows `full.jpg` only; other kinds of picture would need converting.
        for image in recipe.images {
            guard let photo = picture(image) else { continue }
            if isJPEG(photo) { files.append(("\(folder)/full.jpg", photo)) }
            break
        }
        files.append(("\(folder)/recipe.json", try CanonicalJSON.encoder.encode(JSONValue.object(NextcloudWriter.object(for: recipe)))))
        return files
    }

    static func isJPEG(_ bytes: Data) -> Bool {
        ImageBytes.mediaType(of: [UInt8](bytes.prefix(16))) == "image/jpeg"
    }
}

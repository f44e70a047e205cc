import Foundation
import LarderCore

/// `--format cooklang`: one `.cook` file per recipe, named by its title, with its picture
/// beside it under the same name (the Cooklang convention), into a folder or an archive.
public typealias CooklangSink = RecipeFilesSink<CooklangFiles>

/// A recipe's files in Cooklang's layout: `Title.cook`, and its first picture at hand as `Title.jpg`.
public enum CooklangFiles: RecipeFilesLayout {
    public static let formatName = "cooklang"

    public static func files(for recipe: Recipe, named name: String, picture: (RecipeImage) -> Data?) throws -> [(path: String, bytes: Data)] {
        var files: [(path: String, bytes: Data)] = []
        for image in recipe.images {
            guard let photo = picture(image) else { continue }
            files.append((name + "." + ImageBytes.fileExtension(for: LocalImage.mediaType(of: image, bytes: photo)), photo))
            break
        }
        files.append((name + ".cook", Data(CooklangWriter.text(for: recipe).utf8)))
        return files
    }
}

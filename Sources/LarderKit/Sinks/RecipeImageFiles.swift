import Foundation
import LarderCore

/// Where a recipe's images live as files: `images/<id>/<sha256 prefix>.<ext>`, so the same bytes
/// always get the same name. Shared by the library and by bundles, so both lay images out alike.
enum RecipeImageFiles {
    /// An image given its place, with its bytes and its manifest entry.
    struct Placed {
        var bytes: Data
        var file: Manifest.File
    }

    /// Gives each image that came as bytes its place and checksum in the recipe, and returns
    /// the files to write. A path inside the recipe's own folder (a restored bundle's) is kept.
    static func place(in recipe: inout Recipe) -> [Placed] {
        let id = RecipeIdentity.sanitize(recipe.id)
        var files: [Placed] = []
        for index in recipe.images.indices {
            guard let bytes = recipe.images[index].embeddedData else { continue }
            let data = Data(bytes)
            let sha = SHA256.hex(data)
            let mediaType = recipe.images[index].mediaType ?? ImageBytes.mediaType(of: bytes)
            let ownFolder = "images/\(id)/"
            let path = recipe.images[index].path.flatMap { path in
                path.hasPrefix(ownFolder) && StoredImagePath.isInLayout(path) ? path : nil
            } ?? "images/\(id)/\(sha.prefix(16)).\(ImageBytes.fileExtension(for: mediaType))"
            recipe.images[index].path = path
            recipe.images[index].sha256 = sha
            recipe.images[index].byteCount = bytes.count
            recipe.images[index].mediaType = mediaType
            recipe.images[index].embeddedData = nil
            if files.contains(where: { $0.file.path == path }) { continue }  // the same image twice in one recipe
            files.append(Placed(bytes: data, file: Manifest.File(path: path, sha256: sha, bytes: bytes.count)))
        }
        return files
    }

    /// Attaches the bytes of every image stored under a library path (read with `read`), so a
    /// sink that writes images can store them: from another library, or from a restore's
    /// staging folder. Paths that leave `images/` are never read.
    static func attachBytes(to recipe: inout Recipe, read: (String) throws -> Data) throws {
        for index in recipe.images.indices {
            guard let path = recipe.images[index].path, recipe.images[index].embeddedData == nil,
                  StoredImagePath.isInLayout(path) else { continue }
            recipe.images[index].embeddedData = [UInt8](try read(path))
        }
    }
}

import Foundation
import LarderCore

/// The bytes of a recipe's picture that are at hand without a download: embedded in the recipe
/// (base64 in the source JSON, Paprika's photo) or stored in the library it came from.
enum LocalImage {
    static func bytes(of image: RecipeImage, library: Library?) -> Data? {
        if let embedded = image.embeddedData { return Data(embedded) }
        guard let path = image.path, let library, isLibraryImagePath(path) else { return nil }
        return try? Data(contentsOf: library.url(forRelativePath: path))
    }

    /// The media type of those bytes, from the recipe or else from the bytes themselves.
    static func mediaType(of image: RecipeImage, bytes: Data) -> String? {
        image.mediaType ?? ImageBytes.mediaType(of: [UInt8](bytes.prefix(16)))
    }

    /// A recipe file names its image paths itself; only paths inside the library's `images/`
    /// folder are read, so a hand-edited `"path": "../../home/me/.ssh/id_rsa"` exports nothing.
    static func isLibraryImagePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.first == "images" && parts.count > 1 && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }
}

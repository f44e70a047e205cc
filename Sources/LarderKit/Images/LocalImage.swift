import Foundation
import LarderCore

/// The bytes of a recipe's picture that are at hand without a download: embedded in the recipe
/// (base64 in the source JSON, Paprika's photo) or stored in the library it came from.
enum LocalImage {
    /// A stored path is read only through `StoredImagePath`: a recipe file names its paths
    /// itself, and a hand-edited `"path": "../../home/me/.ssh/id_rsa"` (or a link inside
    /// `images/` that leads out) exports nothing.
    static func bytes(of image: RecipeImage, library: Library?) -> Data? {
        if let embedded = image.embeddedData { return Data(embedded) }
        guard let path = image.path, let library else { return nil }
        return try? library.storedImage(at: path)
    }

    /// The media type of those bytes, from the recipe or else from the bytes themselves.
    static func mediaType(of image: RecipeImage, bytes: Data) -> String? {
        image.mediaType ?? ImageBytes.mediaType(of: [UInt8](bytes.prefix(16)))
    }
}

/// A picture of the recipe: where it lives on the web, and once stored, where it lives in the
/// library with its content hash.
public struct RecipeImage: Codable, Hashable, Sendable {
    public var url: String?
    /// Path inside the library (`images/<id>/<sha256 prefix>.jpg`), once the bytes are stored.
    public var path: String?
    /// sha256 of the stored bytes, hex.
    public var sha256: String?
    public var byteCount: Int?
    /// MIME type of the stored bytes.
    public var mediaType: String?
    public var width: Int?
    public var height: Int?
    /// Bytes that came inside the source (base64 in JSON) and are not stored yet. Never written
    /// to canonical JSON: the library sink turns them into a file and fills `path`.
    public var embeddedData: [UInt8]?
    /// A file of the input that holds the picture's bytes, named by a path relative to the
    /// recipe's file, beside its web address (a Markdown export's copy of a picture from the
    /// web): the file reader puts the bytes in `embeddedData`. Never written to canonical JSON.
    public var file: String?

    public init(
        url: String? = nil, path: String? = nil, sha256: String? = nil, byteCount: Int? = nil,
        mediaType: String? = nil, width: Int? = nil, height: Int? = nil, embeddedData: [UInt8]? = nil, file: String? = nil
    ) {
        self.url = url
        self.path = path
        self.sha256 = sha256
        self.byteCount = byteCount
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.embeddedData = embeddedData
        self.file = file
    }

    enum CodingKeys: String, CodingKey {
        case url, path, sha256, byteCount, mediaType, width, height
    }
}

import Foundation
import LarderCore
import Mustache

/// `--format cookbook`: one HTML file designed for paper — title page, table of contents by
/// category, one recipe per page — rendered from Mustache templates when the run ends (the
/// table of contents needs every recipe, so the book is held in memory until then). Pictures
/// are embedded as `data:` URLs or written into `<name>-images/` beside the file, by option.
public final class CookbookSink: RecipeSink {
    public let name = "cookbook"
    public let output: URL
    public let options: CookbookOptions
    /// The library that `RecipeImage.path` is relative to, when recipes come from one.
    public let imageSource: Library?
    private let templates: MustacheLibrary
    private var builder = CookbookBuilder()
    /// `<name>-images/` with `--cookbook-images folder`: replaced whole, like every folder
    /// an export writes, so pictures of recipes no longer in the book do not stay.
    private let imageFolder: OutputFolder?

    /// Loads the templates first, so a broken `--template` folder fails before any work.
    public init(output: URL, options: CookbookOptions, imageSource: Library? = nil) throws {
        self.output = output
        self.options = options
        self.imageSource = imageSource
        templates = try CookbookTemplates.library(userFolder: options.templateFolder)
        imageFolder = options.images == .folder
            ? try OutputFolder(output.deletingLastPathComponent().appendingPathComponent(Self.imageFolderName(for: output)))
            : nil
    }

    /// The folder beside the HTML that holds pictures with `--cookbook-images folder`.
    public var imageFolderName: String { Self.imageFolderName(for: output) }

    static func imageFolderName(for output: URL) -> String {
        output.deletingPathExtension().lastPathComponent + "-images"
    }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        builder.add(recipe, imageSource: try imageSource(for: recipe))
        return .written
    }

    public func finish(report: RunReport) throws {
        let book = builder.build(options: options)
        guard let html = templates.render(book, withTemplate: CookbookTemplates.main) else {
            throw CookbookError("there is no \(CookbookTemplates.main).mustache template to render the book with")
        }
        try imageFolder?.commit()
        try AtomicFile.write(Data(html.utf8), to: output)
    }

    /// The `src` of the recipe's picture: the first one whose bytes are at hand (embedded, or
    /// stored by `import --images`), inside the HTML or copied beside it. Web addresses are not
    /// used: the book must print the same offline and opening it must fetch nothing.
    func imageSource(for recipe: Recipe) throws -> String? {
        guard options.images != .none else { return nil }
        for image in recipe.images {
            // Only bytes that really are a raster picture are used, never what the recipe
            // claims, and not a spacer or tracking pixel.
            guard let bytes = LocalImage.bytes(of: image, library: imageSource),
                  let mediaType = ImageBytes.mediaType(of: [UInt8](bytes.prefix(16))),
                  Self.isPhotoSized(ImagePixelSize.of([UInt8](bytes.prefix(64 * 1024)))) else { continue }
            switch options.images {
            case .embed:
                return "data:\(mediaType);base64,\(bytes.base64EncodedString())"
            case .folder:
                let fileName = "\(RecipeIdentity.sanitize(recipe.id)).\(ImageBytes.fileExtension(for: mediaType))"
                if let imageFolder {
                    try AtomicFile.write(bytes, to: imageFolder.staging.appendingPathComponent(fileName))
                }
                let relative = imageFolderName + "/" + fileName
                return relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative
            case .none:
                return nil
            }
        }
        return nil
    }

    /// At least 32 pixels each way when the size can be read (a 1×1 placeholder would print
    /// as an empty box the width of the page); an unreadable size gets the benefit of the doubt.
    static func isPhotoSized(_ size: (width: Int, height: Int)?) -> Bool {
        guard let size else { return true }
        return size.width >= 32 && size.height >= 32
    }
}

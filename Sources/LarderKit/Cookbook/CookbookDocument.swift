import Foundation
import LarderCore
import Mustache

/// The printable book being assembled: its templates and the recipes gathered so far. The HTML
/// sink renders it with the Mustache templates; the PDF sink hands `book` to Typst.
struct CookbookDocument {
    let options: CookbookOptions
    private let templates: MustacheLibrary
    private(set) var builder = CookbookBuilder()

    /// Loads the templates first, so a broken `--template` folder fails before any work.
    init(options: CookbookOptions) throws {
        self.options = options
        templates = try CookbookTemplates.library(userFolder: options.template)
    }

    /// `image` is the `src` of the recipe's picture (nil: none).
    mutating func add(_ recipe: Recipe, imageSource image: String?) {
        builder.add(recipe, imageSource: image)
    }

    /// The HTML of the book.
    func render() throws -> String {
        guard let html = templates.render(book, withTemplate: CookbookTemplates.main) else {
            throw CookbookError("there is no \(CookbookTemplates.main).mustache template to render the book with")
        }
        return html
    }

    /// The book: recipes in reading order, contents and index.
    var book: CookbookView { builder.build(options: options) }
}

/// The picture a book prints for a recipe: the first whose bytes are at hand (embedded, or
/// stored by `import --images`, or downloaded by `export --images`) and really are a raster
/// photo, never what the recipe claims, and not a spacer or tracking pixel. Web addresses are
/// never used: the book must print the same offline and opening it must fetch nothing.
enum CookbookPicture {
    /// `accepting`: the media types the book can print (all that `ImageBytes` knows when nil).
    static func of(_ recipe: Recipe, library: Library?, accepting: Set<String>? = nil) -> (bytes: Data, mediaType: String)? {
        for image in recipe.images {
            guard let bytes = LocalImage.bytes(of: image, library: library),
                  let mediaType = ImageBytes.mediaType(of: [UInt8](bytes.prefix(16))),
                  accepting?.contains(mediaType) ?? true,
                  isPhotoSized(ImagePixelSize.of([UInt8](bytes.prefix(64 * 1024)))) else { continue }
            return (bytes, mediaType)
        }
        return nil
    }

    /// The picture inside the page, as a `data:` URL.
    static func dataURL(_ picture: (bytes: Data, mediaType: String)) -> String {
        "data:\(picture.mediaType);base64,\(picture.bytes.base64EncodedString())"
    }

    /// At least 32 pixels each way when the size can be read (a 1×1 placeholder would print
    /// as an empty box the width of the page); an unreadable size gets the benefit of the doubt.
    static func isPhotoSized(_ size: (width: Int, height: Int)?) -> Bool {
        guard let size else { return true }
        return size.width >= 32 && size.height >= 32
    }
}

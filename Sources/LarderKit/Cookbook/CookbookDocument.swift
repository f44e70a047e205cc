import Foundation
import LarderCore
import Mustache

/// The printable book being assembled: its templates and the recipes gathered so far. The HTML
/// sink renders it once; the PDF sink renders it again for each layout it measures.
struct CookbookDocument {
    let options: CookbookOptions
    private let templates: MustacheLibrary
    private(set) var builder = CookbookBuilder()

    /// Loads the templates first, so a broken `--template` folder fails before any work.
    init(options: CookbookOptions) throws {
        self.options = options
        templates = try CookbookTemplates.library(userFolder: options.templateFolder)
    }

    /// `image` is the `src` of the recipe's picture (nil: none).
    mutating func add(_ recipe: Recipe, imageSource image: String?) {
        builder.add(recipe, imageSource: image)
    }

    /// The HTML of the book, or of the recipes `only` names (for measuring them).
    func render(layouts: [String: RecipeLayout] = [:], pagedMedia: Bool = false, only: Set<String>? = nil) throws -> String {
        let book = builder.build(options: options, layouts: layouts, pagedMedia: pagedMedia, only: only)
        guard let html = templates.render(book, withTemplate: CookbookTemplates.main) else {
            throw CookbookError("there is no \(CookbookTemplates.main).mustache template to render the book with")
        }
        return html
    }

    /// The recipes in book order (anchors), with whether each has a picture.
    var recipeAnchors: [(anchor: String, hasImage: Bool)] {
        builder.build(options: options).recipes.map { ($0.anchor, $0.image != nil) }
    }

    /// Each recipe's title and every string the book prints for it, in book order.
    var printedRecipes: [(name: String, text: [String])] {
        builder.build(options: options).recipes.map { ($0.title, $0.printedText) }
    }

    /// The title of the recipe with this anchor, for messages.
    func title(of anchor: String) -> String? {
        builder.build(options: options).recipes.first { $0.anchor == anchor }?.title
    }
}

/// The picture a book prints for a recipe: the first whose bytes are at hand (embedded, or
/// stored by `import --images`, or downloaded by `export --images`) and really are a raster
/// photo, never what the recipe claims, and not a spacer or tracking pixel. Web addresses are
/// never used: the book must print the same offline and opening it must fetch nothing.
enum CookbookPicture {
    static func of(_ recipe: Recipe, library: Library?) -> (bytes: Data, mediaType: String)? {
        for image in recipe.images {
            guard let bytes = LocalImage.bytes(of: image, library: library),
                  let mediaType = ImageBytes.mediaType(of: [UInt8](bytes.prefix(16))),
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

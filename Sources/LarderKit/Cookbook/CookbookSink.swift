import Foundation
import LarderCore

/// `--format cookbook`: one HTML file designed for paper — title page, table of contents by
/// category, one recipe per page, an index — rendered from Mustache templates when the run ends
/// (the table of contents needs every recipe, so the book is held in memory until then).
/// Pictures are embedded as `data:` URLs or written into `<name>-images/` beside the file, by
/// option.
public final class CookbookSink: RecipeSink {
    /// The sink's name in the report (`cookbook`).
    public let name = "cookbook"
    /// The HTML file written when the run ends.
    public let output: URL
    /// The look and image placement the book is made with.
    public var options: CookbookOptions { document.options }
    /// The library that `RecipeImage.path` is relative to, when recipes come from one.
    public let imageSource: Library?
    private var document: CookbookDocument
    /// `<name>-images/` with `--cookbook-images folder`: replaced whole, like every folder
    /// an export writes, so pictures of recipes no longer in the book do not stay.
    private let imageFolder: OutputFolder?

    /// Loads the templates first, so a broken `--template` folder fails before any work.
    public init(output: URL, options: CookbookOptions, imageSource: Library? = nil) throws {
        self.output = output
        self.imageSource = imageSource
        document = try CookbookDocument(options: options)
        imageFolder = options.images == .folder
            ? try OutputFolder(output.deletingLastPathComponent().appendingPathComponent(Self.imageFolderName(for: output)))
            : nil
    }

    /// The folder beside the HTML that holds pictures with `--cookbook-images folder`.
    public var imageFolderName: String { Self.imageFolderName(for: output) }

    static func imageFolderName(for output: URL) -> String {
        output.deletingPathExtension().lastPathComponent + "-images"
    }

    /// Takes one recipe into the output being written; throws when it cannot (the recipe fails alone).
    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        document.add(recipe, imageSource: try imageSource(for: recipe))
        return .written
    }

    /// Writes the output whole and puts it in place, now that every recipe is in.
    public func finish(report: RunReport) throws {
        let html = try document.render()
        try imageFolder?.commit()
        try AtomicFile.write(Data(html.utf8), to: output)
    }

    /// The `src` of the recipe's picture, inside the HTML or copied beside it.
    func imageSource(for recipe: Recipe) throws -> String? {
        guard options.images != .none, let picture = CookbookPicture.of(recipe, library: imageSource) else { return nil }
        switch options.images {
        case .embed:
            return CookbookPicture.dataURL(picture)
        case .folder:
            let fileName = "\(RecipeIdentity.sanitize(recipe.id)).\(ImageBytes.fileExtension(for: picture.mediaType))"
            if let imageFolder {
                try AtomicFile.write(picture.bytes, to: imageFolder.staging.appendingPathComponent(fileName), durability: .withItsTree)
            }
            let relative = imageFolderName + "/" + fileName
            return relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative
        case .none:
            return nil
        }
    }
}

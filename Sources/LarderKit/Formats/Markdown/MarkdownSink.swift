import Foundation
import LarderCore

/// A Markdown cookbook: one file per recipe with front matter, images in `images/`, and an
/// `index.md` grouped by category then cuisine; into a folder or an archive of the same tree.
public final class MarkdownSink: RecipeSink, ReadBackSink {
    public let name = "markdown"
    private let files: RecordingTree
    /// The folder or archive the pages, `index.md` and pictures go into.
    public var tree: OutputTree { files }
    /// The library that `RecipeImage.path` is relative to, when recipes come from one.
    public let imageSource: Library?
    let writer = MarkdownWriter()
    private var usedFileNames: Set<String> = []
    /// The file the last recipe was written to, for a page that links to it (`larder plan`).
    public private(set) var lastFileName: String?
    private var entries: [IndexEntry] = []

    struct IndexEntry {
        var title: String
        var file: String
        var category: String?
        var cuisine: String?
    }

    /// Writes into `tree`, copying stored pictures out of `imageSource` when there is one.
    public init(tree: OutputTree, imageSource: Library? = nil) {
        files = RecordingTree(tree)
        self.imageSource = imageSource
    }

    /// A cookbook written into a folder.
    public convenience init(output: URL, imageSource: Library? = nil) throws {
        self.init(tree: try FolderTree(folder: output), imageSource: imageSource)
    }

    /// Takes one recipe into the output being written; throws when it cannot (the recipe fails alone).
    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        files.startRecipe()
        let fileName = uniqueFileName(for: recipe)
        var links: [String?] = []
        for (index, image) in recipe.images.enumerated() {
            links.append(try copyImage(image, recipeID: recipe.id, number: index + 1))
        }
        let markdown = writer.render(recipe, imageLinks: links)
        try files.write(Data(markdown.utf8), at: fileName)
        lastFileName = fileName
        entries.append(IndexEntry(title: recipe.title, file: fileName, category: recipe.categories.first { !$0.isEmpty },
                                  cuisine: recipe.cuisines.first { !$0.isEmpty }))
        return .written
    }

    func takeWrittenFiles() -> [WrittenFile] {
        files.takeRecorded()
    }

    public func finish(report: RunReport) throws {
        try files.write(Data(renderIndex().utf8), at: "index.md")
        try files.finish()
    }

    /// The slug of the title; the id is added only when two recipes share a title.
    func uniqueFileName(for recipe: Recipe) -> String {
        var base = Slug.make(recipe.title)
        if base == "index" { base = "index-recipe" }
        var name = base + ".md"
        if usedFileNames.contains(name) { name = base + "-" + RecipeIdentity.sanitize(recipe.id) + ".md" }
        var counter = 2
        while usedFileNames.contains(name) {
            name = base + "-\(counter).md"
            counter += 1
        }
        usedFileNames.insert(name)
        return name
    }

    /// Puts a local copy of the image beside the Markdown and returns its relative link; nil
    /// when there is no local file (the Markdown then links the remote URL).
    func copyImage(_ image: RecipeImage, recipeID: String, number: Int) throws -> String? {
        guard let bytes = LocalImage.bytes(of: image, library: imageSource) else { return nil }
        let ext = ImageBytes.fileExtension(for: LocalImage.mediaType(of: image, bytes: bytes))
        let relative = "images/\(RecipeIdentity.sanitize(recipeID))/\(number).\(ext)"
        try files.write(bytes, at: relative)
        return relative
    }

    /// Chapters and their order are the printed cookbook's (`BookOrder`): categories that differ
    /// only in letter case are one heading, titles sorted as a reader alphabetises.
    func renderIndex() -> String {
        var out = "# Recipes\n\n\(entries.count) recipe\(entries.count == 1 ? "" : "s").\n"
        for category in BookOrder.groups(entries, by: { $0.category }, unnamed: BookOrder.uncategorized) {
            out += "\n## \(MarkdownText.inline(category.name)) (\(category.items.count))\n"
            // Named cuisines in order, the recipes without one ("Other") last.
            let cuisines = BookOrder.groups(category.items, by: { $0.cuisine }, unnamed: "Other")
            for cuisine in cuisines {
                let items = cuisine.items.sorted { a, b in a.title == b.title ? a.file < b.file : BookOrder.precedes(a.title, b.title) }
                if cuisines.count > 1 || cuisine.items.first?.cuisine != nil {
                    out += "\n### \(MarkdownText.inline(cuisine.name)) (\(items.count))\n"
                }
                out += "\n"
                for item in items { out += "- [\(MarkdownText.inline(item.title))](\(MarkdownText.destination(item.file)))\n" }
            }
        }
        return out
    }
}

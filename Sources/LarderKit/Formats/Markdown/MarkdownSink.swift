import Foundation
import LarderCore

/// A Markdown cookbook: one file per recipe with front matter, images in `images/`, and an
/// `index.md` grouped by category then cuisine; into a folder or an archive of the same tree.
public final class MarkdownSink: RecipeSink {
    public let name = "markdown"
    public let tree: OutputTree
    /// The library that `RecipeImage.path` is relative to, when recipes come from one.
    public let imageSource: Library?
    let writer = MarkdownWriter()
    private var usedFileNames: Set<String> = []
    private var entries: [IndexEntry] = []
    private let loss = FormatLoss(format: RecipeFormat.markdown.title)

    public var runNotes: [String] { loss.notes }

    struct IndexEntry {
        var title: String
        var file: String
        var category: String?
        var cuisine: String?
    }

    public init(tree: OutputTree, imageSource: Library? = nil) {
        self.tree = tree
        self.imageSource = imageSource
    }

    /// A cookbook written into a folder.
    public convenience init(output: URL, imageSource: Library? = nil) throws {
        self.init(tree: try FolderTree(folder: output), imageSource: imageSource)
    }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        let fileName = uniqueFileName(for: recipe)
        var links: [String?] = []
        for (index, image) in recipe.images.enumerated() {
            links.append(try copyImage(image, recipeID: recipe.id, number: index + 1))
        }
        var lost = Self.unheld(recipe)
        let unwritten = recipe.images.indices.filter { links[$0] == nil && WebLink.http(recipe.images[$0].url) == nil }
        if !unwritten.isEmpty, !lost.contains(Self.unwrittenPictures) { lost.append(Self.unwrittenPictures) }
        loss.record(lost)
        let markdown = writer.render(recipe, imageLinks: links)
        try tree.write(Data(markdown.utf8), at: fileName)
        entries.append(IndexEntry(title: recipe.title, file: fileName, category: recipe.categories.first { !$0.isEmpty },
                                  cuisine: recipe.cuisines.first { !$0.isEmpty }))
        return .written
    }

    public func finish(report: RunReport) throws {
        try tree.write(Data(renderIndex().utf8), at: "index.md")
        try tree.finish()
    }

    static let unwrittenPictures = "pictures that are neither a file nor a web address"

    /// What a recipe loses in Markdown, as the run's note names it. Pictures are judged
    /// again when written: one whose file cannot be read is lost too.
    static func unheld(_ recipe: Recipe) -> [String] {
        var lost: [String] = []
        if recipe.images.contains(where: { $0.embeddedData == nil && $0.path == nil && WebLink.http($0.url) == nil }) { lost.append(unwrittenPictures) }
        if recipe.steps.contains(where: { $0.image != nil }) { lost.append("step pictures") }
        if recipe.dates.created != nil || recipe.dates.modified != nil || !recipe.dates.cooked.isEmpty {
            lost.append("dates other than the day published")
        }
        if recipe.rating.map({ $0.count != nil || $0.best != nil }) ?? false { lost.append("rating counts and scales") }
        let times = [recipe.times.prep, recipe.times.cook, recipe.times.total].compactMap { $0 }
        if times.contains(where: { $0.upperMinutes != nil }) { lost.append("time ranges (their shorter end is kept)") }
        // An ingredient comes back as its line says; a mark the line does not carry is lost.
        if recipe.ingredients.contains(where: \.optional) { lost.append("optional marks on ingredients") }
        if FlatText.hasAmountsBesideTheLine(recipe) { lost.append(FlatText.amountsBesideTheLineNote) }
        if !recipe.extras.isEmpty { lost.append("fields from the source app") }
        return lost
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
        try tree.write(bytes, at: relative)
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

import Foundation
import LarderCore

/// A Markdown cookbook: one file per recipe with front matter, images in `images/`, and an
/// `index.md` grouped by category then cuisine.
public final class MarkdownSink: RecipeSink {
    public let name = "markdown"
    public let output: URL
    /// The library that `RecipeImage.path` is relative to, when recipes come from one.
    public let imageSource: Library?
    let writer = MarkdownWriter()
    private var usedFileNames: Set<String> = []
    private var entries: [IndexEntry] = []

    struct IndexEntry {
        var title: String
        var file: String
        var category: String
        var cuisine: String?
    }

    public init(output: URL, imageSource: Library? = nil) throws {
        self.output = output
        self.imageSource = imageSource
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        let fileName = uniqueFileName(for: recipe)
        var links: [String?] = []
        for (index, image) in recipe.images.enumerated() {
            links.append(try copyImage(image, recipeID: recipe.id, number: index + 1))
        }
        let markdown = writer.render(recipe, imageLinks: links)
        try AtomicFile.write(Data(markdown.utf8), to: output.appendingPathComponent(fileName))
        entries.append(IndexEntry(title: recipe.title, file: fileName, category: recipe.categories.first ?? "Uncategorized",
                                  cuisine: recipe.cuisines.first))
        return .written
    }

    public func finish(report: RunReport) throws {
        try AtomicFile.write(Data(renderIndex().utf8), to: output.appendingPathComponent("index.md"))
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
        let bytes: Data
        if let embedded = image.embeddedData {
            bytes = Data(embedded)
        } else if let path = image.path, let imageSource {
            guard let data = try? Data(contentsOf: imageSource.url(forRelativePath: path)) else { return nil }
            bytes = data
        } else {
            return nil
        }
        let ext = ImageBytes.fileExtension(for: image.mediaType ?? ImageBytes.mediaType(of: [UInt8](bytes.prefix(16))))
        let relative = "images/\(RecipeIdentity.sanitize(recipeID))/\(number).\(ext)"
        try AtomicFile.write(bytes, to: output.appendingPathComponent(relative))
        return relative
    }

    func renderIndex() -> String {
        var out = "# Recipes\n\n\(entries.count) recipe\(entries.count == 1 ? "" : "s").\n"
        let byCategory = Dictionary(grouping: entries, by: \.category)
        for category in byCategory.keys.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
            let inCategory = byCategory[category]!
            out += "\n## \(MarkdownText.inline(category)) (\(inCategory.count))\n"
            let byCuisine = Dictionary(grouping: inCategory, by: { $0.cuisine ?? "" })
            // Named cuisines in order, the recipes without one ("Other") last.
            let cuisines = byCuisine.keys.sorted { a, b in
                a.isEmpty != b.isEmpty ? !a.isEmpty : a.localizedStandardCompare(b) == .orderedAscending
            }
            for cuisine in cuisines {
                let items = byCuisine[cuisine]!.sorted { ($0.title.lowercased(), $0.file) < ($1.title.lowercased(), $1.file) }
                if cuisines.count > 1 || !cuisine.isEmpty {
                    out += "\n### \(cuisine.isEmpty ? "Other" : MarkdownText.inline(cuisine)) (\(items.count))\n"
                }
                out += "\n"
                for item in items { out += "- [\(MarkdownText.inline(item.title))](\(MarkdownText.destination(item.file)))\n" }
            }
        }
        return out
    }
}

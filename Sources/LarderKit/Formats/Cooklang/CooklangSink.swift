import Foundation
import LarderCore

/// `--format cooklang`: one `.cook` file per recipe, named by its title, with its picture
/// beside it under the same name (the Cooklang convention), into a folder or an archive.
public final class CooklangSink: RecipeSink {
    /// The sink's name in the report (`cooklang`).
    public let name = "cooklang"
    /// The folder or archive the `.cook` files go into.
    public let tree: OutputTree
    /// The library that stored images are read from; nil when recipes come from files, whose images stay addresses.
    public let imageSource: Library?
    private var names = RecipeFileNames()
    private let loss = FormatLoss(format: RecipeFormat.cooklang.title)

    /// Writes into `tree`, copying stored pictures out of `imageSource` when there is one.
    public init(tree: OutputTree, imageSource: Library?) {
        self.tree = tree
        self.imageSource = imageSource
    }

    /// The recipes whose ingredient lines come back in other words, each with its lines.
    private var changedWords: [String] = []

    /// What the format had no place for, said once for the run.
    public var runNotes: [String] { loss.notes + changedWords }

    /// Takes one recipe into the output being written; throws when it cannot (the recipe fails alone).
    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        let base = names.unique(for: recipe.title)
        if let image = recipe.images.first(where: { LocalImage.bytes(of: $0, library: imageSource) != nil }),
           let photo = LocalImage.bytes(of: image, library: imageSource) {
            try tree.write(photo, at: base + "." + ImageBytes.fileExtension(for: LocalImage.mediaType(of: image, bytes: photo)))
        }
        let text = CooklangWriter.text(for: recipe)
        try tree.write(Data(text.utf8), at: base + ".cook")
        loss.record(CooklangWriter.unheld(recipe, written: text))
        if let changed = CooklangWriter.changedWords(recipe, written: text) { changedWords.append(changed) }
        return .written
    }

    /// Writes the output whole and puts it in place, now that every recipe is in.
    public func finish(report: RunReport) throws {
        try tree.finish()
    }
}

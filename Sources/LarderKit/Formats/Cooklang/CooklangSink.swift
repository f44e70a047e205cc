import Foundation
import LarderCore

/// `--format cooklang`: one `.cook` file per recipe, named by its title, with its picture
/// beside it under the same name (the Cooklang convention), into a folder or an archive.
public final class CooklangSink: RecipeSink, ReadBackSink {
    public let name = "cooklang"
    private let files: RecordingTree
    /// The folder or archive the `.cook` files go into.
    public var tree: OutputTree { files }
    /// The library that stored images are read from; nil when recipes come from files, whose images stay addresses.
    public let imageSource: Library?
    private var names = RecipeFileNames()

    /// Writes into `tree`, copying stored pictures out of `imageSource` when there is one.
    public init(tree: OutputTree, imageSource: Library?) {
        files = RecordingTree(tree)
        self.imageSource = imageSource
    }

    /// Takes one recipe into the output being written; throws when it cannot (the recipe fails alone).
    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        files.startRecipe()
        let base = names.unique(for: recipe.title)
        if let image = recipe.images.first(where: { LocalImage.bytes(of: $0, library: imageSource) != nil }),
           let photo = LocalImage.bytes(of: image, library: imageSource) {
            try files.write(photo, at: base + "." + ImageBytes.fileExtension(for: LocalImage.mediaType(of: image, bytes: photo)))
        }
        try files.write(Data(CooklangWriter.text(for: recipe).utf8), at: base + ".cook")
        return .written
    }

    func takeWrittenFiles() -> [WrittenFile] {
        files.takeRecorded()
    }

    /// Writes the output whole and puts it in place, now that every recipe is in.
    public func finish(report: RunReport) throws {
        try files.finish()
    }
}

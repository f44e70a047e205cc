import Foundation
import LarderCore

/// `--format cooklang`: one `.cook` file per recipe, named by its title, with its picture
/// beside it under the same name (the Cooklang convention), into a folder or an archive.
public final class CooklangSink: RecipeSink, ReadBackSink {
    public let name = "cooklang"
    private let files: RecordingTree
    public var tree: OutputTree { files }
    public let imageSource: Library?
    private var names = RecipeFileNames()

    public init(tree: OutputTree, imageSource: Library?) {
        files = RecordingTree(tree)
        self.imageSource = imageSource
    }

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

    public func finish(report: RunReport) throws {
        try files.finish()
    }
}

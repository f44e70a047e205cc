import Foundation
import LarderCore

/// How an app lays out one recipe as files of its own (a `.cook` file and its picture; a
/// folder with `recipe.json` and `full.jpg`), under a name from the recipe's title.
public protocol RecipeFilesLayout {
    /// The format's name, as `--format` gives it.
    static var formatName: String { get }
    /// The files of `recipe`, as paths under `name` (unique in the output) and their bytes;
    /// `picture` gives the bytes of one of its images when they are at hand (a stored picture).
    static func files(for recipe: Recipe, named name: String, picture: (RecipeImage) -> Data?) throws -> [(path: String, bytes: Data)]
}

/// A sink that writes each recipe as the files its `Layout` says, named by its title, into a
/// folder or an archive, and hands what each recipe wrote to the read-back (`ReadBackSink`).
public final class RecipeFilesSink<Layout: RecipeFilesLayout>: RecipeSink, ReadBackSink {
    public var name: String { Layout.formatName }
    private let files: RecordingTree
    /// The folder or archive the files go into.
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
        let name = names.unique(for: recipe.title)
        for file in try Layout.files(for: recipe, named: name, picture: { LocalImage.bytes(of: $0, library: imageSource) }) {
            try files.write(file.bytes, at: file.path)
        }
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
